import {
  STATS_DAYS,
  type AccountSegments,
  type AccountStats,
  type AccountSync,
  type AdminAccount,
  type AdminAccountPage,
} from '@tutti/contract/account-admin';
import type { Device, PrivilegeName } from '@tutti/contract/accounts';
import { accountErasureDate } from '@tutti/contract/accounts';
import { lockLiveAdmins } from '../accounts/admins.ts';
import { ageOn, MIN_SOCIAL_AGE } from '@tutti/contract/common';
import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import { record } from '../../platform/audit/audit.ts';
import { ADMIN_PRIVILEGE, TESTER_PRIVILEGE } from '../../platform/auth-guard.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { billingCustomers } from '../../platform/schema.ts';
import type { SessionCache } from '../../platform/session-cache.ts';
import { listedPrivileges } from '../accounts/accounts.policy.ts';
import { presentDevice } from '../auth/auth.presenter.ts';
import type { AuthRepository } from '../auth/auth.repository.ts';
import type { AuditAction } from '@tutti/contract/audit';
import type { ExperimentAssignment } from '@tutti/contract/experiments';
import { ONLINE_WINDOW_MS } from '../me/me.policy.ts';
import { viaProvider } from '../subscriptions/payments/cards.service.ts';
import type { PaymentProvider } from '../subscriptions/payments/provider.ts';
import type { AccountsAdminRepository, AccountsQueryOut, AdminRow } from './accounts-admin.repository.ts';

export interface AccountsAdminDeps {
  db: Db;
  repo: AccountsAdminRepository;
  authRepo: Pick<AuthRepository, 'listLiveDevices'>;
  /** Signs every device of an account out (and tells the bus and the broker). */
  revokeSessions: (accountId: string) => Promise<void>;
  cache: SessionCache;
  config: Pick<AppConfig, 'adminEmails' | 'testerEmails'>;
  provider: PaymentProvider | null;
  experimentsOf: (accountId: string) => Promise<ExperimentAssignment[]>;
  now: () => Date;
}

const conflict = (code: 'OWN_ADMIN_PRIVILEGE' | 'LAST_ADMIN' | 'PRIVILEGE_LISTED', message: string) =>
  new AppError(409, code, message);

/** The accounts administration (issue 14): reads, and writes that each record themselves in the audit log. */
export function createAccountsAdminService(deps: AccountsAdminDeps) {
  const { db, repo, now } = deps;

  const present = ({ account, privileges, subscribed }: AdminRow): AdminAccount => ({
    id: account.id,
    email: account.email,
    username: account.username,
    displayedUsername: account.displayedUsername || account.username,
    locale: account.locale,
    birthdate: account.birthdate,
    createdAt: account.createdAt.toISOString(),
    validatedAt: account.validatedAt?.toISOString() ?? null,
    verified: account.verified,
    lastPingAt: account.lastPingAt?.toISOString() ?? null,
    privileges,
    listedPrivileges: listedPrivileges(account.email, deps.config.adminEmails, deps.config.testerEmails),
    subscribed,
    erasesAt: account.deletionRequestedAt ? accountErasureDate(account.deletionRequestedAt).toISOString() : null,
  });

  const found = async (tx: Db, accountId: string): Promise<AdminRow> => {
    const row = await repo.find(tx, accountId, now());
    if (!row) throw notFound('No such account.');
    return row;
  };

  /** One write: the change and its audit entry in one transaction; the cached session of the account forgotten. */
  async function write(
    actorId: string,
    accountId: string,
    change: (tx: Db, before: AdminRow, at: Date) => Promise<{ action: AuditAction; details: Record<string, unknown> }>,
  ): Promise<AdminAccount> {
    const at = now();
    const after = await db.transaction(async (tx) => {
      const before = await found(tx, accountId);
      const { action, details } = await change(tx, before, at);
      await record(tx, { actorId, action, targetId: accountId, details, at });
      return found(tx, accountId);
    });
    deps.cache.forgetAccount(accountId);
    return present(after);
  }

  return {
    async list(query: AccountsQueryOut): Promise<AdminAccountPage> {
      const { rows, total } = await repo.list(query, now());
      return { items: rows.map(present), page: query.p, size: query.size, total };
    },

    async get(accountId: string): Promise<AdminAccount> {
      return present(await found(db, accountId));
    },

    stats(): Promise<AccountStats> {
      const at = now();
      return repo.stats({ at, onlineSince: new Date(at.getTime() - ONLINE_WINDOW_MS), days: STATS_DAYS });
    },

    async segments(accountId: string): Promise<AccountSegments> {
      const { account, privileges, subscribed } = await found(db, accountId);
      const segments: AccountSegments['segments'] = [account.validatedAt ? 'validated' : 'unvalidated'];
      if (subscribed) segments.push('subscribed');
      if (account.birthdate && ageOn(account.birthdate, now()) < MIN_SOCIAL_AGE) segments.push('under13');
      if (account.audioClientSeenAt) segments.push('audioClientSeen');
      if (privileges.includes(ADMIN_PRIVILEGE)) segments.push('admin');
      if (privileges.includes(TESTER_PRIVILEGE)) segments.push('tester');
      segments.push(account.locale === 'fr' ? 'locale:fr' : 'locale:en');
      return { segments, experiments: await deps.experimentsOf(accountId) };
    },

    async devices(accountId: string): Promise<Device[]> {
      await found(db, accountId);
      // No device of the administrator's own is "current" here: the list is someone else's.
      return (await deps.authRepo.listLiveDevices(accountId)).map((row) => presentDevice(row, ''));
    },

    setPrivileges(actorId: string, accountId: string, wanted: PrivilegeName[]): Promise<AdminAccount> {
      return write(actorId, accountId, async (tx, before, at) => {
        const want = new Set<string>([...wanted, 'CORE_GUEST']);
        const held = await repo.heldPrivileges(tx, accountId);
        const removed = held.map((h) => h.privilege).filter((p) => !want.has(p));
        const added = [...want].filter((p) => !held.some((h) => h.privilege === p));
        if (removed.includes(ADMIN_PRIVILEGE)) {
          if (accountId === actorId) {
            throw conflict('OWN_ADMIN_PRIVILEGE', 'Another administrator has to remove your CORE_ADMIN.');
          }
          if ((await lockLiveAdmins(tx)).length <= 1) throw conflict('LAST_ADMIN', 'This is the last administrator.');
        }
        const listed: string[] = listedPrivileges(
          before.account.email,
          deps.config.adminEmails,
          deps.config.testerEmails,
        );
        if (removed.some((p) => listed.includes(p))) {
          throw conflict('PRIVILEGE_LISTED', 'The server address lists give this privilege; edit the list instead.');
        }
        await repo.removePrivileges(tx, accountId, removed);
        await repo.grantPrivileges(tx, accountId, added, actorId, at);
        return { action: 'account.privileges', details: { added, removed } };
      });
    },

    async setValid(actorId: string, accountId: string, state: boolean): Promise<AdminAccount> {
      const account = await write(actorId, accountId, async (tx, before, at) => {
        await repo.update(tx, accountId, { validatedAt: state ? (before.account.validatedAt ?? at) : null });
        return { action: 'account.valid', details: { state } };
      });
      // An account that is not validated cannot sign in: the sessions it has end too.
      if (!state) await deps.revokeSessions(accountId);
      return account;
    },

    setVerified(actorId: string, accountId: string, state: boolean): Promise<AdminAccount> {
      return write(actorId, accountId, async (tx) => {
        await repo.update(tx, accountId, { verified: state });
        return { action: 'account.verified', details: { state } };
      });
    },

    async setPassword(actorId: string, accountId: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      await write(actorId, accountId, async (tx) => {
        await repo.update(tx, accountId, { passwordHash });
        return { action: 'account.password', details: {} };
      });
      await deps.revokeSessions(accountId);
    },

    async sync(actorId: string, accountId: string): Promise<AccountSync> {
      const { account } = await found(db, accountId);
      const [customer] = await db
        .select({ id: billingCustomers.customerId })
        .from(billingCustomers)
        .where(eq(billingCustomers.accountId, accountId));
      let result: AccountSync = { customerId: null, email: null, cards: 0 };
      if (customer && deps.provider) {
        const provider = deps.provider;
        const updated = await viaProvider(() =>
          provider.updateCustomer(customer.id, { email: account.email, accountId }),
        );
        const { cards } = await viaProvider(() => provider.listCards(customer.id));
        result = { customerId: customer.id, email: updated.email, cards: cards.length };
      }
      await write(actorId, accountId, async () => ({ action: 'account.sync', details: { ...result } }));
      return result;
    },
  };
}

export type AccountsAdminService = ReturnType<typeof createAccountsAdminService>;

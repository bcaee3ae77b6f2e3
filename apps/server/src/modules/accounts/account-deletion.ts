import { ACCOUNT_DELETION_GRACE_MS, accountErasureDate, type AccountDeletion } from '@tutti/contract/accounts';
import { and, eq, gt, gte, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { record } from '../../platform/audit/audit.ts';
import { ADMIN_PRIVILEGE } from '../../platform/auth-guard.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { mailOutbox } from '../../platform/mail-outbox/mail-outbox.schema.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import {
  accountPrivileges,
  accounts,
  auditLog,
  billingCustomers,
  invoices,
  paymentEvents,
  sessions,
  subscriptions,
  type AccountRow,
} from '../../platform/schema.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { SessionCache } from '../../platform/session-cache.ts';
import { deleteQuietly, type Storage } from '../../platform/storage/storage.ts';
import type { PaymentProvider } from '../subscriptions/payments/provider.ts';
import { currentAt } from '../subscriptions/subscriptions.schema.ts';
import { deletionEmail, keptEmail } from './account-deletion.mail.ts';
import { asLocale } from './accounts.policy.ts';
import { lockLiveAdmins } from './admins.ts';

/** The job that erases accounts whose grace period is over (docs/privacy.md). */
export const ACCOUNT_ERASURE_JOB = 'account-erasure';
/** Erasures are due by the day: once an hour is soon enough. */
export const ACCOUNT_ERASURE_INTERVAL_MS = 3600_000;
/** Accounts erased per batch: each is a transaction of its own, and a call to the payment service. */
const BATCH = 20;

export interface AccountDeletionDeps {
  db: Db;
  cache: SessionCache;
  storage: Storage;
  mailer: Mailer;
  /** Signs every device of the account out (and tells the bus and the broker). */
  revokeSessions: (accountId: string) => Promise<void>;
  /** The payment service, whose customer goes with the account; null: none configured. */
  provider: () => Pick<PaymentProvider, 'deleteCustomer'> | null;
  jobs: Pick<Jobs, 'register'>;
  publicUrl: string;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  now: () => Date;
}

export interface Asker {
  accountId: string;
  admin: boolean;
}

const wrongPassword = () =>
  new AppError(400, 'WRONG_PASSWORD', 'Wrong password.', { fields: { password: 'wrong_password' } });

/**
 * Deleting an account (issue 14; docs/privacy.md): asked by the musician (with their password) or an administrator,
 * it hides the account and signs its devices out at once; the owner signing in again within the grace period undoes
 * their own deletion, never an administrator's (issue 33: refused as if already erased); after
 * that, the erasure job removes the account's row, with everything that hangs on it, and its pictures.
 */
export function registerAccountDeletion(deps: AccountDeletionDeps) {
  const { db, now } = deps;

  const send = async (account: AccountRow, content: { subject: string; text: string }, link?: string) => {
    try {
      await deps.mailer.send({ to: account.email, ...content, ...(link && { link }) });
    } catch (err) {
      deps.log.warn({ err }, 'accounts: deletion email not sent');
    }
  };

  /** One account's erasure, under its row lock; false when it is not due any more (it signed in meanwhile). */
  const eraseOne = async (accountId: string, cutoff: Date): Promise<boolean> => {
    const [customer] = await db
      .select({ id: billingCustomers.customerId })
      .from(billingCustomers)
      .where(eq(billingCustomers.accountId, accountId));
    const provider = deps.provider();
    // First, outside the transaction: if the payment service fails, nothing is erased and the next run tries again.
    if (customer && provider) await provider.deleteCustomer(customer.id);
    const at = now();
    const erased = await db.transaction(async (tx) => {
      const [account] = await tx
        .select()
        .from(accounts)
        .where(and(eq(accounts.id, accountId), lte(accounts.deletionRequestedAt, cutoff)))
        .for('update', { skipLocked: true });
      if (!account) return null;
      // The books keep the invoices, without saying whose they were; one still waiting is never collected.
      await tx
        .update(invoices)
        .set({ status: 'void', closedReason: 'account erased', nextAttemptAt: null })
        .where(and(eq(invoices.accountId, accountId), eq(invoices.status, 'open')));
      // What the audit log said about the account beyond its id (the email a sync wrote).
      await tx
        .update(auditLog)
        .set({ details: sql`${auditLog.details} - 'email'` })
        .where(eq(auditLog.targetId, accountId));
      // The payment service's events name the account, or only its customer (a card attached).
      const names = [accountId, ...(customer ? [customer.id] : [])].map(
        (name) => sql`${paymentEvents.payload} LIKE ${`%${name}%`}`,
      );
      await tx.delete(paymentEvents).where(and(isNotNull(paymentEvents.processedAt), or(...names)));
      // Emails for the account, sent or not (its renderer would find no one to send an unsent one to).
      await tx.delete(mailOutbox).where(sql`${mailOutbox.payload} ->> 'accountId' = ${accountId}`);
      // Everything else hangs on the row: removed with it (cascade), or kept without it (set null: messages for the
      // other member, invoices, sessions an administrator organized).
      await tx.delete(accounts).where(eq(accounts.id, accountId));
      await record(tx, { actorId: null, action: 'account.erase', targetId: accountId, at });
      return account;
    });
    if (!erased) return false;
    for (const key of [erased.profilePicture, erased.coverPicture]) {
      if (key) await deleteQuietly(deps.storage, key, deps.log);
    }
    deps.cache.forgetAccount(accountId);
    return true;
  };

  const service = {
    /** DELETE v1/accounts/{id}: the account itself (its password required), or an administrator. */
    async request(asker: Asker, accountId: string, password: string | undefined): Promise<AccountDeletion> {
      const self = asker.accountId === accountId;
      if (!self && !asker.admin) throw notFound('No such account.');
      const [target] = await db.select().from(accounts).where(eq(accounts.id, accountId));
      if (!target) throw notFound('No such account.');
      if (self && (!password || !(await verifyPassword(target.passwordHash, password)))) throw wrongPassword();
      const at = now();
      const requestedAt = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
        if (!row) throw notFound('No such account.');
        // Asked twice: the first date stands.
        if (row.deletionRequestedAt) return row.deletionRequestedAt;
        const [isAdmin] = await tx
          .select({ id: accountPrivileges.accountId })
          .from(accountPrivileges)
          .where(and(eq(accountPrivileges.accountId, accountId), eq(accountPrivileges.privilege, ADMIN_PRIVILEGE)));
        if (isAdmin && !(await lockLiveAdmins(tx)).some((id) => id !== accountId)) {
          throw new AppError(409, 'LAST_ADMIN', 'This is the last administrator.');
        }
        // Who asked decides whether the owner can undo it by signing in (only their own deletion).
        await tx
          .update(accounts)
          .set({ deletionRequestedAt: at, deletionBy: self ? 'self' : 'admin' })
          .where(eq(accounts.id, accountId));
        // No renewal during the grace period; signing in again restores what this canceled.
        await tx
          .update(subscriptions)
          .set({ cancelAtPeriodEnd: true, canceledAt: at })
          .where(
            and(eq(subscriptions.accountId, accountId), currentAt(at), eq(subscriptions.cancelAtPeriodEnd, false)),
          );
        // Sessions to come are cancelled: nobody should wait for an organizer who left. A live one goes on for the
        // others (it ends when its room empties).
        await tx
          .update(sessions)
          .set({ endedAt: at, cancelledAt: at })
          .where(and(eq(sessions.organizerId, accountId), isNull(sessions.endedAt), gt(sessions.startsAt, at)));
        if (!self) await record(tx, { actorId: asker.accountId, action: 'account.delete', targetId: accountId, at });
        return at;
      });
      deps.cache.forgetAccount(accountId);
      await deps.revokeSessions(accountId);
      const until = accountErasureDate(requestedAt);
      if (requestedAt === at) {
        await send(
          target,
          deletionEmail(asLocale(target.locale), target.username, until, `${deps.publicUrl}/users/login`),
        );
      }
      return { erasesAt: until.toISOString() };
    },

    /** A sign-in within the grace period of the owner's own deletion: the account is kept (recorded in the audit
     *  log), and the subscription the deletion stopped goes on. An administrator's deletion is never undone here. */
    async undo(account: AccountRow): Promise<void> {
      const requestedAt = account.deletionRequestedAt;
      if (!requestedAt || account.deletionBy === 'admin') return;
      const at = now();
      const kept = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(accounts)
          .set({ deletionRequestedAt: null, deletionBy: null })
          .where(
            and(
              eq(accounts.id, account.id),
              eq(accounts.deletionRequestedAt, requestedAt),
              eq(accounts.deletionBy, 'self'),
            ),
          )
          .returning({ id: accounts.id });
        if (!row) return false;
        await record(tx, { actorId: account.id, action: 'account.keep', targetId: account.id, at });
        await tx
          .update(subscriptions)
          .set({ cancelAtPeriodEnd: false, canceledAt: null })
          .where(
            and(
              eq(subscriptions.accountId, account.id),
              currentAt(at),
              eq(subscriptions.cancelAtPeriodEnd, true),
              gte(subscriptions.canceledAt, requestedAt),
            ),
          );
        return true;
      });
      if (!kept) return;
      deps.cache.forgetAccount(account.id);
      await send(account, keptEmail(asLocale(account.locale), account.username));
    },

    /** The job: erases the accounts whose grace period is over, a batch at a time. */
    async erase(stopping: () => boolean = () => false): Promise<number> {
      let erased = 0;
      const failed = new Set<string>();
      while (!stopping()) {
        const cutoff = new Date(now().getTime() - ACCOUNT_DELETION_GRACE_MS);
        const due = (
          await db
            .select({ id: accounts.id })
            .from(accounts)
            .where(lte(accounts.deletionRequestedAt, cutoff))
            .orderBy(accounts.deletionRequestedAt)
            .limit(BATCH + failed.size)
        )
          .map(({ id }) => id)
          .filter((id) => !failed.has(id));
        if (due.length === 0) break;
        for (const id of due) {
          try {
            if (await eraseOne(id, cutoff)) erased += 1;
            else failed.add(id);
          } catch (err) {
            // Kept for the next run (the payment service may be down).
            failed.add(id);
            deps.log.warn({ err, account: id }, 'accounts: erasure failed, kept for the next run');
          }
        }
      }
      if (erased > 0) deps.log.info({ erased }, 'accounts erased');
      return erased;
    },
  };
  deps.jobs.register(ACCOUNT_ERASURE_JOB, ACCOUNT_ERASURE_INTERVAL_MS, (stopping) => service.erase(stopping));
  return service;
}

export type AccountDeletionService = ReturnType<typeof registerAccountDeletion>;

import type { Agent, AuthTokens, Device } from '@tutti/contract/accounts';
import type { AppConfig } from '../../config.ts';
import type { AuthContext } from '../../platform/auth-guard.ts';
import type { DeviceRevocation } from '../../platform/pubsub.ts';
import type { AccountRow } from '../../platform/schema.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { dummyPasswordHash, verifyPassword } from '../../platform/passwords.ts';
import { hashToken, randomToken, type AccessTokens } from '../../platform/tokens.ts';
import { listedPrivileges, LISTED_PRIVILEGES } from '../accounts/accounts.policy.ts';
import { mayManageDevice, maySignIn } from './auth.policy.ts';
import { presentDevice, presentTokens } from './auth.presenter.ts';
import type { AuthRepository } from './auth.repository.ts';

/** How long an unused refresh token stays valid: a device unused for this long signs in again. */
export const REFRESH_TOKEN_TTL_MS = 60 * 24 * 3600 * 1000;

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'The email or the password is wrong.');
const invalidRefresh = () => new AppError(401, 'REFRESH_TOKEN_INVALID', 'Sign in again.');

export interface SignInInput {
  email: string;
  password: string;
  /** Null when the client sent no agent header: the sign-in is then a device of its own. */
  agent: Agent | null;
  userAgent: string;
}

export function createAuthService(deps: {
  repo: AuthRepository;
  tokens: AccessTokens;
  now: () => Date;
  config: Pick<AppConfig, 'adminEmails' | 'testerEmails' | 'maxDevicesPerAccount'>;
  /** After devices were revoked: their live connections (the bus) end too. */
  onRevoked?: (revocation: DeviceRevocation) => void;
  /** A sign-in within an asked deletion's grace period keeps the account (modules/accounts/account-deletion.ts). */
  keepAccount?: (account: AccountRow) => Promise<void>;
}) {
  const { repo, tokens, now, config } = deps;
  const revokeDevice = async (deviceId: string, at: Date): Promise<void> => {
    await repo.revokeDevice(deviceId, at);
    deps.onRevoked?.({ deviceId });
  };

  async function issueTokens(accountId: string, deviceId: string, at: Date): Promise<AuthTokens> {
    const refreshToken = randomToken();
    await repo.insertRefreshToken(deviceId, hashToken(refreshToken), new Date(at.getTime() + REFRESH_TOKEN_TTL_MS), at);
    const accessToken = await tokens.sign({ accountId, deviceId });
    return presentTokens({ accessToken, refreshToken, expiresIn: tokens.ttlSeconds, accountId });
  }

  return {
    async signIn(input: SignInInput): Promise<AuthTokens> {
      const account = await repo.findAccountByEmail(input.email);
      // Unknown emails still pay for a hash check, so timing does not reveal which addresses have an account.
      const passwordOk = await verifyPassword(account?.passwordHash ?? (await dummyPasswordHash()), input.password);
      if (!account || !passwordOk) throw invalidCredentials();
      // Deleted by an administrator: final for its owner, who gets the answer an erased account gets (issue 33).
      if (account.deletionRequestedAt && account.deletionBy === 'admin') throw invalidCredentials();
      if (!maySignIn(account)) {
        throw new AppError(401, 'ACCOUNT_NOT_CONFIRMED', 'Confirm your email address first.', {
          details: { accountId: account.id },
        });
      }
      if (account.deletionRequestedAt) await deps.keepAccount?.(account);
      const at = now();
      // The lists may have changed since the account was made: an address taken off ADMIN_EMAILS loses CORE_ADMIN
      // here, on every device at once (the guard reads privileges per request; the cache is told).
      const wanted = listedPrivileges(account.email, config.adminEmails, config.testerEmails);
      await repo.setManagedPrivileges(account.id, LISTED_PRIVILEGES, wanted, at);
      const device = await repo.replaceDevice({
        accountId: account.id,
        serial: input.agent?.serial ?? `anonymous-${randomToken(12)}`,
        app: input.agent?.app ?? 'unknown',
        userAgent: input.userAgent.slice(0, 500),
        at,
      });
      // A cap on live devices: the least recently used make room, signed out like any other revocation.
      const evicted = await repo.revokeDevicesBeyond(account.id, device.id, config.maxDevicesPerAccount, at);
      for (const deviceId of evicted) deps.onRevoked?.({ deviceId });
      return issueTokens(account.id, device.id, at);
    },

    async refresh(refreshToken: string): Promise<AuthTokens> {
      const at = now();
      const next = randomToken();
      const outcome = await repo.rotateRefreshToken(
        hashToken(refreshToken),
        { tokenHash: hashToken(next), expiresAt: new Date(at.getTime() + REFRESH_TOKEN_TTL_MS) },
        at,
      );
      if (outcome.kind === 'replayed') {
        // Two parties hold this device's chain (a stolen token): end the device for both.
        await revokeDevice(outcome.deviceId, at);
        throw invalidRefresh();
      }
      if (outcome.kind === 'invalid') throw invalidRefresh();
      const accessToken = await tokens.sign({ accountId: outcome.accountId, deviceId: outcome.deviceId });
      return presentTokens({
        accessToken,
        refreshToken: next,
        expiresIn: tokens.ttlSeconds,
        accountId: outcome.accountId,
      });
    },

    async signOut(auth: AuthContext): Promise<void> {
      await revokeDevice(auth.deviceId, now());
    },

    async listDevices(auth: AuthContext): Promise<Device[]> {
      const rows = await repo.listLiveDevices(auth.accountId);
      return rows.map((row) => presentDevice(row, auth.deviceId));
    },

    async deleteDevice(auth: AuthContext, deviceId: string): Promise<void> {
      const device = await repo.findLiveDevice(auth.accountId, deviceId);
      if (!mayManageDevice(device, auth.accountId)) throw notFound('No such device.');
      await revokeDevice(device.id, now());
    },

    /** At start: an address taken off ADMIN_EMAILS or TESTER_EMAILS (which takes a restart) loses its privilege
     *  at once, not only at its next sign-in; a refreshed token would otherwise keep it for months. */
    async revokeUnlistedPrivileges(): Promise<number> {
      let revoked = 0;
      for (const holder of await repo.listManagedHolders(LISTED_PRIVILEGES)) {
        const wanted: readonly string[] = listedPrivileges(holder.email, config.adminEmails, config.testerEmails);
        if (wanted.includes(holder.privilege)) continue;
        await repo.removePrivilege(holder.accountId, holder.privilege);
        revoked++;
      }
      return revoked;
    },

    /** Password changed or recovered: every other session ends (all of them when no device is kept). */
    async revokeSessions(accountId: string, keepDeviceId?: string): Promise<void> {
      await repo.revokeAccountDevices(accountId, now(), keepDeviceId);
      deps.onRevoked?.({ accountId, ...(keepDeviceId !== undefined && { exceptDeviceId: keepDeviceId }) });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

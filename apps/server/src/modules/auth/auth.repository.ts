import { and, asc, desc, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { SessionRecord } from '../../platform/auth-guard.ts';
import type { Db } from '../../platform/db.ts';
import type { SessionCache } from '../../platform/session-cache.ts';
import {
  accountPrivileges,
  accounts,
  devices,
  refreshTokens,
  type AccountRow,
  type DeviceRow,
} from '../../platform/schema.ts';

/** Privileges folded into the account row's query, so authenticating a request is a single round trip. */
export const privilegesOf = (accountId: typeof accounts.id) =>
  sql<
    string[]
  >`coalesce((select array_agg(ap.privilege order by ap.privilege) from account_privileges ap where ap.account_id = ${accountId}), '{}')`;

export type RefreshOutcome =
  { kind: 'valid'; deviceId: string; accountId: string } | { kind: 'replayed'; deviceId: string } | { kind: 'invalid' };

export function createAuthRepository(db: Db, cache: SessionCache) {
  const sessionQuery = db
    .select({ account: accounts, privileges: privilegesOf(accounts.id), deviceLastUsedAt: devices.lastUsedAt })
    .from(devices)
    .innerJoin(accounts, eq(devices.accountId, accounts.id))
    .where(
      and(
        eq(devices.id, sql.placeholder('deviceId')),
        eq(devices.accountId, sql.placeholder('accountId')),
        isNull(devices.revokedAt),
      ),
    )
    .prepare('auth_load_session');

  return {
    async loadSession(accountId: string, deviceId: string): Promise<SessionRecord | null> {
      const cached = cache.get(accountId, deviceId);
      if (cached) return cached;
      const epoch = cache.epoch();
      const [row] = await sessionQuery.execute({ accountId, deviceId });
      if (row) cache.set(accountId, deviceId, row, epoch);
      return row ?? null;
    },

    async touchDevice(deviceId: string, at: Date): Promise<void> {
      // The cache first: requests arriving while the write runs must not each start another one.
      cache.touchDevice(deviceId, at);
      await db.update(devices).set({ lastUsedAt: at }).where(eq(devices.id, deviceId));
    },

    async findAccountByEmail(email: string): Promise<AccountRow | null> {
      const [row] = await db
        .select()
        .from(accounts)
        .where(sql`lower(${accounts.email}) = ${email.trim().toLowerCase()}`);
      return row ?? null;
    },

    /** A second sign-in from the same serial replaces the device: its old tokens stop working, the new ones start
     *  clean even if the previous row had been revoked. */
    async replaceDevice(input: { accountId: string; serial: string; app: string; userAgent: string; at: Date }) {
      const device = await db.transaction(async (tx) => {
        await tx.delete(devices).where(and(eq(devices.accountId, input.accountId), eq(devices.serial, input.serial)));
        const [row] = await tx
          .insert(devices)
          .values({ ...input, createdAt: input.at, lastUsedAt: input.at })
          .returning();
        return row as DeviceRow;
      });
      cache.forgetAccount(input.accountId);
      return device;
    },

    async insertRefreshToken(deviceId: string, tokenHash: string, expiresAt: Date, at: Date): Promise<void> {
      await db.insert(refreshTokens).values({ deviceId, tokenHash, expiresAt, createdAt: at });
    },

    /** Marks the token used and stores its successor atomically; a token already used is a replay. */
    async rotateRefreshToken(
      tokenHash: string,
      next: { tokenHash: string; expiresAt: Date },
      at: Date,
    ): Promise<RefreshOutcome> {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({
            id: refreshTokens.id,
            usedAt: refreshTokens.usedAt,
            expiresAt: refreshTokens.expiresAt,
            deviceId: devices.id,
            accountId: devices.accountId,
            revokedAt: devices.revokedAt,
          })
          .from(refreshTokens)
          .innerJoin(devices, eq(refreshTokens.deviceId, devices.id))
          .where(eq(refreshTokens.tokenHash, tokenHash));
        if (!found || found.revokedAt) return { kind: 'invalid' };
        if (found.usedAt) return { kind: 'replayed', deviceId: found.deviceId };
        if (found.expiresAt.getTime() <= at.getTime()) return { kind: 'invalid' };
        // The used_at guard makes two concurrent rotations of one token count as a replay, never as two successes.
        const claimed = await tx
          .update(refreshTokens)
          .set({ usedAt: at })
          .where(and(eq(refreshTokens.id, found.id), isNull(refreshTokens.usedAt)))
          .returning({ id: refreshTokens.id });
        if (claimed.length === 0) return { kind: 'replayed', deviceId: found.deviceId };
        await tx.insert(refreshTokens).values({ deviceId: found.deviceId, ...next, createdAt: at });
        await tx.update(devices).set({ lastUsedAt: at }).where(eq(devices.id, found.deviceId));
        return { kind: 'valid', deviceId: found.deviceId, accountId: found.accountId };
      });
    },

    /** Revoked devices keep their row (history) but lose every refresh token; access tokens die at the guard. */
    async revokeDevice(deviceId: string, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(devices)
          .set({ revokedAt: at })
          .where(and(eq(devices.id, deviceId), isNull(devices.revokedAt)));
        await tx.delete(refreshTokens).where(eq(refreshTokens.deviceId, deviceId));
      });
      cache.forgetDevice(deviceId);
    },

    async revokeAccountDevices(accountId: string, at: Date, exceptDeviceId?: string): Promise<void> {
      await db.transaction(async (tx) => {
        const scope = and(
          eq(devices.accountId, accountId),
          isNull(devices.revokedAt),
          exceptDeviceId ? ne(devices.id, exceptDeviceId) : undefined,
        );
        const revoked = await tx.update(devices).set({ revokedAt: at }).where(scope).returning({ id: devices.id });
        for (const { id } of revoked) await tx.delete(refreshTokens).where(eq(refreshTokens.deviceId, id));
      });
      cache.forgetAccount(accountId);
    },

    /** Makes the account hold exactly `wanted` among `managed`; the guard sees the change at its next request. */
    async setManagedPrivileges(accountId: string, managed: readonly string[], wanted: readonly string[], at: Date) {
      const changed = await db.transaction(async (tx) => {
        const removed = await tx
          .delete(accountPrivileges)
          .where(
            and(
              eq(accountPrivileges.accountId, accountId),
              inArray(accountPrivileges.privilege, [...managed]),
              // What an administrator granted stays: the lists only take back what they gave.
              isNull(accountPrivileges.grantedBy),
              wanted.length > 0 ? notInArray(accountPrivileges.privilege, [...wanted]) : undefined,
            ),
          )
          .returning({ privilege: accountPrivileges.privilege });
        const added =
          wanted.length === 0
            ? []
            : await tx
                .insert(accountPrivileges)
                .values(wanted.map((privilege) => ({ accountId, privilege, grantedAt: at })))
                .onConflictDoNothing()
                .returning({ privilege: accountPrivileges.privilege });
        return removed.length + added.length > 0;
      });
      if (changed) cache.forgetAccount(accountId);
      return changed;
    },

    /** Every holder of one of `managed`, with its address (a handful of operators and testers). */
    async listManagedHolders(managed: readonly string[]) {
      return db
        .select({ accountId: accounts.id, email: accounts.email, privilege: accountPrivileges.privilege })
        .from(accountPrivileges)
        .innerJoin(accounts, eq(accountPrivileges.accountId, accounts.id))
        .where(and(inArray(accountPrivileges.privilege, [...managed]), isNull(accountPrivileges.grantedBy)));
    },

    async removePrivilege(accountId: string, privilege: string): Promise<void> {
      await db
        .delete(accountPrivileges)
        .where(and(eq(accountPrivileges.accountId, accountId), eq(accountPrivileges.privilege, privilege)));
      cache.forgetAccount(accountId);
    },

    /** Revokes the least recently used live devices of the account beyond `max` (the kept one counting as one);
     *  returns their ids. */
    async revokeDevicesBeyond(accountId: string, keepDeviceId: string, max: number, at: Date): Promise<string[]> {
      const others = await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.accountId, accountId), isNull(devices.revokedAt), ne(devices.id, keepDeviceId)))
        .orderBy(desc(devices.lastUsedAt), desc(devices.createdAt));
      const extra = others.slice(Math.max(0, max - 1)).map((d) => d.id);
      if (extra.length === 0) return [];
      await db.transaction(async (tx) => {
        await tx
          .update(devices)
          .set({ revokedAt: at })
          .where(and(inArray(devices.id, extra), isNull(devices.revokedAt)));
        await tx.delete(refreshTokens).where(inArray(refreshTokens.deviceId, extra));
      });
      for (const id of extra) cache.forgetDevice(id);
      return extra;
    },

    async listLiveDevices(accountId: string): Promise<DeviceRow[]> {
      return db
        .select()
        .from(devices)
        .where(and(eq(devices.accountId, accountId), isNull(devices.revokedAt)))
        .orderBy(desc(devices.lastUsedAt), asc(devices.createdAt));
    },

    async findLiveDevice(accountId: string, deviceId: string): Promise<DeviceRow | null> {
      const [row] = await db
        .select()
        .from(devices)
        .where(and(eq(devices.id, deviceId), eq(devices.accountId, accountId), isNull(devices.revokedAt)));
      return row ?? null;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { SessionCache } from '../../platform/session-cache.ts';
import { accounts, nalsVersions, type NalsVersionRow } from '../../platform/schema.ts';

export function createNalsRepository(db: Db, cache: SessionCache) {
  return {
    listVersions: (): Promise<NalsVersionRow[]> => db.select().from(nalsVersions),

    async findVersion(version: string): Promise<NalsVersionRow | null> {
      const [row] = await db.select().from(nalsVersions).where(eq(nalsVersions.version, version));
      return row ?? null;
    },

    async enabledVersion(): Promise<NalsVersionRow | null> {
      const [row] = await db.select().from(nalsVersions).where(eq(nalsVersions.enabled, true));
      return row ?? null;
    },

    /** Enables one release and disables the others in one transaction. Every row is locked first, so two admins
     *  enabling at once run one after the other instead of both passing the one-enabled index check. Null when the
     *  id is unknown (nothing changes then). */
    async enableVersion(id: string): Promise<NalsVersionRow | null> {
      return db.transaction(async (tx) => {
        const rows = await tx.select({ id: nalsVersions.id }).from(nalsVersions).for('update');
        if (!rows.some((r) => r.id === id)) return null;
        await tx.update(nalsVersions).set({ enabled: false }).where(eq(nalsVersions.enabled, true));
        const [row] = await tx.update(nalsVersions).set({ enabled: true }).where(eq(nalsVersions.id, id)).returning();
        return row ?? null;
      });
    },

    async markAppDownloaded(accountId: string, at: Date): Promise<void> {
      await db.update(accounts).set({ appDownloadedAt: at }).where(eq(accounts.id, accountId));
      cache.forgetAccount(accountId);
    },

    /** The account an audio client's token belongs to (unique index), or null for an unknown or rotated token. */
    async accountIdByNalsToken(token: string): Promise<string | null> {
      const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.nalsToken, token));
      return row?.id ?? null;
    },

    /** The first sign-in of an audio client with this account's token; later ones change nothing. */
    async markAudioClientSeen(accountId: string): Promise<void> {
      const changed = await db
        .update(accounts)
        .set({ audioClientSeenAt: sql`now()` })
        .where(and(eq(accounts.id, accountId), isNull(accounts.audioClientSeenAt)))
        .returning({ id: accounts.id });
      // The guard's cached account (GET v1/me) must show it at once.
      if (changed.length > 0) cache.forgetAccount(accountId);
    },

    async nalsTokenOf(accountId: string): Promise<string | null> {
      const [row] = await db.select({ token: accounts.nalsToken }).from(accounts).where(eq(accounts.id, accountId));
      return row?.token ?? null;
    },
  };
}

export type NalsRepository = ReturnType<typeof createNalsRepository>;

import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import type { SessionCache } from '../../platform/session-cache.ts';
import { accounts, type AccountRow } from '../../platform/schema.ts';

export type AccountPatch = Partial<
  Pick<
    AccountRow,
    | 'birthdate'
    | 'locale'
    | 'username'
    | 'displayedUsername'
    | 'newsOptIn'
    | 'messageEmails'
    | 'publicProfile'
    | 'passwordHash'
    | 'nalsToken'
  >
>;

export function createMeRepository(db: Db, cache: SessionCache) {
  return {
    /** Reads and clears the pending hint under a row lock, so two tabs never both get it. */
    async takeAppStartHint(accountId: string): Promise<string> {
      const hint = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ hint: accounts.appStartHint })
          .from(accounts)
          .where(eq(accounts.id, accountId))
          .for('update');
        if (!row?.hint) return '';
        await tx.update(accounts).set({ appStartHint: null }).where(eq(accounts.id, accountId));
        return row.hint;
      });
      if (hint) cache.forgetAccount(accountId);
      return hint;
    },

    /** The cached account row keeps its older ping time: nothing reads it from there, and pings are frequent. */
    async ping(accountId: string, at: Date): Promise<void> {
      await db.update(accounts).set({ lastPingAt: at }).where(eq(accounts.id, accountId));
    },

    async countOnlineSince(since: Date): Promise<number> {
      const [row] = await db.select({ n: count() }).from(accounts).where(gt(accounts.lastPingAt, since));
      return Number(row?.n ?? 0);
    },

    async usernameTakenByOther(username: string, accountId: string): Promise<boolean> {
      const rows = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(sql`lower(${accounts.username}) = ${username.trim().toLowerCase()}`, ne(accounts.id, accountId)))
        .limit(1);
      return rows.length > 0;
    },

    async update(accountId: string, patch: AccountPatch): Promise<AccountRow> {
      const [row] = await db.update(accounts).set(patch).where(eq(accounts.id, accountId)).returning();
      cache.forgetAccount(accountId);
      // Deleted between the guard and this update.
      if (!row) throw notFound('No such account.');
      return row;
    },
  };
}

export type MeRepository = ReturnType<typeof createMeRepository>;

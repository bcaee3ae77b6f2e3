import type { AccountSort, AccountsQuery, AccountStats } from '@tutti/contract/account-admin';
import { CURRENT_STATUSES } from '@tutti/contract/subscriptions';
import type { z } from 'zod';
import type { AccountsQuerySchema } from '@tutti/contract/account-admin';
import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db.ts';
import { accounts, accountPrivileges, subscriptions, type AccountRow } from '../../platform/schema.ts';
import { accountSearch } from '../accounts/account-search.ts';
import { privilegesOf } from '../auth/auth.repository.ts';
import { currentAt } from '../subscriptions/subscriptions.schema.ts';

export type AccountsQueryOut = z.output<typeof AccountsQuerySchema>;
export interface AdminRow {
  account: AccountRow;
  privileges: string[];
  subscribed: boolean;
}

/** An account with what the administration shows beside it: its privileges, and whether it is subscribed now. */
export const adminColumns = (at: Date) => ({
  account: accounts,
  privileges: privilegesOf(accounts.id),
  // Written out: drizzle leaves a selected column unqualified, and subscriptions has an "id" of its own.
  subscribed: sql<boolean>`exists (select 1 from subscriptions s where s.account_id = "accounts"."id"
    and s.status in (${sql.join(
      CURRENT_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )}) and s.current_period_end > ${at.toISOString()}::timestamptz)`,
});

const SORT_COLUMNS: Record<AccountSort, AnyPgColumn> = {
  createdAt: accounts.createdAt,
  username: accounts.username,
  email: accounts.email,
  lastPingAt: accounts.lastPingAt,
};

export function createAccountsAdminRepository(db: Db) {
  return {
    async list(query: AccountsQueryOut, at: Date): Promise<{ rows: AdminRow[]; total: number }> {
      const where = accountSearch(query.q);
      const column = SORT_COLUMNS[query.sort];
      const order = query.order === 'asc' ? asc(column) : desc(column);
      const [rows, [total]] = await Promise.all([
        db
          .select(adminColumns(at))
          .from(accounts)
          .where(where)
          // Nulls (never pinged) last either way; the id breaks ties so pages never overlap.
          .orderBy(sql`${column} is null`, order, asc(accounts.id))
          .limit(query.size)
          .offset((query.p - 1) * query.size),
        db.select({ n: count() }).from(accounts).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async find(tx: Db, accountId: string, at: Date): Promise<AdminRow | null> {
      const [row] = await tx.select(adminColumns(at)).from(accounts).where(eq(accounts.id, accountId));
      return row ?? null;
    },

    /** One pass over accounts for the counts, one over the last days' sign-ups (days without any filled in as 0). */
    async stats(input: { at: Date; onlineSince: Date; days: number }): Promise<AccountStats> {
      const today = input.at.toISOString().slice(0, 10);
      const [counts] = await db
        .select({
          total: count(),
          validated: sql<number>`count(*) filter (where ${accounts.validatedAt} is not null)`.mapWith(Number),
          onlineNow: sql<number>`count(*) filter (where ${accounts.lastPingAt} >= ${input.onlineSince})`.mapWith(
            Number,
          ),
          under13:
            sql<number>`count(*) filter (where ${accounts.birthdate} > (${today}::date - interval '13 years'))`.mapWith(
              Number,
            ),
        })
        .from(accounts);
      const [subscribed] = await db
        .select({ n: sql<number>`count(distinct ${subscriptions.accountId})`.mapWith(Number) })
        .from(subscriptions)
        .where(currentAt(input.at));
      const first = new Date(`${today}T00:00:00.000Z`);
      first.setUTCDate(first.getUTCDate() - (input.days - 1));
      const day = sql<string>`to_char((${accounts.createdAt} at time zone 'UTC')::date, 'YYYY-MM-DD')`;
      const perDay = await db
        .select({ day, n: count() })
        .from(accounts)
        .where(gte(accounts.createdAt, first))
        .groupBy(day);
      const byDay = new Map(perDay.map((r) => [r.day, r.n]));
      const signUpsPerDay = Array.from({ length: input.days }, (_, i) => {
        const d = new Date(first.getTime() + i * 86_400_000).toISOString().slice(0, 10);
        return { day: d, count: byDay.get(d) ?? 0 };
      });
      return {
        total: counts?.total ?? 0,
        validated: counts?.validated ?? 0,
        onlineNow: counts?.onlineNow ?? 0,
        subscribed: subscribed?.n ?? 0,
        under13: counts?.under13 ?? 0,
        signUpsPerDay,
      };
    },

    async heldPrivileges(tx: Db, accountId: string) {
      return tx
        .select({ privilege: accountPrivileges.privilege, grantedBy: accountPrivileges.grantedBy })
        .from(accountPrivileges)
        .where(eq(accountPrivileges.accountId, accountId));
    },

    async removePrivileges(tx: Db, accountId: string, privileges: string[]) {
      for (const privilege of privileges) {
        await tx
          .delete(accountPrivileges)
          .where(and(eq(accountPrivileges.accountId, accountId), eq(accountPrivileges.privilege, privilege)));
      }
    },

    async grantPrivileges(tx: Db, accountId: string, privileges: string[], by: string, at: Date) {
      if (privileges.length === 0) return;
      await tx
        .insert(accountPrivileges)
        .values(privileges.map((privilege) => ({ accountId, privilege, grantedBy: by, grantedAt: at })))
        .onConflictDoNothing();
    },

    async update(tx: Db, accountId: string, values: Partial<typeof accounts.$inferInsert>) {
      const [row] = await tx
        .update(accounts)
        .set(values)
        .where(eq(accounts.id, accountId))
        .returning({ id: accounts.id });
      return row ?? null;
    },
  };
}

export type AccountsAdminRepository = ReturnType<typeof createAccountsAdminRepository>;
export type { AccountsQuery };

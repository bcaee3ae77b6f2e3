import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { selfchecks, type SelfcheckRow } from '../../platform/schema.ts';

export function createSessionsRepository(db: Db) {
  return {
    async insertSelfcheck(input: { accountId: string; roomId: string; at: Date }): Promise<SelfcheckRow> {
      const [row] = await db
        .insert(selfchecks)
        .values({ accountId: input.accountId, roomId: input.roomId, createdAt: input.at })
        .returning();
      return row as SelfcheckRow;
    },

    openSelfchecksOf: (accountId: string): Promise<SelfcheckRow[]> =>
      db
        .select()
        .from(selfchecks)
        .where(and(eq(selfchecks.accountId, accountId), isNull(selfchecks.closedAt))),

    /** The self-check when it belongs to that account; someone else's is as unknown as a missing one. */
    async findOwnSelfcheck(id: string, accountId: string): Promise<SelfcheckRow | null> {
      const [row] = await db
        .select()
        .from(selfchecks)
        .where(and(eq(selfchecks.id, id), eq(selfchecks.accountId, accountId)));
      return row ?? null;
    },

    /** True only for the call that closed it: two concurrent closes close the room once. */
    async markClosed(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(selfchecks)
        .set({ closedAt: at })
        .where(and(eq(selfchecks.id, id), isNull(selfchecks.closedAt)))
        .returning({ id: selfchecks.id });
      return rows.length > 0;
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

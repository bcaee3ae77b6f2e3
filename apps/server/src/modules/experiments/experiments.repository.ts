import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { abAssignments, abTests, type AbTestRow, type StoredVariant } from './experiments.schema.ts';

export interface VariantCounts {
  testId: string;
  variant: string;
  assignments: number;
  exposures: number;
}

export function createExperimentsRepository(db: Db) {
  return {
    list: (): Promise<AbTestRow[]> => db.select().from(abTests).orderBy(abTests.createdAt, abTests.key),

    running: (): Promise<AbTestRow[]> =>
      db.select().from(abTests).where(eq(abTests.status, 'running')).orderBy(abTests.key),

    async findByKey(key: string): Promise<AbTestRow | null> {
      const [row] = await db.select().from(abTests).where(eq(abTests.key, key));
      return row ?? null;
    },

    async counts(): Promise<VariantCounts[]> {
      const rows = await db
        .select({
          testId: abAssignments.testId,
          variant: abAssignments.variant,
          assignments: count(),
          exposures: count(abAssignments.exposedAt),
        })
        .from(abAssignments)
        .groupBy(abAssignments.testId, abAssignments.variant);
      return rows.map((r) => ({ ...r, assignments: Number(r.assignments), exposures: Number(r.exposures) }));
    },

    /** The new test, or null when its key is taken (the unique index decides, races included). */
    async insert(tx: Db, test: { key: string; status: 'running' | 'stopped'; variants: StoredVariant[]; at: Date }) {
      const [row] = await tx
        .insert(abTests)
        .values({ key: test.key, status: test.status, variants: test.variants, createdAt: test.at })
        .onConflictDoNothing({ target: abTests.key })
        .returning();
      return row ?? null;
    },

    async remove(tx: Db, id: string): Promise<AbTestRow | null> {
      const [row] = await tx.delete(abTests).where(eq(abTests.id, id)).returning();
      return row ?? null;
    },

    /** Records the variants given to an account; a row that exists keeps its first assignment. */
    async assign(accountId: string, given: { testId: string; variant: string }[], at: Date): Promise<void> {
      if (given.length === 0) return;
      await db
        .insert(abAssignments)
        .values(given.map((g) => ({ testId: g.testId, accountId, variant: g.variant, assignedAt: at })))
        .onConflictDoNothing();
    },

    /** Marks the first exposure; true only for the call that marked it (a repeat counts once). */
    async expose(testId: string, accountId: string, variant: string, at: Date): Promise<boolean> {
      const rows = await db
        .insert(abAssignments)
        .values({ testId, accountId, variant, assignedAt: at, exposedAt: at })
        .onConflictDoUpdate({
          target: [abAssignments.testId, abAssignments.accountId],
          set: { exposedAt: at },
          setWhere: sql`${abAssignments.exposedAt} is null`,
        })
        .returning({ exposedAt: abAssignments.exposedAt });
      return rows.length > 0;
    },

    /** The exposed variants of an account (for the administration's segments). */
    exposedOf: (accountId: string) =>
      db
        .select({ test: abTests.key, variant: abAssignments.variant })
        .from(abAssignments)
        .innerJoin(abTests, eq(abTests.id, abAssignments.testId))
        .where(and(eq(abAssignments.accountId, accountId), isNotNull(abAssignments.exposedAt))),
  };
}

export type ExperimentsRepository = ReturnType<typeof createExperimentsRepository>;

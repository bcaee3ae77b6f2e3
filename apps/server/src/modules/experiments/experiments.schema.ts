import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../../platform/schema-columns.ts';
import { accounts } from '../accounts/accounts.schema.ts';

// A/B tests (docs/decisions/0038-ab-tests.md): the tests, and per account the variant it was given and when the web
// showed it. The variant is computed (GrowthBook hashing of the account id and the key), the rows only count.

export interface StoredVariant {
  key: string;
  /** Relative whole number. */
  weight: number;
}

export const abTests = pgTable(
  'ab_tests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    status: text('status').$type<'running' | 'stopped'>().notNull(),
    variants: jsonb('variants').$type<StoredVariant[]>().notNull(),
    /** GrowthBook's hashing version the assignment uses (2); kept with the test so that it never changes under it. */
    hashVersion: integer('hash_version').notNull().default(2),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ab_tests_key_key').on(t.key)],
);

export const abAssignments = pgTable(
  'ab_assignments',
  {
    testId: uuid('test_id')
      .notNull()
      .references(() => abTests.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    variant: text('variant').notNull(),
    assignedAt: instant('assigned_at').notNull(),
    /** First time the web showed this account its variant; null: not yet. */
    exposedAt: instant('exposed_at'),
  },
  (t) => [primaryKey({ columns: [t.testId, t.accountId] }), index('ab_assignments_account_idx').on(t.accountId)],
);

export type AbTestRow = typeof abTests.$inferSelect;

import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../../platform/schema-columns.ts';
import { accounts } from '../accounts/accounts.schema.ts';

// Subscriptions: filled by the subscriptions issue; sessions only read whether one is active.

export const SUBSCRIPTION_STATUS = ['trialing', 'active', 'canceled', 'expired'] as const;

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SUBSCRIPTION_STATUS }).notNull(),
    /** Active (or trialing) until this instant. */
    currentPeriodEnd: instant('current_period_end').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('subscriptions_account_idx').on(t.accountId)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;

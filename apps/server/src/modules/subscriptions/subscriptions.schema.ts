import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { instant } from '../../platform/schema-columns.ts';
import { accounts } from '../accounts/accounts.schema.ts';

/** What musicians subscribe to (SPEC section 3, Subscription product): names in both languages, a monthly price in
 *  integer cents of EUR, an optional trial. */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nameEn: text('name_en').notNull(),
    nameFr: text('name_fr').notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionFr: text('description_fr').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    free: boolean('free').notNull().default(false),
    trialLength: integer('trial_length'),
    trialUnit: text('trial_unit', { enum: ['day', 'month'] }),
    enabled: boolean('enabled').notNull().default(false),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('products_price_check', sql`${t.priceCents} >= 0`),
    // A trial has both its length and its unit, or neither.
    check('products_trial_check', sql`(${t.trialLength} is null) = (${t.trialUnit} is null)`),
    index('products_created_idx').on(t.createdAt),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;

export const SUBSCRIPTION_STATUS = ['trialing', 'active', 'canceled', 'expired'] as const;

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The product subscribed to: a product someone subscribed to cannot be deleted (disable it instead). */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'restrict' }),
    status: text('status', { enum: SUBSCRIPTION_STATUS }).notNull(),
    /** Active (or trialing) until this instant. */
    currentPeriodEnd: instant('current_period_end').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('subscriptions_account_idx').on(t.accountId), index('subscriptions_product_idx').on(t.productId)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;

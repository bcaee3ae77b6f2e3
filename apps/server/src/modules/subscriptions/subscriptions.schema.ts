import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CANCELLATION_REASONS,
  CURRENT_STATUSES,
  SUBSCRIPTION_SOURCES,
  SUBSCRIPTION_STATUSES,
} from '@tutti/contract/subscriptions';
import { and, gt, inArray, sql } from 'drizzle-orm';
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

/**
 * Tutti's billing ledger (docs/decisions: the payment service only saves cards and charges them): one row per
 * subscription, with Stripe's status names. Current: trialing, active or past_due with a period not over.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The product subscribed to: a product someone subscribed to cannot be deleted (disable it instead). */
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    source: text('source', { enum: SUBSCRIPTION_SOURCES }).notNull().default('card'),
    /** While trialing: when the trial ends. Set once: a subscription that had a trial keeps it (no second trial). */
    trialEnd: instant('trial_end'),
    currentPeriodStart: instant('current_period_start').notNull().defaultNow(),
    /** Active (or trialing) until this instant. */
    currentPeriodEnd: instant('current_period_end').notNull(),
    /** Ends at currentPeriodEnd instead of renewing. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When the musician cancelled (restoring clears it), and why if they said. */
    canceledAt: instant('canceled_at'),
    cancellationReason: text('cancellation_reason', { enum: CANCELLATION_REASONS }),
    cancellationText: text('cancellation_text'),
    /** Paid periods count from here (the end of the trial, or the first payment): calendar months, see
     *  billing-calendar.ts. Null for a promo code's subscription, which nothing renews. */
    billingAnchor: instant('billing_anchor'),
    /** The "trial ends in 3 days" email went out. */
    trialReminderSentAt: instant('trial_reminder_sent_at'),
    /** When it became canceled (ended), by the renewal job or an expired first payment. */
    endedAt: instant('ended_at'),
    /** The page's idempotency key of the subscribe that made it (null: none sent, a promo code's): the same key sent
     *  again finds this subscription and its invoice, and replays the same charge (docs/decisions/0031). */
    requestKey: uuid('request_key'),
    /** What that subscribe asked for (product and card), hashed: the same key with another request is refused. */
    requestHash: text('request_hash'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_account_idx').on(t.accountId),
    uniqueIndex('subscriptions_request_key_idx').on(t.accountId, t.requestKey),
    index('subscriptions_product_idx').on(t.productId),
    // The renewal job's scan: running subscriptions by the end of their period.
    index('subscriptions_due_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} in ('trialing', 'active', 'incomplete')`),
  ],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Current at `at` (it lifts the free-minutes limit): one of CURRENT_STATUSES, its period not over. In SQL... */
export const currentAt = (at: Date) =>
  and(inArray(subscriptions.status, [...CURRENT_STATUSES]), gt(subscriptions.currentPeriodEnd, at));
/** ... and for a row already read. */
export const isCurrentAt = (row: Pick<SubscriptionRow, 'status' | 'currentPeriodEnd'>, at: Date): boolean =>
  (CURRENT_STATUSES as readonly string[]).includes(row.status) && row.currentPeriodEnd > at;

/** Promo codes (the spec's product tokens): `months` of a product, single or multi-use, with an expiry. */
export const productTokens = pgTable(
  'product_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    months: integer('months').notNull(),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    expiresAt: instant('expires_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [check('product_tokens_uses_check', sql`${t.uses} <= ${t.maxUses}`)],
);

export type ProductTokenRow = typeof productTokens.$inferSelect;

/** Who used which code: an account uses a code once. */
export const productTokenClaims = pgTable(
  'product_token_claims',
  {
    tokenId: uuid('token_id')
      .notNull()
      .references(() => productTokens.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    claimedAt: instant('claimed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.accountId] })],
);

/**
 * What was seeded once on this database (modules/subscriptions/default-offer.ts): the default offer is made at most
 * once, on a database that never had a product, whatever instance starts first and whatever administrators do after.
 */
export const offerSeeds = pgTable('offer_seeds', {
  name: text('name').primaryKey(),
  seededAt: instant('seeded_at').notNull().defaultNow(),
});

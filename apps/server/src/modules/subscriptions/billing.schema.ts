import { INVOICE_STATUSES } from '@tutti/contract/payments';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgSequence, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../../platform/schema-columns.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import type { InvoiceIssuer } from './invoice-tax.ts';
import { subscriptions } from './subscriptions.schema.ts';

/** The payment service's customer of each account (created when the first card is saved). */
export const billingCustomers = pgTable('billing_customers', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull().unique(),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/** Invoice numbers follow each other without gaps a reader would notice: TUTTI-<year>-<sequence>. */
export const invoiceNumbers = pgSequence('invoice_numbers', { startWith: 1 });

/**
 * The ledger's invoices, with Stripe's statuses (SPEC section 4: paid, open = waiting, uncollectible = error,
 * void = canceled). One per subscription and period: the unique index is what makes a period charged once, however
 * many instances run the renewal job. Each charge attempt uses the idempotency key `invoice:<id>:<attempt>`.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    /** Both null once the account is erased: the books keep the invoice (number, amounts, dates), nothing says whose
     *  it was (docs/privacy.md). */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    /** The product's names when invoiced: the PDF says what was sold, whatever the product became. */
    productNameEn: text('product_name_en').notNull(),
    productNameFr: text('product_name_fr').notNull(),
    /** VAT included (prices are entered as consumers see them). */
    amountCents: integer('amount_cents').notNull(),
    /** Who sold and how VAT applied when issued (invoice-tax.ts): the invoice says it forever, whatever the settings
     *  become. Null on invoices issued before it was kept: they print the current settings. */
    issuer: jsonb('issuer').$type<InvoiceIssuer>(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull(),
    periodStart: instant('period_start').notNull(),
    periodEnd: instant('period_end').notNull(),
    /** Charge attempts made so far. */
    attempts: integer('attempts').notNull().default(0),
    /** Open after a failed renewal: when the card is tried again (null: not again). */
    nextAttemptAt: instant('next_attempt_at'),
    /** The card a first payment charges (a replayed attempt must send the very same request to the provider). */
    paymentMethodId: text('payment_method_id'),
    /** The PaymentIntent of the last attempt. */
    paymentIntentId: text('payment_intent_id'),
    failureCode: text('failure_code'),
    paidAt: instant('paid_at'),
    /** Why it was voided or made uncollectible, for administrators. */
    closedReason: text('closed_reason'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_subscription_period_idx').on(t.subscriptionId, t.periodStart),
    index('invoices_account_idx').on(t.accountId, t.createdAt),
    index('invoices_retry_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'open'`),
    check('invoices_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;

/** A card's fingerprint once it started a trial: the same card never starts a second one, whoever adds it. */
export const trialFingerprints = pgTable('trial_fingerprints', {
  fingerprint: text('fingerprint').primaryKey(),
  accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: instant('created_at').notNull().defaultNow(),
});

/** Webhook events received from the payment service, once each (by event id), processed by a job. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    payload: text('payload').notNull(),
    receivedAt: instant('received_at').notNull().defaultNow(),
    processedAt: instant('processed_at'),
  },
  (t) => [
    index('payment_events_pending_idx')
      .on(t.receivedAt)
      .where(sql`${t.processedAt} is null`),
  ],
);

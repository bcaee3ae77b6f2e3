import { PAYMENT_INCIDENT_KINDS, PAYMENT_INCIDENT_STATUSES } from '@tutti/contract/payments';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../../../platform/schema-columns.ts';
import { accounts } from '../../accounts/accounts.schema.ts';
import { invoices } from '../billing.schema.ts';

/**
 * Money the payment service took that the ledger does not account for (docs/decisions/0031): a succeeded payment
 * whose invoice is missing, void, or paid by another payment. One row per payment, whoever finds it first (its
 * webhook, or the reconciliation job); attached to an open invoice of the same account, or refunded.
 */
export const paymentIncidents = pgTable(
  'payment_incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The provider's PaymentIntent: one incident per payment. */
    paymentIntentId: text('payment_intent_id').notNull().unique(),
    kind: text('kind', { enum: PAYMENT_INCIDENT_KINDS }).notNull(),
    status: text('status', { enum: PAYMENT_INCIDENT_STATUSES }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The invoice the payment names (its metadata): it may not exist, so no foreign key. */
    invoiceId: uuid('invoice_id'),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The open invoice the payment settled instead, when one was waiting. */
    attachedInvoiceId: uuid('attached_invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    refundId: text('refund_id'),
    /** Why it could not be resolved yet (a refund the provider refused): an administrator looks. */
    error: text('error'),
    /** Who found it: the payment's webhook, or the reconciliation job. */
    detectedBy: text('detected_by', { enum: ['webhook', 'reconciliation'] }).notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    resolvedAt: instant('resolved_at'),
  },
  (t) => [index('payment_incidents_created_idx').on(t.createdAt)],
);

export type PaymentIncidentRow = typeof paymentIncidents.$inferSelect;

import type { PaymentIncident, ReconciliationReport } from '@tutti/contract/payments';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { Counter } from 'prom-client';
import type { Db } from '../../../platform/db.ts';
import { UUID } from '../../../platform/tokens.ts';
import { accounts } from '../../accounts/accounts.schema.ts';
import { invoices, type InvoiceRow } from '../billing.schema.ts';
import type { BillingService } from '../billing.service.ts';
import { products, subscriptions } from '../subscriptions.schema.ts';
import { paymentIncidents, type PaymentIncidentRow } from './incidents.schema.ts';
import type { PaymentProvider, ProviderCharge } from './provider.ts';

/** The alert: every incident opened, and how it ended (attached, refunded, or open: a refund that failed). */
export const paymentIncidentsTotal = new Counter({
  name: 'tutti_payment_incidents_total',
  help: 'Succeeded payments the billing ledger did not account for (invoice missing, void or paid by another), by kind and outcome',
  labelNames: ['kind', 'outcome'] as const,
});

/** How far back a reconciliation reads the provider's payments: a day's run overlaps the two before it. */
export const RECONCILIATION_WINDOW_MS = 3 * 86_400_000;
export const RECONCILIATION_INTERVAL_MS = 86_400_000;

type Kind = PaymentIncidentRow['kind'];

/** Where a succeeded payment stands in the ledger, read from its invoice (null: it pays it, or will). */
const incidentKind = (
  invoice: Pick<InvoiceRow, 'status' | 'paymentIntentId'>,
  paymentIntentId: string,
): Kind | null => {
  if (invoice.status === 'paid') return invoice.paymentIntentId === paymentIntentId ? null : 'paid_twice';
  return invoice.status === 'open' ? null : 'void_invoice';
};

/**
 * Money the payment service took that the ledger does not account for (issue 29, docs/decisions/0031): a succeeded
 * payment whose invoice is missing, void, or paid by another payment. Its webhook, or the daily reconciliation that
 * compares the provider's payments with the ledger, opens an incident (once per payment); the incident is alerted
 * (error log, `tutti_payment_incidents_total`), then attached to an open invoice the account owes, or refunded.
 */
export function createPaymentIncidents(deps: {
  db: Db;
  provider: PaymentProvider;
  billing: BillingService;
  now: () => Date;
  log: { error(obj: object, msg: string): void };
}) {
  const { db, provider, billing, now } = deps;

  /** Pays an invoice the account owes with the payment instead: a renewal that failed and waits for its retry, of the
   *  same amount. Answers whether it did. */
  const attach = async (incident: PaymentIncidentRow): Promise<boolean> => {
    if (!incident.accountId) return false;
    const accountId = incident.accountId;
    const receipt = await db.transaction(async (tx) => {
      const [owed] = await tx
        .select({ id: invoices.id, subscriptionId: invoices.subscriptionId })
        .from(invoices)
        .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
        .where(
          and(
            eq(invoices.accountId, accountId),
            eq(invoices.status, 'open'),
            eq(invoices.amountCents, incident.amountCents),
            eq(subscriptions.status, 'past_due'),
          ),
        )
        .orderBy(asc(invoices.createdAt))
        .limit(1);
      if (!owed?.subscriptionId) return null;
      // The subscription, then its invoice: the order every billing path locks them in.
      const [row] = await tx
        .select({ s: subscriptions, p: products })
        .from(subscriptions)
        .innerJoin(products, eq(products.id, subscriptions.productId))
        .where(eq(subscriptions.id, owed.subscriptionId))
        .for('update', { of: subscriptions });
      const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, owed.id)).for('update');
      if (!row || invoice?.status !== 'open') return null;
      const { paid } = await billing.settle(tx, invoice, incident.paymentIntentId, now());
      await billing.receiptIn(tx, accountId, row.p, paid);
      await tx
        .update(paymentIncidents)
        .set({ status: 'attached', attachedInvoiceId: paid.id, error: null, resolvedAt: now() })
        .where(eq(paymentIncidents.id, incident.id));
      return { paid, p: row.p };
    });
    if (!receipt) return false;
    await billing.notices.flush();
    return true;
  };

  /** Attached, else refunded; a refund the provider refuses leaves it open with the reason (the next run tries again). */
  const resolve = async (incident: PaymentIncidentRow): Promise<PaymentIncidentRow['status']> => {
    if (await attach(incident)) return 'attached';
    try {
      const refundId = await provider.refund(incident.paymentIntentId);
      await db
        .update(paymentIncidents)
        .set({ status: 'refunded', refundId, error: null, resolvedAt: now() })
        .where(eq(paymentIncidents.id, incident.id));
      return 'refunded';
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      await db.update(paymentIncidents).set({ error }).where(eq(paymentIncidents.id, incident.id));
      deps.log.error(
        { err, incident: incident.id },
        'payments: an incident could not be refunded, an administrator must look',
      );
      return 'open';
    }
  };

  /** Opens the incident of a payment (nothing when it has one already), alerts, and resolves it. */
  const open = async (charge: ProviderCharge, kind: Kind, detectedBy: PaymentIncidentRow['detectedBy']) => {
    const invoiceId = charge.metadata['invoiceId'] ?? null;
    const named = charge.metadata['accountId'];
    const [owner] =
      named && UUID.test(named)
        ? await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, named))
        : [];
    const [incident] = await db
      .insert(paymentIncidents)
      .values({
        paymentIntentId: charge.paymentIntentId,
        kind,
        status: 'open',
        amountCents: charge.amountCents,
        invoiceId: invoiceId && UUID.test(invoiceId) ? invoiceId : null,
        accountId: owner?.id ?? null,
        detectedBy,
        createdAt: now(),
      })
      .onConflictDoNothing({ target: paymentIncidents.paymentIntentId })
      .returning();
    if (!incident) return false;
    deps.log.error(
      { incident: incident.id, paymentIntentId: charge.paymentIntentId, kind, amountCents: charge.amountCents },
      'payments: a succeeded payment the ledger does not account for',
    );
    paymentIncidentsTotal.inc({ kind, outcome: await resolve(incident) });
    return true;
  };

  /**
   * A succeeded payment, from its webhook or the reconciliation: it settles its invoice while that waits for it (open,
   * with no other payment recorded: a first payment whose settlement was lost, or one authenticated in the page), and
   * is an incident when its invoice is missing, void or paid by another payment. Answers what it did.
   */
  const succeeded = async (
    charge: ProviderCharge,
    detectedBy: PaymentIncidentRow['detectedBy'],
  ): Promise<'settled' | 'incident' | 'none'> => {
    const invoiceId = charge.metadata['invoiceId'];
    if (!invoiceId || !UUID.test(invoiceId)) return 'none';
    const outcome = await db.transaction(async (tx) => {
      // Locks in the order every billing path takes them: the subscription, then its invoice. Taken the other way
      // round, a payment event processed while its musician validates the same payment deadlocked on PostgreSQL.
      const [target] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
      if (!target) return { kind: 'missing_invoice' as const };
      if (target.subscriptionId) {
        await tx
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(eq(subscriptions.id, target.subscriptionId))
          .for('update');
      }
      const [row] = await tx
        .select({ i: invoices, s: subscriptions, p: products })
        .from(invoices)
        .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
        .innerJoin(products, eq(products.id, subscriptions.productId))
        .where(eq(invoices.id, invoiceId))
        .for('update', { of: [invoices, subscriptions] });
      const invoice = row?.i ?? target;
      const kind = incidentKind(invoice, charge.paymentIntentId);
      if (kind) return { kind };
      // Open: this payment settles it, unless the invoice records another attempt (a renewal settles its own).
      if (!row || invoice.status !== 'open') return null;
      if (invoice.paymentIntentId !== null && invoice.paymentIntentId !== charge.paymentIntentId) return null;
      const { paid } = await billing.settle(tx, invoice, charge.paymentIntentId, now());
      await billing.receiptIn(tx, row.s.accountId, row.p, paid);
      return { paid };
    });
    if (!outcome) return 'none';
    if ('kind' in outcome) {
      return outcome.kind && (await open(charge, outcome.kind, detectedBy)) ? 'incident' : 'none';
    }
    await billing.notices.flush();
    return 'settled';
  };

  return {
    succeeded,

    /** The provider's succeeded payments of the window against the ledger; open incidents are tried again. */
    async reconcile(): Promise<ReconciliationReport> {
      const since = new Date(now().getTime() - RECONCILIATION_WINDOW_MS);
      const charges = await provider.listCharges(since);
      // Most payments paid their own invoice: one read sets them aside; the rest go through `succeeded`, one each.
      const named = [...new Set(charges.map((c) => c.metadata['invoiceId']).filter((id) => id && UUID.test(id)))];
      const paidBy = new Map<string, string | null>();
      for (let i = 0; i < named.length; i += 500) {
        const rows = await db
          .select({ id: invoices.id, paymentIntentId: invoices.paymentIntentId })
          .from(invoices)
          .where(and(inArray(invoices.id, named.slice(i, i + 500) as string[]), eq(invoices.status, 'paid')));
        for (const row of rows) paidBy.set(row.id, row.paymentIntentId);
      }
      const known = new Set(
        charges.length === 0
          ? []
          : (
              await db
                .select({ id: paymentIncidents.paymentIntentId })
                .from(paymentIncidents)
                .where(
                  inArray(
                    paymentIncidents.paymentIntentId,
                    charges.map((c) => c.paymentIntentId),
                  ),
                )
            ).map(({ id }) => id),
      );
      const report = { since: since.toISOString(), charges: charges.length, incidents: 0, settled: 0 };
      for (const charge of charges) {
        const invoiceId = charge.metadata['invoiceId'];
        if (known.has(charge.paymentIntentId)) continue;
        if (invoiceId && paidBy.get(invoiceId) === charge.paymentIntentId) continue;
        const done = await succeeded(charge, 'reconciliation');
        if (done === 'incident') report.incidents += 1;
        if (done === 'settled') report.settled += 1;
      }
      const unresolved = await db.select().from(paymentIncidents).where(eq(paymentIncidents.status, 'open'));
      for (const incident of unresolved) {
        const outcome = await resolve(incident);
        if (outcome !== 'open') paymentIncidentsTotal.inc({ kind: incident.kind, outcome });
      }
      return report;
    },

    async list(): Promise<PaymentIncident[]> {
      const rows = await db
        .select({ i: paymentIncidents, a: { id: accounts.id, username: accounts.username, email: accounts.email } })
        .from(paymentIncidents)
        .leftJoin(accounts, eq(accounts.id, paymentIncidents.accountId))
        .orderBy(desc(paymentIncidents.createdAt), desc(paymentIncidents.id))
        .limit(200);
      return rows.map(({ i, a }) => ({
        id: i.id,
        paymentIntentId: i.paymentIntentId,
        kind: i.kind,
        status: i.status,
        amountCents: i.amountCents,
        currency: 'EUR' as const,
        invoiceId: i.invoiceId,
        account: a,
        attachedInvoiceId: i.attachedInvoiceId,
        refundId: i.refundId,
        error: i.error,
        detectedBy: i.detectedBy,
        createdAt: i.createdAt.toISOString(),
        resolvedAt: i.resolvedAt?.toISOString() ?? null,
      }));
    },
  };
}

export type PaymentIncidents = ReturnType<typeof createPaymentIncidents>;

import { and, asc, eq, lte, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../../platform/db.ts';
import { receiptOf } from './billing.mail.ts';
import { billingCustomers, invoices, type InvoiceRow } from './billing.schema.ts';
import { attemptKey, type BillingService } from './billing.service.ts';
import { PaymentsUnavailable, type ChargeResult, type PaymentProvider } from './payments/provider.ts';
import { products, subscriptions, type ProductRow, type SubscriptionRow } from './subscriptions.schema.ts';

/** Rows claimed per claim: a crash leaves at most this many invoices leased, and instances share the rest. */
export const CHARGE_BATCH = 200;
/** Charges in flight at once within a batch. */
const CONCURRENCY = 16;
/**
 * A claimed invoice's next attempt is pushed this far ahead while it is charged with no lock held: another run or
 * instance leaves it alone, and if this one dies mid-charge the invoice is due again after the lease, charged with the
 * same idempotency key (its attempt count only moves when an outcome is recorded), so the provider replays the first
 * answer instead of charging twice.
 */
export const CHARGE_LEASE_MS = 10 * 60_000;

/** What a charge attempt came to: the provider's answer, or what its error means for the ledger. */
export type Attempt = ChargeResult | { status: 'unavailable' };

/**
 * A provider error as the ledger records it (issue 29, "One bad renewal stays one"): the service down is no attempt
 * (the invoice stays due); a customer or card the provider does not know is "no payment method"; anything else
 * (an idempotency conflict, a rate limit, an unexpected answer) is a failed attempt with the provider's own code,
 * backed off like a decline. Never thrown: one invoice's error is that invoice's.
 */
export function attemptOfError(err: unknown): Attempt {
  if (err instanceof PaymentsUnavailable || (err as { statusCode?: number } | null)?.statusCode === 503) {
    return { status: 'unavailable' };
  }
  const failed = (code: string): Attempt => ({ status: 'failed', paymentIntentId: null, code, hard: false });
  if (err instanceof Stripe.errors.StripeError) {
    if (err.code === 'resource_missing' || err.statusCode === 404) return failed('no_payment_method');
    if (err instanceof Stripe.errors.StripeIdempotencyError) return failed('idempotency_conflict');
    if (err instanceof Stripe.errors.StripeRateLimitError) return failed('rate_limit');
    return failed(err.code ?? err.type);
  }
  return failed('provider_error');
}

type Claimed = { i: InvoiceRow; s: SubscriptionRow; p: ProductRow; customerId: string | null };

/**
 * Charges the open invoices whose attempt is due, each on its own: claimed (SKIP LOCKED) and leased in a short
 * transaction that commits before any call to the provider; charged off-session with no lock or transaction held;
 * its outcome recorded in a short transaction of its own, with its email in the outbox.
 */
export function createRenewalCharges(deps: {
  db: Db;
  provider: PaymentProvider;
  billing: BillingService;
  /** What a failed attempt leaves (the retry schedule), in the outcome's transaction. */
  afterFailure: (
    tx: Db,
    i: InvoiceRow,
    s: SubscriptionRow,
    code: string,
    hard: boolean,
    at: Date,
  ) => Promise<Date | null>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}) {
  const { db, provider, billing } = deps;

  const claim = (at: Date): Promise<Claimed[]> =>
    db.transaction(async (tx) => {
      const rows = await tx
        .select({ i: invoices, s: subscriptions, p: products, customerId: billingCustomers.customerId })
        .from(invoices)
        .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
        .innerJoin(products, eq(products.id, subscriptions.productId))
        .leftJoin(billingCustomers, eq(billingCustomers.accountId, subscriptions.accountId))
        .where(
          and(
            eq(invoices.status, 'open'),
            lte(invoices.nextAttemptAt, at),
            sql`${subscriptions.status} <> 'incomplete'`,
          ),
        )
        .orderBy(asc(invoices.nextAttemptAt))
        .limit(CHARGE_BATCH)
        .for('update', { of: [invoices, subscriptions], skipLocked: true });
      if (rows.length > 0) {
        await tx
          .update(invoices)
          .set({ nextAttemptAt: new Date(at.getTime() + CHARGE_LEASE_MS) })
          .where(
            sql`${invoices.id} IN (${sql.join(
              rows.map(({ i }) => sql`${i.id}::uuid`),
              sql`, `,
            )})`,
          );
      }
      return rows;
    });

  /** The provider's answer for one invoice; whatever it throws becomes that invoice's attempt. */
  const charge = async ({ i, s, customerId }: Claimed): Promise<Attempt> => {
    try {
      // The default card in one call; a customer without one pays with its newest card.
      const cardId = customerId
        ? ((await provider.defaultCardId(customerId)) ?? (await provider.listCards(customerId)).cards[0]?.id)
        : undefined;
      if (!customerId || !cardId)
        return { status: 'failed', paymentIntentId: null, code: 'no_payment_method', hard: false };
      if (i.amountCents === 0) return { status: 'succeeded', paymentIntentId: 'free' };
      return await provider.charge({
        customerId,
        cardId,
        amountCents: i.amountCents,
        description: `${i.number} ${i.productNameEn}`,
        idempotencyKey: attemptKey(i.id, i.attempts + 1),
        offSession: true,
        metadata: { invoiceId: i.id, subscriptionId: s.id, accountId: s.accountId },
      });
    } catch (err) {
      const attempt = attemptOfError(err);
      if (attempt.status === 'failed')
        deps.log.warn({ err, invoiceId: i.id, code: attempt.code }, 'renewal: provider error');
      return attempt;
    }
  };

  /** Records one outcome, if the invoice is still as claimed (open, same attempt); what it recorded, else null. */
  const record = ({ i: claimed, s, p }: Claimed, attempt: Attempt, at: Date) =>
    db.transaction(async (tx) => {
      // The order every billing path locks in: the subscription, then its invoice.
      await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.id, s.id)).for('update');
      const [i] = await tx.select().from(invoices).where(eq(invoices.id, claimed.id)).for('update');
      if (!i || i.status !== 'open' || i.attempts !== claimed.attempts) {
        // This payment's own webhook settled it first (payments/incidents.ts), receipt included: the same payment,
        // counted as this attempt.
        if (attempt.status === 'succeeded' && i?.status === 'paid' && i.paymentIntentId === attempt.paymentIntentId) {
          if (i.attempts === claimed.attempts) {
            await tx
              .update(invoices)
              .set({ attempts: claimed.attempts + 1 })
              .where(eq(invoices.id, i.id));
          }
          return 'paid' as const;
        }
        if (attempt.status === 'succeeded') {
          deps.log.error(
            { invoiceId: claimed.id, paymentIntentId: attempt.paymentIntentId },
            'renewal: charged an invoice closed meanwhile',
          );
        }
        return null;
      }
      if (attempt.status === 'unavailable') {
        // No attempt happened: due again as it was, for the next run.
        await tx.update(invoices).set({ nextAttemptAt: claimed.nextAttemptAt }).where(eq(invoices.id, i.id));
        return 'unavailable' as const;
      }
      if (attempt.status === 'succeeded') {
        await tx
          .update(invoices)
          .set({ attempts: i.attempts + 1 })
          .where(eq(invoices.id, i.id));
        const { paid } = await billing.settle(tx, i, attempt.paymentIntentId, at);
        await billing.notices.enqueue(tx, s.accountId, p, receiptOf(paid), paid);
        return 'paid' as const;
      }
      // Off-session, a bank that asks for authentication is a failure the musician must act on.
      const code = attempt.status === 'failed' ? attempt.code : 'authentication_required';
      const hard = attempt.status === 'failed' && attempt.hard;
      const next = await deps.afterFailure(tx, i, s, code, hard, at);
      await billing.notices.enqueue(tx, s.accountId, p, {
        kind: 'payment_failed',
        amountCents: i.amountCents,
        nextAttempt: next,
        code,
      });
      if (next === null) await billing.notices.enqueue(tx, s.accountId, p, { kind: 'ended', at });
      return 'failed' as const;
    });

  /**
   * One batch: what it claimed and how each ended. An outcome that cannot be recorded (the database lost) leaves its
   * invoice leased, due again after the lease; the batch finishes the others, then throws, so the job fails and says so.
   */
  return async (at: Date) => {
    const rows = await claim(at);
    const counts = { claimed: rows.length, paid: 0, failed: 0, unavailable: 0 };
    let lost: unknown = null;
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        const attempt = await charge(row);
        try {
          const recorded = await record(row, attempt, at);
          if (recorded) counts[recorded] += 1;
        } catch (err) {
          deps.log.error({ err, invoiceId: row.i.id }, 'renewal: outcome not recorded');
          lost ??= err;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, rows.length) }, worker));
    if (lost) throw lost;
    return counts;
  };
}

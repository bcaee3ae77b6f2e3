import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { addDays, nextPeriodEnd } from './billing-calendar.ts';
import { invoices, type InvoiceRow } from './billing.schema.ts';
import { FIRST_PAYMENT_EXPIRY_MS, type BillingService } from './billing.service.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { CHARGE_BATCH, createRenewalCharges } from './renewal-charges.ts';
import { products, subscriptions, type ProductRow, type SubscriptionRow } from './subscriptions.schema.ts';

/**
 * Failed renewals are retried this many days after the period started (the first attempt is day 0), within the 14
 * days the issue allows; after the last one the invoice is uncollectible and the subscription ends. A hard decline
 * (lost or stolen card, closed account...) is never retried. docs/decisions/0031-billing-ledger.md.
 */
export const RETRY_DAYS = [1, 3, 7, 13] as const;
export const TRIAL_REMINDER_DAYS = 3;
/** Rows claimed per transaction: a crash loses at most this much work in flight, and instances share the rest. */
const BATCH = CHARGE_BATCH;

export interface RenewalReport {
  renewed: number;
  paid: number;
  failed: number;
  ended: number;
  reminded: number;
  expired: number;
}

/**
 * The billing jobs, on the injectable clock (tests move it): end what was cancelled, open the next period's invoice of
 * what renews, charge open invoices that are due (first attempts and retries), remind trials that end soon, expire
 * first payments never authenticated. Every step claims its rows with FOR UPDATE SKIP LOCKED, and an invoice exists
 * once per subscription and period: several instances share the work and never charge a period twice.
 */
export function createRenewals(deps: {
  db: Db;
  provider: PaymentProvider;
  billing: BillingService;
  now: () => Date;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}) {
  const { db, billing, now } = deps;
  const report: RenewalReport = { renewed: 0, paid: 0, failed: 0, ended: 0, reminded: 0, expired: 0 };
  const { enqueue } = billing.notices;

  /** Runs `step` over batches until it claims nothing (or the server closes: the rest is the next run's). */
  const drain = async (step: (at: Date) => Promise<{ claimed: number }>, stopping: () => boolean) => {
    while (!stopping()) {
      const { claimed } = await step(now());
      if (claimed < BATCH) return;
    }
  };

  const productOf = async (tx: Db, id: string) =>
    (await tx.select().from(products).where(eq(products.id, id)))[0] as ProductRow;

  /** Cancelled (or given by a code) and over: canceled, with an email. */
  const endCancelled = async (at: Date) =>
    db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            inArray(subscriptions.status, ['trialing', 'active', 'past_due']),
            lte(subscriptions.currentPeriodEnd, at),
            or(eq(subscriptions.cancelAtPeriodEnd, true), eq(subscriptions.source, 'promo')),
          ),
        )
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const s of rows) {
        await tx.update(subscriptions).set({ status: 'canceled', endedAt: at }).where(eq(subscriptions.id, s.id));
        await enqueue(tx, s.accountId, await productOf(tx, s.productId), { kind: 'ended', at: s.currentPeriodEnd });
      }
      report.ended += rows.length;
      return { claimed: rows.length };
    });

  /** Due and renewing: the next period starts, its invoice opens (charged by `collect`). */
  const openPeriods = async (at: Date) =>
    db.transaction(async (tx) => {
      const rows = await tx
        .select({ s: subscriptions, p: products })
        .from(subscriptions)
        .innerJoin(products, eq(products.id, subscriptions.productId))
        .where(
          and(
            inArray(subscriptions.status, ['trialing', 'active']),
            eq(subscriptions.source, 'card'),
            eq(subscriptions.cancelAtPeriodEnd, false),
            lte(subscriptions.currentPeriodEnd, at),
          ),
        )
        .orderBy(asc(subscriptions.currentPeriodEnd))
        .limit(BATCH)
        .for('update', { of: subscriptions, skipLocked: true });
      // The whole batch in three round trips (numbers, invoices, periods), whatever its size.
      const items = rows.map(({ s, p }) => {
        const start = s.currentPeriodEnd;
        return { s, product: p, period: { start, end: nextPeriodEnd(s.billingAnchor ?? start, start) } };
      });
      await billing.newInvoices(tx, items, at);
      if (items.length > 0) {
        const periods = items.map(
          ({ s, period }) => sql`(${s.id}::uuid, ${period.start.toISOString()}::timestamptz,
            ${period.end.toISOString()}::timestamptz)`,
        );
        await tx.execute(sql`UPDATE subscriptions AS s
          SET current_period_start = v.period_start, current_period_end = v.period_end
          FROM (VALUES ${sql.join(periods, sql`, `)}) AS v(id, period_start, period_end) WHERE s.id = v.id`);
      }
      report.renewed += rows.length;
      return { claimed: rows.length };
    });

  /** What a failed attempt leaves: retried later, or over (uncollectible, the subscription canceled). */
  const afterFailure = async (
    tx: Db,
    invoice: InvoiceRow,
    s: SubscriptionRow,
    code: string,
    hard: boolean,
    at: Date,
  ) => {
    const attempts = invoice.attempts + 1;
    const retryDay = hard ? undefined : RETRY_DAYS[attempts - 1];
    const nextAttemptAt = retryDay === undefined ? null : addDays(invoice.periodStart, retryDay);
    await tx
      .update(invoices)
      .set({
        attempts,
        failureCode: code,
        nextAttemptAt,
        ...(nextAttemptAt === null && { status: 'uncollectible' as const, closedReason: code }),
      })
      .where(eq(invoices.id, invoice.id));
    await tx
      .update(subscriptions)
      .set(nextAttemptAt === null ? { status: 'canceled', endedAt: at } : { status: 'past_due' })
      .where(eq(subscriptions.id, s.id));
    return nextAttemptAt;
  };

  /** Charges open invoices whose attempt is due, each on its own (renewal-charges.ts). */
  const charges = createRenewalCharges({ db, provider: deps.provider, billing, afterFailure, log: deps.log });
  const collect = async (at: Date) => {
    const done = await charges(at);
    report.paid += done.paid;
    report.failed += done.failed;
    // Left due for the next run, not counted: a batch of them ends this run instead of looping.
    return { claimed: done.claimed - done.unavailable };
  };

  /** "Your trial ends in 3 days", once. */
  const remindTrials = async (at: Date) =>
    db.transaction(async (tx) => {
      const rows = await tx
        .select({ s: subscriptions, p: products })
        .from(subscriptions)
        .innerJoin(products, eq(products.id, subscriptions.productId))
        .where(
          and(
            eq(subscriptions.status, 'trialing'),
            eq(subscriptions.cancelAtPeriodEnd, false),
            isNull(subscriptions.trialReminderSentAt),
            lte(subscriptions.currentPeriodEnd, addDays(at, TRIAL_REMINDER_DAYS)),
            sql`${subscriptions.currentPeriodEnd} > ${at}`,
          ),
        )
        .limit(BATCH)
        .for('update', { of: subscriptions, skipLocked: true });
      for (const { s, p } of rows) {
        await tx.update(subscriptions).set({ trialReminderSentAt: at }).where(eq(subscriptions.id, s.id));
        await enqueue(tx, s.accountId, p, {
          kind: 'trial_ending',
          until: s.currentPeriodEnd,
          priceCents: p.priceCents,
        });
      }
      report.reminded += rows.length;
      return { claimed: rows.length };
    });

  /** A first payment never authenticated: after 23 hours, its invoice is void and the subscription never starts. */
  const expireIncomplete = async (at: Date) =>
    db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.status, 'incomplete'),
            lte(subscriptions.createdAt, new Date(at.getTime() - FIRST_PAYMENT_EXPIRY_MS)),
          ),
        )
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const s of rows) {
        const [invoice] = await tx
          .select()
          .from(invoices)
          .where(and(eq(invoices.subscriptionId, s.id), eq(invoices.status, 'open')));
        await billing.abandon(tx, s, invoice ?? null, 'authentication_expired', at);
      }
      report.expired += rows.length;
      return { claimed: rows.length };
    });

  return {
    report,
    /** One pass of every step, in the order that keeps a period's story straight. */
    async run(stopping: () => boolean = () => false): Promise<void> {
      try {
        for (const step of [endCancelled, openPeriods, collect, remindTrials, expireIncomplete]) {
          await drain(step, stopping);
        }
      } finally {
        // The emails this run committed go out now, in the outbox's own job (its timer would send them anyway).
        void billing.notices.flush().catch(() => undefined);
      }
    },
  };
}

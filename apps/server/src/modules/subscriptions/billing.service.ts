import type { SubscribeBody, SubscribeResult } from '@tutti/contract/payments';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { addMonths } from './billing-calendar.ts';
import { receiptOf } from './billing.mail.ts';
import { invoiceNumbers, invoices, type InvoiceRow } from './billing.schema.ts';
import { checkQuoted, offeredProduct, paymentMethodRequired, quoteFor } from './billing.quote.ts';
import type { BillingNotices } from './billing.notices.ts';
import { viaProvider, type CardsService } from './payments/cards.service.ts';
import type { ChargeResult, PaymentProvider } from './payments/provider.ts';
import { currentAt, products, subscriptions, type ProductRow, type SubscriptionRow } from './subscriptions.schema.ts';
import { presentSubscription } from './subscriptions.service.ts';

/** A first payment that waits for authentication expires after this (Stripe: 23 hours, then incomplete_expired). */
export const FIRST_PAYMENT_EXPIRY_MS = 23 * 3_600_000;

export const paymentFailed = (code: string) =>
  new AppError(402, 'PAYMENT_FAILED', 'The payment was refused; nothing was charged.', {
    details: { declineCode: code },
  });

const stateConflict = (status: string, message: string) =>
  new AppError(409, 'SUBSCRIPTION_STATE_CONFLICT', message, { details: { status } });

/** The idempotency key of one charge attempt of one invoice: a retried call is the same charge, never a second. */
export const attemptKey = (invoiceId: string, attempt: number) => `invoice:${invoiceId}:${attempt}`;

export interface BillingDeps {
  db: Db;
  provider: PaymentProvider;
  cards: CardsService;
  notices: BillingNotices;
  trialUsed: (accountId: string) => Promise<boolean>;
  log: { warn(obj: object, msg: string): void };
  now: () => Date;
}

/** Subscribing, first payments and their authentication, invoices and their PDFs, and the billing emails. */
export function createBillingService(deps: BillingDeps) {
  const { db, provider, cards, now } = deps;
  const { enqueue } = deps.notices;

  /** `count` invoice numbers in one round trip. */
  const nextNumbers = async (tx: Db, at: Date, count: number): Promise<string[]> => {
    // Both drivers (PGlite and node-postgres) answer raw queries with `rows`.
    const result = (await tx.execute(
      sql`select nextval('${sql.raw(invoiceNumbers.seqName ?? 'invoice_numbers')}')::text as n
        from generate_series(1, ${count}::int)`,
    )) as unknown as { rows: { n: string }[] };
    return result.rows.map(({ n }) => `TUTTI-${at.getUTCFullYear()}-${n.padStart(6, '0')}`);
  };

  /**
   * Opens the invoices of several periods in two round trips (the renewal job opens hundreds at once); a period that
   * has its invoice already (another instance made it) gets no second one and is left out of the answer.
   */
  const newInvoices = async (
    tx: Db,
    items: { s: Pick<SubscriptionRow, 'id' | 'accountId'>; product: ProductRow; period: { start: Date; end: Date } }[],
    at: Date,
  ): Promise<InvoiceRow[]> => {
    if (items.length === 0) return [];
    const numbers = await nextNumbers(tx, at, items.length);
    return (
      tx
        .insert(invoices)
        .values(
          items.map(({ s, product, period }, index) => ({
            number: numbers[index]!,
            accountId: s.accountId,
            subscriptionId: s.id,
            productNameEn: product.nameEn,
            productNameFr: product.nameFr,
            amountCents: product.priceCents,
            // Who sells and how VAT applies, as the invoice will state it forever (invoice-tax.ts).
            issuer: deps.notices.issuer,
            status: 'open' as const,
            periodStart: period.start,
            periodEnd: period.end,
            nextAttemptAt: at,
            createdAt: at,
          })),
        )
        // One invoice per subscription and period, whoever tries to make a second.
        .onConflictDoNothing({ target: [invoices.subscriptionId, invoices.periodStart] })
        .returning()
    );
  };

  const newInvoice = async (
    tx: Db,
    s: Pick<SubscriptionRow, 'id' | 'accountId'>,
    product: ProductRow,
    period: { start: Date; end: Date },
    at: Date,
  ): Promise<InvoiceRow | null> => (await newInvoices(tx, [{ s, product, period }], at))[0] ?? null;

  /** An invoice paid: its subscription runs (a first payment, or a renewal retried after a failure). */
  const settle = async (tx: Db, invoice: InvoiceRow, paymentIntentId: string, at: Date) => {
    const [paid] = (await tx
      .update(invoices)
      .set({ status: 'paid', paidAt: at, nextAttemptAt: null, failureCode: null, paymentIntentId })
      .where(eq(invoices.id, invoice.id))
      .returning()) as [InvoiceRow];
    // An erased account's invoice has no subscription left to run (docs/privacy.md).
    const { subscriptionId } = invoice;
    const [s] = subscriptionId
      ? ((await tx
          .update(subscriptions)
          .set({ status: 'active' })
          .where(and(eq(subscriptions.id, subscriptionId), sql`${subscriptions.status} <> 'canceled'`))
          .returning()) as SubscriptionRow[])
      : [];
    return { paid, subscription: s ?? null };
  };

  const withProduct = (tx: Db, id: string) =>
    tx
      .select({ s: subscriptions, p: products })
      .from(subscriptions)
      .innerJoin(products, eq(products.id, subscriptions.productId))
      .where(eq(subscriptions.id, id))
      .for('update', { of: subscriptions });

  const pendingOf = async (tx: Db, subscriptionId: string) => {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.subscriptionId, subscriptionId), eq(invoices.status, 'open')))
      .orderBy(desc(invoices.createdAt))
      .limit(1);
    return invoice ?? null;
  };

  /** Ends a first payment that will not complete: the invoice is void, the subscription canceled (never started). */
  const abandon = async (tx: Db, s: SubscriptionRow, invoice: InvoiceRow | null, reason: string, at: Date) => {
    if (invoice) {
      await tx
        .update(invoices)
        .set({ status: 'void', nextAttemptAt: null, closedReason: reason })
        .where(eq(invoices.id, invoice.id));
    }
    await tx.update(subscriptions).set({ status: 'canceled', endedAt: at }).where(eq(subscriptions.id, s.id));
  };

  const pendingPayment = (result: Extract<ChargeResult, { status: 'requires_action' }>) => ({
    status: 'requires_action' as const,
    paymentIntentId: result.paymentIntentId,
    clientSecret: result.clientSecret,
    publishableKey: provider.publishableKey,
    authenticateUrl:
      provider.kind === 'sandbox'
        ? `/api/payments/sandbox/v1/payment_intents/${result.paymentIntentId}/authenticate`
        : null,
  });

  return {
    notices: deps.notices,
    settle,
    newInvoice,
    newInvoices,
    abandon,

    /**
     * SPEC sections 5 and 7: subscribing takes the password. A first subscription on a card that never had a trial
     * starts the product's trial; otherwise the first month is charged now, on-session (the bank may ask the musician
     * to authenticate: the answer then carries the pending payment, and validate completes it). The account's row is
     * locked throughout: a double submit waits for the first and gets its subscription, charged once.
     */
    async subscribe(accountId: string, body: SubscribeBody): Promise<SubscribeResult> {
      const [account] = await db
        .select({ passwordHash: accounts.passwordHash })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      if (!account) throw notFound('No such account.');
      if (!(await verifyPassword(account.passwordHash, body.password))) {
        throw new AppError(400, 'WRONG_PASSWORD', 'Wrong password.', { fields: { password: 'wrong_password' } });
      }
      const product = await offeredProduct(db, body.productId);
      const trialUsed = await deps.trialUsed(accountId);

      const outcome = await db.transaction(async (tx) => {
        const at = now();
        await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
        const [current] = await tx
          .select({ s: subscriptions, p: products })
          .from(subscriptions)
          .innerJoin(products, eq(products.id, subscriptions.productId))
          .where(and(eq(subscriptions.accountId, accountId), currentAt(at)))
          .limit(1);
        if (current) {
          // The same subscribe sent twice: the first one's answer.
          if (current.s.productId === product.id && current.s.createdAt.getTime() > at.getTime() - 60_000) {
            return { s: current.s, p: current.p, payment: null };
          }
          throw stateConflict(current.s.status, 'You have a subscription already.');
        }
        const [incomplete] = await tx
          .select()
          .from(subscriptions)
          .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.status, 'incomplete')))
          .limit(1);
        if (incomplete) {
          const invoice = await pendingOf(tx, incomplete.id);
          const status = invoice?.paymentIntentId
            ? await viaProvider(() => provider.chargeStatus(invoice.paymentIntentId!))
            : null;
          if (status?.status === 'requires_action' && incomplete.productId === product.id) {
            return { s: incomplete, p: product, payment: pendingPayment(status) };
          }
          await abandon(tx, incomplete, invoice, 'replaced', at);
        }

        const chargeable = await cards.chargeable(accountId, body.paymentMethod, tx);
        if (!chargeable) throw paymentMethodRequired(body.paymentMethod);

        // One trial per card and per account (the card's fingerprint is taken here), and nothing made or charged
        // unless today's amount is the one the page showed.
        const quote = await quoteFor(tx, { product, card: chargeable.card, accountId, trialUsed, at }, true);
        checkQuoted(body.expectedAmountCents, quote);
        if (quote.trialEnd) {
          const trialEnd = new Date(quote.trialEnd);
          const [s] = (await tx
            .insert(subscriptions)
            .values({
              accountId,
              productId: product.id,
              status: 'trialing',
              source: 'card',
              trialEnd,
              currentPeriodStart: at,
              currentPeriodEnd: trialEnd,
              billingAnchor: trialEnd,
              createdAt: at,
            })
            .returning()) as [SubscriptionRow];
          await enqueue(tx, accountId, product, {
            kind: 'trial_started',
            until: trialEnd,
            priceCents: product.priceCents,
          });
          return { s, p: product, payment: null };
        }

        const periodEnd = addMonths(at, 1);
        const [s] = (await tx
          .insert(subscriptions)
          .values({
            accountId,
            productId: product.id,
            status: 'incomplete',
            source: 'card',
            currentPeriodStart: at,
            currentPeriodEnd: periodEnd,
            billingAnchor: at,
            createdAt: at,
          })
          .returning()) as [SubscriptionRow];
        const invoice = (await newInvoice(tx, s, product, { start: at, end: periodEnd }, at))!;
        const result = await viaProvider(() =>
          provider.charge({
            customerId: chargeable.customerId,
            cardId: chargeable.card.id,
            amountCents: invoice.amountCents,
            description: `${invoice.number} ${product.nameEn}`,
            idempotencyKey: attemptKey(invoice.id, 1),
            offSession: false,
            metadata: { invoiceId: invoice.id, subscriptionId: s.id, accountId },
          }),
        );
        // Declined: nothing is kept (the transaction rolls back), the musician tries another card.
        if (result.status === 'failed') throw paymentFailed(result.code);
        await tx
          .update(invoices)
          .set({ attempts: 1, nextAttemptAt: null, paymentIntentId: result.paymentIntentId })
          .where(eq(invoices.id, invoice.id));
        if (result.status === 'requires_action') return { s, p: product, payment: pendingPayment(result) };
        const { paid, subscription } = await settle(tx, invoice, result.paymentIntentId, at);
        await enqueue(tx, accountId, product, receiptOf(paid), paid);
        return { s: subscription ?? s, p: product, payment: null };
      });
      await deps.notices.flush();
      return { subscription: presentSubscription(outcome.s, outcome.p), payment: outcome.payment };
    },

    /** Completes a first payment the musician authenticated (or reports that it failed). */
    async validate(accountId: string, id: string) {
      const outcome = await db.transaction(async (tx) => {
        const at = now();
        const [row] = await withProduct(tx, id);
        if (!row || row.s.accountId !== accountId) throw notFound('No such subscription.');
        if (row.s.status !== 'incomplete') {
          if (row.s.status === 'canceled') throw stateConflict(row.s.status, 'This subscription has ended.');
          return { s: row.s, p: row.p, receipt: null };
        }
        const invoice = await pendingOf(tx, row.s.id);
        if (!invoice?.paymentIntentId) throw stateConflict(row.s.status, 'Nothing waits for authentication.');
        const result = await viaProvider(() => provider.chargeStatus(invoice.paymentIntentId!));
        if (result.status === 'requires_action')
          throw stateConflict(row.s.status, 'The payment still waits for authentication.');
        if (result.status === 'failed') {
          await abandon(tx, row.s, invoice, result.code, at);
          return { failed: result.code };
        }
        const { paid, subscription } = await settle(tx, invoice, result.paymentIntentId, at);
        await enqueue(tx, accountId, row.p, receiptOf(paid), paid);
        return { s: subscription ?? row.s, p: row.p };
      });
      // Outside the transaction: the refusal must not undo the abandonment it reports.
      if ('failed' in outcome) throw paymentFailed(outcome.failed ?? 'authentication_failure');
      await deps.notices.flush();
      return presentSubscription(outcome.s, outcome.p);
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

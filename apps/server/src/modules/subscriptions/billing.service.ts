import type { SubscribeBody, SubscribeResult } from '@tutti/contract/payments';
import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { addMonths } from './billing-calendar.ts';
import { receiptOf } from './billing.mail.ts';
import { createInvoiceOpener } from './billing.invoices.ts';
import { invoices, type InvoiceRow } from './billing.schema.ts';
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

  /** The receipt of a paid invoice, its PDF attached: promised in the transaction that paid it (the outbox sends it
   *  once that commits; `notices.flush()` after the commit sends it at once). */
  const receiptIn = (tx: Db, accountId: string, product: Pick<ProductRow, 'nameEn' | 'nameFr'>, paid: InvoiceRow) =>
    enqueue(tx, accountId, product, receiptOf(paid), paid);

  const { newInvoices, newInvoice } = createInvoiceOpener(deps.notices.issuer);

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

  /** A first payment's card and customer, found before any transaction opens (listing cards is a provider call). */
  type Chargeable = Awaited<ReturnType<CardsService['chargeable']>>;

  /** What the first transaction of a subscribe decided. */
  type Prepared =
    | { kind: 'done'; s: SubscriptionRow; p: ProductRow }
    /** An attempt is recorded (or was, by an earlier call): charge it, or replay it, outside any transaction.
     *  `joined`: it is another request's attempt (a double submit without the same key). */
    | { kind: 'charge'; s: SubscriptionRow; p: ProductRow; invoice: InvoiceRow; joined: boolean }
    | { kind: 'failed'; code: string };

  /**
   * The provider call of a recorded attempt, with no transaction open: the charge, sent again exactly as the first
   * time (same customer, card, amount, description, metadata and idempotency key, so the provider answers the same
   * payment, never a second), or where a payment waiting for authentication stands.
   */
  const attempt = async (invoice: InvoiceRow, accountId: string): Promise<ChargeResult> => {
    if (invoice.paymentIntentId) return viaProvider(() => provider.chargeStatus(invoice.paymentIntentId!));
    const customerId = await cards.customerOf(accountId);
    if (!customerId || !invoice.paymentMethodId || !invoice.subscriptionId) {
      return { status: 'failed', paymentIntentId: null, code: 'payment_method_missing', hard: true };
    }
    return viaProvider(() =>
      provider.charge({
        customerId,
        cardId: invoice.paymentMethodId!,
        amountCents: invoice.amountCents,
        description: `${invoice.number} ${invoice.productNameEn}`,
        idempotencyKey: attemptKey(invoice.id, invoice.attempts),
        offSession: false,
        metadata: { invoiceId: invoice.id, subscriptionId: invoice.subscriptionId!, accountId },
      }),
    );
  };

  /**
   * The outcome of a first payment's attempt, in its own transaction: paid (the subscription runs), waiting for
   * authentication, or refused (the invoice void, the subscription canceled: it never started). An invoice another
   * path closed meanwhile (the payment's webhook, a racing retry with the same key) is left as it is.
   */
  const settleAttempt = (invoiceId: string, result: ChargeResult) =>
    db.transaction(async (tx) => {
      const at = now();
      const [target] = await tx
        .select({ subscriptionId: invoices.subscriptionId })
        .from(invoices)
        .where(eq(invoices.id, invoiceId));
      // The subscription, then its invoice: the order every billing path locks them in (webhooks.ts).
      const [row] = target?.subscriptionId ? await withProduct(tx, target.subscriptionId) : [];
      if (!row) throw notFound('No such subscription.');
      const [invoice] = (await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update')) as [
        InvoiceRow,
      ];
      if (invoice.status === 'paid') return { s: row.s, p: row.p };
      if (invoice.status !== 'open') {
        if (invoice.failureCode) return { failed: invoice.failureCode };
        throw stateConflict(row.s.status, 'This subscription has ended.');
      }
      if (result.status === 'succeeded') {
        const { paid, subscription } = await settle(tx, invoice, result.paymentIntentId, at);
        await receiptIn(tx, row.s.accountId, row.p, paid);
        return { s: subscription ?? row.s, p: row.p };
      }
      await tx
        .update(invoices)
        .set({
          paymentIntentId: result.paymentIntentId ?? invoice.paymentIntentId,
          ...(result.status === 'failed' && { failureCode: result.code }),
        })
        .where(eq(invoices.id, invoice.id));
      if (result.status === 'requires_action') return { s: row.s, p: row.p, payment: pendingPayment(result) };
      await abandon(tx, row.s, invoice, result.code, at);
      return { failed: result.code };
    });

  /** Where the subscribe that sent this idempotency key stands, to answer the same again. */
  const resumeOf = async (tx: Db, s: SubscriptionRow, p: ProductRow): Promise<Prepared> => {
    if (s.status === 'incomplete') {
      const invoice = await pendingOf(tx, s.id);
      if (invoice) return { kind: 'charge', s, p, invoice, joined: false };
    }
    if (s.status === 'canceled') {
      const [last] = await tx
        .select()
        .from(invoices)
        .where(eq(invoices.subscriptionId, s.id))
        .orderBy(desc(invoices.createdAt))
        .limit(1);
      // Refused: the same refusal again (no second charge attempt on the same key).
      if (last?.status === 'void' && last.failureCode) return { kind: 'failed', code: last.failureCode };
      throw stateConflict(s.status, 'This subscription has ended.');
    }
    return { kind: 'done', s, p };
  };

  /**
   * The first transaction of a subscribe: the account locked, the checks, and either an answer (a trial started, the
   * first subscribe's answer again) or a subscription (incomplete) with its invoice and its first attempt recorded.
   * It commits before any charge: no transaction is held across a provider call (docs/decisions/0031).
   */
  const prepare = (
    accountId: string,
    body: SubscribeBody,
    request: { product: ProductRow; trialUsed: boolean; chargeable: Chargeable; hash: string },
  ) =>
    db.transaction(async (tx): Promise<Prepared> => {
      const { product, chargeable, hash } = request;
      const at = now();
      await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
      if (body.idempotencyKey) {
        const [earlier] = await tx
          .select({ s: subscriptions, p: products })
          .from(subscriptions)
          .innerJoin(products, eq(products.id, subscriptions.productId))
          .where(and(eq(subscriptions.accountId, accountId), eq(subscriptions.requestKey, body.idempotencyKey)));
        if (earlier) {
          if (earlier.s.requestHash !== hash) {
            throw new AppError(409, 'IDEMPOTENCY_KEY_REUSED', 'This key was sent with another request.');
          }
          return resumeOf(tx, earlier.s, earlier.p);
        }
      }
      const [current] = await tx
        .select({ s: subscriptions, p: products })
        .from(subscriptions)
        .innerJoin(products, eq(products.id, subscriptions.productId))
        .where(and(eq(subscriptions.accountId, accountId), currentAt(at)))
        .limit(1);
      if (current) {
        // The same subscribe sent twice: the first one's answer.
        if (current.s.productId === product.id && current.s.createdAt.getTime() > at.getTime() - 60_000) {
          return { kind: 'done', s: current.s, p: current.p };
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
        // A first payment under way (charging now, its outcome unknown after a fault, or waiting for the bank): the
        // same product joins it, and learns its outcome; another product waits for a charge whose outcome is unknown.
        if (invoice && invoice.attempts > 0 && incomplete.productId === product.id) {
          return { kind: 'charge', s: incomplete, p: product, invoice, joined: true };
        }
        if (invoice && invoice.attempts > 0 && !invoice.paymentIntentId) {
          throw stateConflict(incomplete.status, 'A payment is under way: try again in a moment.');
        }
        await abandon(tx, incomplete, invoice, 'replaced', at);
      }

      if (!chargeable) throw paymentMethodRequired(body.paymentMethod);
      const requested = { requestKey: body.idempotencyKey ?? null, requestHash: hash };

      // One trial per card and per account (the card's fingerprint is taken here), and nothing made or charged
      // unless today's amount is the one the page showed (billing.quote.ts).
      const quote = await quoteFor(
        tx,
        { product, card: chargeable.card, accountId, trialUsed: request.trialUsed, at },
        true,
      );
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
            ...requested,
            createdAt: at,
          })
          .returning()) as [SubscriptionRow];
        await enqueue(tx, accountId, product, {
          kind: 'trial_started',
          until: trialEnd,
          priceCents: product.priceCents,
        });
        return { kind: 'done', s, p: product };
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
          ...requested,
          createdAt: at,
        })
        .returning()) as [SubscriptionRow];
      const opened = (await newInvoice(tx, s, product, { start: at, end: periodEnd }, at))!;
      // The attempt is recorded before the charge: a retry after any fault replays this one (same idempotency key),
      // and the renewal job leaves it alone (no next attempt: the musician is there to see the outcome).
      const [invoice] = (await tx
        .update(invoices)
        .set({ attempts: 1, nextAttemptAt: null, paymentMethodId: chargeable.card.id })
        .where(eq(invoices.id, opened.id))
        .returning()) as [InvoiceRow];
      return { kind: 'charge', s, p: product, invoice, joined: false };
    });

  return {
    notices: deps.notices,
    receiptIn,
    settle,
    newInvoice,
    newInvoices,
    abandon,

    /**
     * SPEC sections 5 and 7: subscribing takes the password. A first subscription on a card that never had a trial
     * starts the product's trial; otherwise the first month is charged now, on-session (the bank may ask the musician
     * to authenticate: the answer then carries the pending payment, and validate completes it). Three steps, no
     * transaction across the charge (docs/decisions/0031): the subscription, its invoice and the attempt commit; the
     * card is charged with the attempt's idempotency key; the outcome settles. The page's `idempotencyKey` finds the
     * same subscription again on a retry after any fault, and the same charge is replayed, never a second one; a
     * double submit without it joins the first one's charge.
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
      const chargeable = await cards.chargeable(accountId, body.paymentMethod);
      const hash = createHash('sha256')
        .update(`${body.productId}\n${body.paymentMethod ?? ''}`)
        .digest('base64url');

      // A second pass only when the first joined another request's payment that failed: this one charges anew.
      for (let pass = 0; ; pass++) {
        const prepared = await prepare(accountId, body, { product, trialUsed, chargeable, hash });
        if (prepared.kind === 'failed') throw paymentFailed(prepared.code);
        if (prepared.kind === 'done') {
          await deps.notices.flush();
          return { subscription: presentSubscription(prepared.s, prepared.p), payment: null };
        }
        const outcome = await settleAttempt(prepared.invoice.id, await attempt(prepared.invoice, accountId));
        if ('failed' in outcome) {
          if (prepared.joined && pass === 0) continue;
          throw paymentFailed(outcome.failed ?? 'payment_failed');
        }
        await deps.notices.flush();
        return { subscription: presentSubscription(outcome.s, outcome.p), payment: outcome.payment ?? null };
      }
    },

    /** Completes a first payment the musician authenticated (or reports that it failed). */
    async validate(accountId: string, id: string) {
      const [row] = await db
        .select({ s: subscriptions, p: products })
        .from(subscriptions)
        .innerJoin(products, eq(products.id, subscriptions.productId))
        .where(eq(subscriptions.id, id));
      if (!row || row.s.accountId !== accountId) throw notFound('No such subscription.');
      if (row.s.status !== 'incomplete') {
        if (row.s.status === 'canceled') throw stateConflict(row.s.status, 'This subscription has ended.');
        return presentSubscription(row.s, row.p);
      }
      const invoice = await pendingOf(db, row.s.id);
      if (!invoice?.paymentIntentId) throw stateConflict(row.s.status, 'Nothing waits for authentication.');
      // The provider is asked with no transaction open; the outcome settles in its own.
      const result = await attempt(invoice, accountId);
      if (result.status === 'requires_action') {
        throw stateConflict(row.s.status, 'The payment still waits for authentication.');
      }
      const outcome = await settleAttempt(invoice.id, result);
      if ('failed' in outcome) throw paymentFailed(outcome.failed ?? 'authentication_failure');
      await deps.notices.flush();
      return presentSubscription(outcome.s, outcome.p);
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../../../platform/db.ts';
import { errorBody } from '../../../platform/errors.ts';
import { invoices, paymentEvents } from '../billing.schema.ts';
import type { BillingService } from '../billing.service.ts';
import { receiptOf } from '../billing.mail.ts';
import { products, subscriptions } from '../subscriptions.schema.ts';
import type { PaymentProvider } from './provider.ts';
import { UUID } from '../../../platform/tokens.ts';

export const WEBHOOK_PATH = '/api/payments/webhook';

/**
 * Stripe's webhooks (docs/deployment.md, "Payments"): the signature is checked on the raw body, each event is stored
 * once by its id (a replay is answered 200 and ignored), and a job processes what is stored. The ledger does not
 * wait for them: charges are answered synchronously. They complete what happens outside Tutti's calls: a first
 * payment authenticated in the page (Stripe.js confirms it), and a newly saved card that should be the default.
 */
/** The event types `handle` acts on. */
const HANDLED_EVENTS = new Set<string>(['payment_intent.succeeded', 'setup_intent.succeeded']);

export function createWebhooks(deps: {
  db: Db;
  provider: PaymentProvider;
  billing: BillingService;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}) {
  const { db, provider, billing, now } = deps;

  const paymentSucceeded = async (intent: Stripe.PaymentIntent) => {
    const invoiceId = intent.metadata?.invoiceId;
    if (!invoiceId || !UUID.test(invoiceId)) return;
    const receipt = await db.transaction(async (tx) => {
      // Locks in the order every billing path takes them: the subscription, then its invoice (`validate` locks the
      // subscription first, then settles the invoice). Taken the other way round, a payment event processed while
      // its musician validates the same payment deadlocked on PostgreSQL, and one of the two answered 500.
      const [target] = await tx
        .select({ subscriptionId: invoices.subscriptionId })
        .from(invoices)
        .where(eq(invoices.id, invoiceId));
      if (!target?.subscriptionId) return null;
      await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(eq(subscriptions.id, target.subscriptionId))
        .for('update');
      const [row] = await tx
        .select({ i: invoices, s: subscriptions, p: products })
        .from(invoices)
        .innerJoin(subscriptions, eq(subscriptions.id, invoices.subscriptionId))
        .innerJoin(products, eq(products.id, subscriptions.productId))
        .where(eq(invoices.id, invoiceId))
        .for('update', { of: [invoices, subscriptions] });
      // Paid already (validate came first), or voided meanwhile: nothing to do.
      if (!row || row.i.status !== 'open' || row.i.paymentIntentId !== intent.id) return null;
      const { paid } = await billing.settle(tx, row.i, intent.id, now());
      await billing.notices.enqueue(tx, row.s.accountId, row.p, receiptOf(paid), paid);
      return paid;
    });
    if (receipt) await billing.notices.flush();
  };

  /**
   * The events of payments whose invoice is closed already (paid by the ledger's own synchronous charge, as every
   * renewal is, or voided): nothing to do, found in one read instead of a locked transaction each. An open invoice
   * still goes through `paymentSucceeded`, under its lock.
   */
  const settledAlready = async (events: Stripe.Event[]): Promise<Set<string>> => {
    const byInvoice = new Map<string, string>();
    for (const event of events) {
      if (event.type !== 'payment_intent.succeeded') continue;
      const invoiceId = event.data.object.metadata?.invoiceId;
      if (invoiceId && UUID.test(invoiceId)) byInvoice.set(event.id, invoiceId);
    }
    if (byInvoice.size === 0) return new Set();
    const closed = new Set(
      (
        await db
          .select({ id: invoices.id })
          .from(invoices)
          .where(and(inArray(invoices.id, [...new Set(byInvoice.values())]), ne(invoices.status, 'open')))
      ).map(({ id }) => id),
    );
    return new Set([...byInvoice].filter(([, invoiceId]) => closed.has(invoiceId)).map(([eventId]) => eventId));
  };

  /** Marks stored events processed (once: another instance may have marked them meanwhile). */
  const markProcessed = (ids: string[]) =>
    db
      .update(paymentEvents)
      .set({ processedAt: now() })
      .where(and(inArray(paymentEvents.id, ids), isNull(paymentEvents.processedAt)));

  const cardSaved = async (intent: Stripe.SetupIntent) => {
    const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
    const card = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
    if (!customer || !card) return;
    const { defaultId } = await provider.listCards(customer);
    if (!defaultId) await provider.setDefaultCard(customer, card);
  };

  const handle = async (event: Stripe.Event) => {
    // HANDLED_EVENTS lists these types: the intake stores no other.
    if (event.type === 'payment_intent.succeeded') await paymentSucceeded(event.data.object);
    if (event.type === 'setup_intent.succeeded') await cardSaved(event.data.object);
  };

  return {
    /**
     * Processes stored events in order. Handlers are idempotent (a payment settles an invoice only while it is open,
     * under its row lock), so two instances picking the same event do no harm; the event is marked once.
     */
    async process(stopping: () => boolean = () => false): Promise<number> {
      let processed = 0;
      const failed = new Set<string>();
      // Batch after batch until none is left, or the server closes (the rest waits for the next run).
      while (!stopping()) {
        const pending = await db
          .select()
          .from(paymentEvents)
          .where(isNull(paymentEvents.processedAt))
          .orderBy(asc(paymentEvents.receivedAt))
          .limit(50);
        const next = pending.filter((row) => !failed.has(row.id));
        if (next.length === 0) return processed;
        // Each stored payload parsed once: the closed invoices' events are marked together, the rest handled in order.
        const events = next.map((row) => JSON.parse(row.payload) as Stripe.Event);
        const done = await settledAlready(events);
        if (done.size > 0) {
          await markProcessed([...done]);
          processed += done.size;
        }
        for (const [index, row] of next.entries()) {
          if (done.has(row.id)) continue;
          try {
            await handle(events[index]!);
          } catch (err) {
            // Kept for the next run.
            failed.add(row.id);
            deps.log.warn({ err, event: row.id, type: row.type }, 'payments: webhook event failed, kept for later');
            continue;
          }
          await markProcessed([row.id]);
          processed += 1;
        }
      }
      return processed;
    },

    /** The endpoint: its own scope reads JSON as the raw string the signature covers. */
    register(app: FastifyInstance, onStored: () => void) {
      void app.register(async (scope) => {
        scope.removeContentTypeParser('application/json');
        scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
        scope.post(WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
          const signature = request.headers['stripe-signature'];
          let event: Stripe.Event;
          try {
            if (typeof signature !== 'string' || typeof request.body !== 'string') throw new Error('unsigned');
            event = provider.verifyEvent(request.body, signature);
          } catch {
            return reply.code(400).send(errorBody('BAD_REQUEST', 'Invalid webhook signature.'));
          }
          // Only the events Tutti acts on are kept: the others (a customer deleted, a card attached...) carry
          // personal data for nothing (docs/privacy.md).
          if (!HANDLED_EVENTS.has(event.type)) return reply.code(200).send({ received: true, duplicate: false });
          const [stored] = await db
            .insert(paymentEvents)
            .values({ id: event.id, type: event.type, payload: request.body as string, receivedAt: now() })
            .onConflictDoNothing()
            .returning({ id: paymentEvents.id });
          if (stored) onStored();
          return reply.code(200).send({ received: true, duplicate: !stored });
        });
      });
    },
  };
}

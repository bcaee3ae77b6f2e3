import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../../../platform/db.ts';
import { errorBody } from '../../../platform/errors.ts';
import { invoices, paymentEvents } from '../billing.schema.ts';
import type { PaymentIncidents } from './incidents.ts';
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
  incidents: PaymentIncidents;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}) {
  const { db, provider, incidents, now } = deps;

  /** Settles the invoice that waits for it, or opens an incident (incidents.ts). */
  const paymentSucceeded = async (intent: Stripe.PaymentIntent) => {
    await incidents.succeeded(
      {
        paymentIntentId: intent.id,
        amountCents: intent.amount_received || intent.amount,
        created: new Date(intent.created * 1000),
        metadata: intent.metadata ?? {},
      },
      'webhook',
    );
  };

  /**
   * The events of payments that paid their own invoice (by the ledger's own synchronous charge, as every renewal is):
   * nothing to do, found in one read instead of a locked transaction each. The others go through `paymentSucceeded`:
   * an open invoice under its lock, a missing or void one, or one another payment paid (an incident).
   */
  const settledAlready = async (events: Stripe.Event[]): Promise<Set<string>> => {
    const byEvent = new Map<string, { invoiceId: string; paymentIntentId: string }>();
    for (const event of events) {
      if (event.type !== 'payment_intent.succeeded') continue;
      const invoiceId = event.data.object.metadata?.invoiceId;
      if (invoiceId && UUID.test(invoiceId))
        byEvent.set(event.id, { invoiceId, paymentIntentId: event.data.object.id });
    }
    if (byEvent.size === 0) return new Set();
    const paidBy = new Map(
      (
        await db
          .select({ id: invoices.id, paymentIntentId: invoices.paymentIntentId })
          .from(invoices)
          .where(
            and(
              inArray(invoices.id, [...new Set([...byEvent.values()].map((e) => e.invoiceId))]),
              eq(invoices.status, 'paid'),
            ),
          )
      ).map((row) => [row.id, row.paymentIntentId]),
    );
    return new Set(
      [...byEvent].filter(([, e]) => paidBy.get(e.invoiceId) === e.paymentIntentId).map(([eventId]) => eventId),
    );
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

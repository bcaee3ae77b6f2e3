import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import type { Endpoint } from '../../platform/endpoints.ts';
import { errorBody } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { MailOutbox } from '../../platform/mail-outbox/mail-outbox.ts';
import { createBillingNotices } from './billing.notices.ts';
import { createQuotes } from './billing.quote.ts';
import { createBillingService } from './billing.service.ts';
import { seedDefaultOffer } from './default-offer.ts';
import { createInvoiceLinks } from './invoice-pdf.ts';
import { createCardsService } from './payments/cards.service.ts';
import { createPaymentIncidents, RECONCILIATION_INTERVAL_MS } from './payments/incidents.ts';
import { createStripeProvider, type PaymentProvider } from './payments/provider.ts';
import { startPaymentSandbox, type PaymentSandbox } from './payments/stripe-sandbox.ts';
import { createWebhooks, WEBHOOK_PATH } from './payments/webhooks.ts';
import { createProductsService } from './products.service.ts';
import { createRenewals } from './renewals.ts';
import { registerSubscriptionsRoutes } from './subscriptions.routes.ts';
import { createSubscriptionsService } from './subscriptions.service.ts';

export interface SubscriptionsModuleDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  /** Billing emails are written there, in the transaction of what they report. */
  outbox: MailOutbox;
  jobs: Jobs;
  /** Signs invoice PDF links (the server's JWT secret). */
  signingKey: string;
  /** Tests: a provider shared by two instances (pointed at one sandbox); default: from PAYMENTS settings. */
  provider?: PaymentProvider;
  log: {
    warn(obj: object, msg: string): void;
    info(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  now: () => Date;
}

/** The sandbox's calls a page makes in Stripe.js's stead (same origin, so the CSP stays 'self'). */
const SANDBOX_BROWSER_CALLS = /^\/v1\/(setup_intents|payment_intents)\/[\w-]+\/(confirm|authenticate)$/;
export const SANDBOX_PROXY_PREFIX = '/api/payments/sandbox';

/** The payment service: Stripe with its keys, else the embedded sandbox on loopback (started here, state kept in
 *  DATA_DIR), both through the same SDK calls. */
async function paymentProvider(app: FastifyInstance, deps: SubscriptionsModuleDeps) {
  if (deps.provider) return { provider: deps.provider, sandbox: null, webhookSecret: null };
  const configured = deps.config.payments.provider;
  if (configured.kind === 'stripe') {
    return { provider: createStripeProvider(configured), sandbox: null, webhookSecret: configured.webhookSecret };
  }
  const keys = {
    secretKey: `sk_test_sandbox_${randomBytes(12).toString('hex')}`,
    publishableKey: `pk_test_sandbox_${randomBytes(12).toString('hex')}`,
    webhookSecret: `whsec_sandbox_${randomBytes(16).toString('hex')}`,
  };
  const sandbox: PaymentSandbox = await startPaymentSandbox({
    ...keys,
    stateFile: join(deps.config.dataDir, 'payments-sandbox.json'),
    log: deps.log,
    // Events reach the app's own webhook route, raw body and signature check included.
    deliver: async (payload, signature) => {
      await app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    },
  });
  app.addHook('onClose', async () => sandbox.close());
  const provider = createStripeProvider({
    kind: 'sandbox',
    ...keys,
    host: { host: '127.0.0.1', port: sandbox.port, protocol: 'http' },
  });
  return { provider, sandbox, webhookSecret: keys.webhookSecret };
}

/** Products, promo codes, the ledger, cards, invoices, renewals and the payment service's webhooks. */
export async function registerSubscriptions(app: FastifyInstance, endpoint: Endpoint, deps: SubscriptionsModuleDeps) {
  const { db, now, log } = deps;
  if (await seedDefaultOffer(db, deps.config.defaultOffer, now())) {
    log.info({ offer: deps.config.defaultOffer }, 'subscriptions: the default offer is seeded (DEFAULT_OFFER)');
  }
  const { provider, sandbox, webhookSecret } = await paymentProvider(app, deps);
  const subscriptions = createSubscriptionsService({
    db,
    now,
    mailer: deps.mailer,
    publicUrl: deps.config.publicUrl,
    log,
  });
  const cards = createCardsService({
    db,
    provider,
    now,
    confirmUrl: (id) => (provider.kind === 'sandbox' ? `${SANDBOX_PROXY_PREFIX}/v1/setup_intents/${id}/confirm` : null),
  });
  const links = createInvoiceLinks(deps.signingKey, now);
  const notices = createBillingNotices({
    db,
    outbox: deps.outbox,
    links,
    payments: deps.config.payments,
    publicUrl: deps.config.publicUrl,
  });
  const billing = createBillingService({
    db,
    provider,
    cards,
    notices,
    trialUsed: subscriptions.trialUsed,
    log,
    now,
  });
  const renewals = createRenewals({ db, provider, billing, now, log });
  const incidents = createPaymentIncidents({ db, provider, billing, now, log });
  const webhooks = createWebhooks({ db, provider, incidents, now, log });

  registerSubscriptionsRoutes(endpoint, {
    products: createProductsService({ db, now }),
    subscriptions,
    cards,
    billing,
    quotes: createQuotes({ db, cards, trialUsed: subscriptions.trialUsed, now }),
    notices,
    incidents,
  });
  webhooks.register(app, () => void deps.jobs.runNow('payment-events').catch(() => undefined));
  deps.jobs.register('payment-events', 30_000, (stopping) => webhooks.process(stopping));
  deps.jobs.register('billing', deps.config.payments.renewalIntervalMs, (stopping) => renewals.run(stopping));
  deps.jobs.register('payment-reconciliation', RECONCILIATION_INTERVAL_MS, () => incidents.reconcile());

  // The invoice PDF, by its signed link (the page opens it in a new tab, where no Authorization header goes).
  app.get<{ Params: { id: string }; Querystring: Record<string, string> }>(
    '/api/invoices/:id/pdf',
    { schema: { hide: true } },
    async (request, reply) => {
      const accountId = links.verify(request.params.id, request.query);
      const found = accountId ? await notices.pdf(request.params.id, accountId).catch(() => null) : null;
      if (!found) return reply.code(404).send(errorBody('NOT_FOUND', 'No such invoice, or the link has expired.'));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${found.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(found.pdf);
    },
  );

  if (sandbox) {
    // Stands in for Stripe.js and the bank's page: only the two calls a browser makes, with its publishable key.
    app.post<{ Params: { '*': string } }>(
      `${SANDBOX_PROXY_PREFIX}/*`,
      { schema: { hide: true } },
      async (request, reply) => {
        const path = `/${request.params['*']}`;
        if (!SANDBOX_BROWSER_CALLS.test(path)) return reply.code(404).send(errorBody('NOT_FOUND', 'No such call.'));
        const body = request.body === undefined ? '' : new URLSearchParams(request.body as Record<string, string>);
        const res = await fetch(`${sandbox.url}${path}`, {
          method: 'POST',
          headers: {
            // The page's publishable key; the bank's stand-in page may leave it out.
            authorization: request.headers.authorization ?? `Bearer ${provider.publishableKey}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: body.toString(),
        });
        return reply
          .code(res.status)
          .header('content-type', 'application/json')
          .send(await res.text());
      },
    );
  }

  return { provider, renewals, webhooks, incidents, sandbox, webhookSecret };
}

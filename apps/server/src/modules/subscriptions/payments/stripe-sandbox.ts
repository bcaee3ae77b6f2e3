import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { id, parseForm, sandboxRoutes, StripeError, unix, type Obj } from './sandbox-api.ts';
import { openSandboxStore } from './sandbox-store.ts';

export { parseForm };

/**
 * The payment sandbox (ARCHITECTURE "Domains to come", payments): a small Stripe-compatible service on loopback that
 * the official `stripe` SDK talks to through its host and port options, so `npm start`, the tests and the journeys
 * drive the very code that talks to Stripe in production. It answers the few calls Tutti makes (customers,
 * SetupIntents, card PaymentMethods, off-session PaymentIntents with idempotency keys) by Stripe's test-card table,
 * and sends signed webhooks. It keeps a card's brand, last four digits, fingerprint and expiry, never its number.
 * Two calls are its own, standing in for Stripe.js and the bank's 3-D Secure page: confirming a SetupIntent with card
 * details, and answering an authentication.
 */

export interface SandboxOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where events are posted (Tutti's webhook endpoint); none: events are kept only. */
  webhookUrl?: string | null;
  /** Delivers events in-process instead of posting them (the embedded sandbox hands them to the app's webhook route
   *  with app.inject: the same raw body and signature check, no port to know). */
  deliver?: ((payload: string, signature: string) => Promise<void>) | null;
  /** Where the sandbox keeps its objects between restarts (DATA_DIR), with `<file>.journal` beside it; none: in
   *  memory. */
  stateFile?: string | null;
  log?: { warn(obj: object, msg: string): void };
}

export interface PaymentSandbox {
  url: string;
  port: number;
  setWebhookUrl(url: string | null): void;
  setDeliver(deliver: ((payload: string, signature: string) => Promise<void>) | null): void;
  /** The PaymentIntents it holds (tests count charges). */
  paymentIntents(): Obj[];
  close(): Promise<void>;
}

export async function startPaymentSandbox(options: SandboxOptions): Promise<PaymentSandbox> {
  let webhookUrl = options.webhookUrl ?? null;
  let deliver = options.deliver ?? null;
  // Each change is written and fsynced before its answer (sandbox-store.ts).
  const store = await openSandboxStore(options.stateFile);
  const { state } = store;

  /** A webhook, signed as Stripe signs them (t=…,v1=HMAC-SHA256 of "t.payload"). */
  const emit = (type: string, object: Obj) => {
    const event = { id: id('evt'), object: 'event', type, created: unix(), livemode: false, data: { object } };
    if (!webhookUrl && !deliver) return;
    const payload = JSON.stringify(event);
    const t = unix();
    const v1 = createHmac('sha256', options.webhookSecret).update(`${t}.${payload}`).digest('hex');
    if (deliver) {
      // After the reply that caused it, as Stripe sends events after answering.
      const send = deliver;
      setImmediate(() => {
        send(payload, `t=${t},v1=${v1}`).catch((err: unknown) =>
          options.log?.warn({ err, type }, 'payment sandbox: webhook not delivered'),
        );
      });
      return;
    }
    if (!webhookUrl) return;
    void fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` },
      body: payload,
    }).catch((err: unknown) => options.log?.warn({ err, type }, 'payment sandbox: webhook not delivered'));
  };

  const routes = sandboxRoutes(state, options, emit);
  /** Requests still running, by idempotency key. */
  const running = new Map<string, Promise<{ status: number; body: Obj }>>();
  const server = createServer((req, res) => void handle(req, res));
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const reply = (status: number, body: Obj) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(body));
    };
    try {
      const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (key !== options.secretKey && key !== options.publishableKey) {
        throw new StripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
      }
      const url = new URL(req.url ?? '/', 'http://sandbox');
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = req.method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(raw);
      const route = routes.find(([method, re]) => method === req.method && re.test(url.pathname));
      if (!route)
        throw new StripeError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${url.pathname}).`,
        });
      // The publishable key reaches only what Stripe.js may call: confirming and authenticating.
      if (key === options.publishableKey && !/\/(confirm|authenticate)$/.test(url.pathname)) {
        throw new StripeError(401, { type: 'invalid_request_error', message: 'This call needs the secret key.' });
      }
      const idempotency = req.method === 'POST' ? req.headers['idempotency-key'] : undefined;
      const remembered = typeof idempotency === 'string' ? `${url.pathname} ${idempotency}` : null;
      // A key seen before gets the first answer; a key whose first request is still running waits for it (Stripe
      // answers 409 meanwhile, which the provider turns into a retry): either way one payment per key, never two.
      const earlier = remembered ? (state.replies[remembered] ?? running.get(remembered)) : undefined;
      if (earlier) {
        const { status, body: previous } = await earlier;
        res.setHeader('idempotent-replayed', 'true');
        // The first answer may still be on its way to the disk: a replay is durable too.
        await store.commit();
        return reply(status, previous);
      }
      const answering = (async () => {
        try {
          return { status: 200, body: await route[2](url.pathname.match(route[1])!, body, key) };
        } catch (e) {
          if (!(e instanceof StripeError)) throw e;
          return { status: e.status, body: { error: e.body } };
        }
      })();
      if (remembered) running.set(remembered, answering);
      let answer: { status: number; body: Obj };
      try {
        answer = await answering;
      } finally {
        if (remembered) running.delete(remembered);
      }
      if (remembered) state.replies[remembered] = answer;
      await store.commit();
      reply(answer.status, answer.body);
    } catch (e) {
      await store.commit();
      if (e instanceof StripeError) return reply(e.status, { error: e.body });
      options.log?.warn({ err: e }, 'payment sandbox: request failed');
      reply(500, { error: { type: 'api_error', message: 'The sandbox failed.' } });
    }
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    setWebhookUrl: (url) => void (webhookUrl = url),
    setDeliver: (fn) => void (deliver = fn),
    paymentIntents: () => Object.values(state.paymentIntents),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.close();
    },
  };
}

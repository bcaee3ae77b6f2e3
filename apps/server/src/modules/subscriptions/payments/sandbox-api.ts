import { randomBytes } from 'node:crypto';
import { chargeOutcome, checkNewCard, cardBrand, cardFingerprint, type CardBehaviour } from './sandbox-cards.ts';

/**
 * The Stripe objects the payment sandbox keeps (customers, SetupIntents, card PaymentMethods, PaymentIntents) and the
 * calls on them, answered as Stripe answers them (stripe-sandbox.ts serves them over HTTP).
 */

export type Obj = Record<string, unknown>;
export interface Card {
  brand: string;
  last4: string;
  fingerprint: string;
  exp_month: number;
  exp_year: number;
  behaviour: CardBehaviour;
}
export interface State {
  customers: Record<string, Obj>;
  paymentMethods: Record<string, Obj & { card: Card; customer: string | null }>;
  setupIntents: Record<string, Obj>;
  paymentIntents: Record<string, Obj>;
  refunds: Record<string, Obj>;
  /** Responses already given, by idempotency key. */
  replies: Record<string, { status: number; body: Obj }>;
}

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
  ) {
    super(String(body.message));
  }
}
export const invalid = (message: string, param?: string) =>
  new StripeError(400, { type: 'invalid_request_error', message, ...(param && { param }) });
export const missing = (kind: string, id: string) =>
  new StripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
  });

/** Stripe's form encoding (a[b][c]=v, list[]=v) into nested objects. */
export function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        if (part === '') return;
        node[part] = value;
      } else {
        node[part] ??= path[i + 1] === '' ? [] : {};
        const next = node[part];
        if (Array.isArray(next) && path[i + 1] === '') next.push(value);
        node = next as Obj;
      }
    });
  }
  return out;
}

export const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
export const unix = () => Math.floor(Date.now() / 1000);
export const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

export type Route = [string, RegExp, (m: string[], body: Obj, key: string) => Obj | Promise<Obj>];

export interface SandboxKeys {
  secretKey: string;
  publishableKey: string;
}

/** The calls on the sandbox's objects; `emit` sends an event (a webhook). */
export function sandboxRoutes(state: State, keys: SandboxKeys, emit: (type: string, object: Obj) => void): Route[] {
  /** Each customer's cards: listing them must not read every card of every customer (10,000 in bench/renewals.ts). */
  const cardsOf = new Map<string, Set<string>>();
  const index = (cid: string, pid: string, on: boolean) => {
    const set = cardsOf.get(cid) ?? new Set<string>();
    if (on) set.add(pid);
    else set.delete(pid);
    cardsOf.set(cid, set);
  };
  for (const [pid, pm] of Object.entries(state.paymentMethods)) if (pm.customer) index(pm.customer, pid, true);
  const customer = (cid: unknown) => {
    const found = typeof cid === 'string' ? state.customers[cid] : undefined;
    if (!found) throw missing('customer', String(cid));
    return found;
  };
  const paymentMethod = (pid: unknown) => {
    const found = typeof pid === 'string' ? state.paymentMethods[pid] : undefined;
    if (!found) throw missing('payment_method', String(pid));
    return found;
  };
  const intent = (table: Record<string, Obj>, kind: string, iid: string) => {
    const found = table[iid];
    if (!found) throw missing(kind, iid);
    return found;
  };
  /** Stripe.js calls with the publishable key and the intent's client secret; the server with the secret key. */
  const fromBrowser = (key: string, body: Obj, target: Obj) => {
    if (key === keys.secretKey) return;
    if (key !== keys.publishableKey || body.client_secret !== target.client_secret) {
      throw new StripeError(401, { type: 'invalid_request_error', message: 'Invalid client secret.' });
    }
  };
  const cardError = (error: { code: string; declineCode?: string; message: string; param?: string }, extra: Obj) =>
    new StripeError(402, {
      type: 'card_error',
      code: error.code,
      ...(error.declineCode && { decline_code: error.declineCode }),
      message: error.message,
      ...(error.param && { param: error.param }),
      ...extra,
    });

  const attach = (si: Obj, card: Card) => {
    const pm = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      created: unix(),
      customer: null as string | null,
      card,
    };
    state.paymentMethods[pm.id] = pm;
    const cid = str(si.customer);
    if (cid) {
      pm.customer = cid;
      index(cid, pm.id, true);
      emit('payment_method.attached', pm);
    }
    Object.assign(si, { status: 'succeeded', payment_method: pm.id, next_action: null, last_setup_error: null });
    emit('setup_intent.succeeded', si);
  };

  const routes: Route[] = [
    [
      'POST',
      /^\/v1\/customers$/,
      (_m, body) => {
        const c = {
          id: id('cus'),
          object: 'customer',
          created: unix(),
          email: str(body.email) ?? null,
          metadata: body.metadata ?? {},
          invoice_settings: { default_payment_method: null },
        };
        state.customers[c.id] = c;
        return c;
      },
    ],
    ['GET', /^\/v1\/customers\/([\w-]+)$/, ([, cid]) => customer(cid)],
    [
      'DELETE',
      /^\/v1\/customers\/([\w-]+)$/,
      ([, cid]) => {
        const c = customer(cid);
        // As Stripe: the customer's cards go with it.
        for (const pid of cardsOf.get(String(c.id)) ?? []) {
          const pm = state.paymentMethods[pid];
          if (pm) pm.customer = null;
        }
        cardsOf.delete(String(c.id));
        delete state.customers[String(c.id)];
        emit('customer.deleted', c);
        return { id: c.id, object: 'customer', deleted: true };
      },
    ],
    [
      'POST',
      /^\/v1\/customers\/([\w-]+)$/,
      ([, cid], body) => {
        const c = customer(cid);
        const settings = body.invoice_settings as Obj | undefined;
        if (settings && 'default_payment_method' in settings) {
          const pm = str(settings.default_payment_method);
          if (pm && paymentMethod(pm).customer !== cid)
            throw invalid(
              'The payment method is not attached to this customer.',
              'invoice_settings[default_payment_method]',
            );
          c.invoice_settings = { default_payment_method: pm ?? null };
        }
        if (str(body.email)) c.email = body.email;
        return c;
      },
    ],
    [
      'POST',
      /^\/v1\/setup_intents$/,
      (_m, body) => {
        if (body.customer !== undefined) customer(body.customer);
        const si = {
          id: id('seti'),
          object: 'setup_intent',
          created: unix(),
          customer: str(body.customer) ?? null,
          usage: str(body.usage) ?? 'off_session',
          status: 'requires_payment_method',
          payment_method: null,
          next_action: null,
          last_setup_error: null,
          metadata: body.metadata ?? {},
          client_secret: '',
        };
        si.client_secret = `${si.id}_secret_${randomBytes(12).toString('base64url')}`;
        state.setupIntents[si.id] = si;
        return si;
      },
    ],
    ['GET', /^\/v1\/setup_intents\/([\w-]+)$/, ([, sid]) => intent(state.setupIntents, 'setup_intent', sid!)],
    [
      'POST',
      /^\/v1\/setup_intents\/([\w-]+)\/confirm$/,
      ([, sid], body, key) => {
        const si = intent(state.setupIntents, 'setup_intent', sid!);
        fromBrowser(key, body, si);
        if (si.status === 'succeeded') return si;
        const data = ((body.payment_method_data as Obj | undefined)?.card ?? {}) as Obj;
        const checked = checkNewCard(
          {
            number: String(data.number ?? ''),
            expMonth: Number(data.exp_month),
            expYear: Number(data.exp_year),
            cvc: String(data.cvc ?? ''),
          },
          new Date(),
        );
        if (checked.error) {
          Object.assign(si, { status: 'requires_payment_method', last_setup_error: { ...checked.error } });
          emit('setup_intent.setup_failed', si);
          throw cardError(checked.error, { setup_intent: { id: si.id, status: si.status } });
        }
        const card: Card = {
          brand: cardBrand(checked.number),
          last4: checked.number.slice(-4),
          fingerprint: cardFingerprint(checked.number),
          exp_month: Number(data.exp_month),
          exp_year: checked.year,
          behaviour: checked.behaviour,
        };
        if (checked.behaviour === 'requires_authentication') {
          Object.assign(si, {
            status: 'requires_action',
            next_action: { type: 'use_stripe_sdk' },
            pending_card: card,
          });
          return si;
        }
        attach(si, card);
        return si;
      },
    ],
    [
      'POST',
      /^\/v1\/setup_intents\/([\w-]+)\/authenticate$/,
      ([, sid], body, key) => {
        const si = intent(state.setupIntents, 'setup_intent', sid!);
        fromBrowser(key, body, si);
        if (si.status !== 'requires_action') throw invalid('This SetupIntent does not wait for authentication.');
        const card = si.pending_card as Card;
        delete si.pending_card;
        if (body.result === 'fail') {
          const error = { code: 'setup_intent_authentication_failure', message: 'The authentication failed.' };
          Object.assign(si, { status: 'requires_payment_method', next_action: null, last_setup_error: error });
          emit('setup_intent.setup_failed', si);
          return si;
        }
        attach(si, card);
        return si;
      },
    ],
    ['GET', /^\/v1\/payment_methods\/([\w-]+)$/, ([, pid]) => paymentMethod(pid)],
    [
      'GET',
      /^\/v1\/payment_methods$/,
      (_m, query) => {
        const cid = str(query.customer);
        if (!cid) throw invalid('Missing required param: customer.', 'customer');
        customer(cid);
        const data = [...(cardsOf.get(cid) ?? [])]
          .map((pid) => paymentMethod(pid))
          .sort((a, b) => Number(b.created) - Number(a.created));
        return { object: 'list', data, has_more: false, url: '/v1/payment_methods' };
      },
    ],
    [
      'POST',
      /^\/v1\/payment_methods\/([\w-]+)\/detach$/,
      ([, pid]) => {
        const pm = paymentMethod(pid);
        const cid = pm.customer;
        if (!cid) throw invalid('This PaymentMethod is not attached to a customer.');
        pm.customer = null;
        index(cid, String(pm.id), false);
        const c = state.customers[cid];
        const settings = c?.invoice_settings as Obj | undefined;
        if (settings && settings.default_payment_method === pm.id) settings.default_payment_method = null;
        emit('payment_method.detached', pm);
        return pm;
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents$/,
      (_m, body) => {
        const amount = Number(body.amount);
        if (!Number.isInteger(amount) || amount < 50) throw invalid('Amount must be at least 50 cents.', 'amount');
        const cid = str(body.customer);
        const c = customer(cid);
        const pmId = str(body.payment_method) ?? str((c.invoice_settings as Obj | undefined)?.default_payment_method);
        const pm = paymentMethod(pmId);
        if (pm.customer !== cid)
          throw invalid('The payment method is not attached to this customer.', 'payment_method');
        const pi: Obj = {
          id: id('pi'),
          object: 'payment_intent',
          created: unix(),
          amount,
          currency: str(body.currency) ?? 'eur',
          customer: cid,
          payment_method: pm.id,
          description: str(body.description) ?? null,
          metadata: body.metadata ?? {},
          status: 'requires_confirmation',
          last_payment_error: null,
          next_action: null,
          off_session: body.off_session === 'true',
        };
        pi.client_secret = `${String(pi.id)}_secret_${randomBytes(12).toString('base64url')}`;
        state.paymentIntents[String(pi.id)] = pi;
        if (body.confirm !== 'true') return pi;
        return confirmCharge(pi, pm.card);
      },
    ],
    ['GET', /^\/v1\/payment_intents\/([\w-]+)$/, ([, pid]) => intent(state.paymentIntents, 'payment_intent', pid!)],
    [
      'GET',
      /^\/v1\/payment_intents$/,
      (_m, query) => {
        // Stripe's list: the newest first, `created[gte]`, pages of `limit` (at most 100) after `starting_after`.
        const gte = Number((query.created as Obj | undefined)?.gte ?? 0);
        const limit = Math.min(100, Math.max(1, Number(query.limit ?? 10)));
        const all = Object.values(state.paymentIntents)
          .filter((pi) => Number(pi.created) >= gte)
          .sort((a, b) => Number(b.created) - Number(a.created) || String(b.id).localeCompare(String(a.id)));
        const after = str(query.starting_after);
        const from = after ? all.findIndex((pi) => pi.id === after) + 1 : 0;
        const data = all.slice(from, from + limit);
        return { object: 'list', data, has_more: from + limit < all.length, url: '/v1/payment_intents' };
      },
    ],
    [
      'POST',
      /^\/v1\/refunds$/,
      (_m, body) => {
        const pi = intent(state.paymentIntents, 'payment_intent', String(body.payment_intent));
        if (pi.status !== 'succeeded') throw invalid('This PaymentIntent has no successful charge to refund.');
        if (pi.amount_refunded) {
          throw new StripeError(400, {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: 'This charge has already been refunded.',
          });
        }
        const refund = {
          id: id('re'),
          object: 'refund',
          created: unix(),
          amount: pi.amount,
          currency: pi.currency,
          payment_intent: pi.id,
          status: 'succeeded',
          metadata: body.metadata ?? {},
        };
        state.refunds[refund.id] = refund;
        pi.amount_refunded = pi.amount;
        emit('refund.created', refund);
        return refund;
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents\/([\w-]+)\/authenticate$/,
      ([, pid], body, key) => {
        const pi = intent(state.paymentIntents, 'payment_intent', pid!);
        fromBrowser(key, body, pi);
        if (pi.status !== 'requires_action') throw invalid('This PaymentIntent does not wait for authentication.');
        if (body.result === 'fail') {
          const error = { code: 'payment_intent_authentication_failure', message: 'The authentication failed.' };
          Object.assign(pi, { status: 'requires_payment_method', next_action: null, last_payment_error: error });
          emit('payment_intent.payment_failed', pi);
          return pi;
        }
        Object.assign(pi, { status: 'succeeded', next_action: null });
        emit('payment_intent.succeeded', pi);
        return pi;
      },
    ],
  ];

  /** A charge by the test-card table: succeeded, waiting for authentication (on-session), or a card error. */
  const confirmCharge = (pi: Obj, card: Card): Obj => {
    const outcome = chargeOutcome(card.behaviour, pi.off_session === true, false);
    if (outcome === 'succeeded') {
      pi.status = 'succeeded';
      emit('payment_intent.succeeded', pi);
      return pi;
    }
    if (outcome === 'requires_action') {
      Object.assign(pi, { status: 'requires_action', next_action: { type: 'use_stripe_sdk' } });
      emit('payment_intent.requires_action', pi);
      return pi;
    }
    Object.assign(pi, { status: 'requires_payment_method', last_payment_error: { ...outcome } });
    emit('payment_intent.payment_failed', pi);
    throw cardError(outcome, { payment_intent: { id: pi.id, status: pi.status } });
  };

  return routes;
}

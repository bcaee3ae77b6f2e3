import type { CardSetup, PaymentMethods, SubscribeResult } from '@tutti/contract/payments';
import type { Product } from '@tutti/contract/subscriptions';
import { expect } from 'vitest';
import { call, type ApiResponse, type TestApp } from './app.ts';
import type { ErrorJson } from './sessions.ts';
import type { SignedInUser } from './users.ts';

/** Stripe's test cards (the sandbox answers by the same table). */
export const CARDS = {
  ok: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  failsWhenCharged: '4000000000000341',
  authentication: '4000002500003155',
} as const;

/** A Visa number no one used yet (Luhn-valid, charged like 4242): a trial is once per card fingerprint, and the
 *  suites share a database on PostgreSQL. */
export function freshCardNumber(): string {
  const digits = [4, ...Array.from({ length: 14 }, () => Math.floor(Math.random() * 10))];
  const sum = digits
    .slice()
    .reverse()
    .reduce((acc, d, i) => acc + (i % 2 === 0 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
  return [...digits, (10 - (sum % 10)) % 10].join('');
}

const NEXT_YEAR = new Date().getUTCFullYear() + 3;

/** What the payment form does: a SetupIntent from Tutti, confirmed with the card at the sandbox (through the page's
 *  same-origin address) with the publishable key, as Stripe.js confirms it with Stripe. */
export async function saveCard(
  t: TestApp,
  user: SignedInUser,
  number: string,
  options: { authenticate?: 'pass' | 'fail' } = {},
): Promise<{ status: number; json: Record<string, unknown> & ErrorJson; setup: CardSetup }> {
  const setup = await call<CardSetup>(t, 'POST', 'v1/me/payments/methods', { token: user.accessToken, body: {} });
  expect(setup.status, setup.text).toBe(201);
  const browser = async (url: string, body: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${setup.json.publishableKey}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ client_secret: setup.json.clientSecret, ...body }),
    });
    return { status: res.statusCode, json: JSON.parse(res.body) as Record<string, unknown> & ErrorJson };
  };
  const confirmed = await browser(setup.json.confirmUrl!, {
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': number,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': String(NEXT_YEAR),
    'payment_method_data[card][cvc]': '123',
  });
  if (confirmed.json.status === 'requires_action' && options.authenticate) {
    const authenticated = await browser(setup.json.confirmUrl!.replace(/confirm$/, 'authenticate'), {
      result: options.authenticate,
    });
    return { ...authenticated, setup: setup.json };
  }
  return { ...confirmed, setup: setup.json };
}

export const listCards = (t: TestApp, user: SignedInUser) =>
  call<PaymentMethods & ErrorJson>(t, 'GET', 'v1/me/payments/methods', { token: user.accessToken });

export const subscribe = (
  t: TestApp,
  user: SignedInUser,
  productId: string,
  password = user.password,
  /** The page's idempotency key (one per confirmation, sent again on a retry). */
  idempotencyKey?: string,
) =>
  call<SubscribeResult & ErrorJson>(t, 'POST', 'v2/me/subscriptions', {
    token: user.accessToken,
    body: { productId, password, ...(idempotencyKey && { idempotencyKey }) },
  });

/** The succeeded payments the payment service holds for an account (what its bank statement would show). */
export const chargesOf = async (t: TestApp, user: SignedInUser) =>
  (await t.app.tutti.billing!.provider.listCharges(new Date(0))).filter((c) => c.metadata['accountId'] === user.id);

/** The bank's page, in the sandbox: the musician authenticates a pending first payment. */
export async function authenticatePayment(t: TestApp, result: SubscribeResult, setup: CardSetup, outcome = 'pass') {
  const res = await t.app.inject({
    method: 'POST',
    url: result.payment!.authenticateUrl!,
    headers: { authorization: `Bearer ${setup.publishableKey}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ client_secret: result.payment!.clientSecret, result: outcome }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** An enabled paid product made by an administrator. */
export async function paidProduct(
  t: TestApp,
  admin: SignedInUser,
  body: { priceCents?: number; trial?: { length: number; unit: 'day' | 'month' } | null } = {},
): Promise<Product> {
  const created: ApiResponse<Product> = await call<Product>(t, 'POST', 'v1/products', {
    token: admin.accessToken,
    body: {
      name: { en: 'Band', fr: 'Groupe' },
      priceCents: body.priceCents ?? 999,
      trial: body.trial === undefined ? { length: 14, unit: 'day' } : body.trial,
    },
  });
  expect(created.status, created.text).toBe(201);
  const enabled = await call<Product>(t, 'POST', `v1/products/${created.json.id}/enable`, { token: admin.accessToken });
  expect(enabled.status).toBe(200);
  return enabled.json;
}

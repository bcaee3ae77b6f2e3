import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseForm, startPaymentSandbox, type PaymentSandbox } from './stripe-sandbox.ts';

const KEYS = { secretKey: 'sk_test_sandbox', publishableKey: 'pk_test_sandbox', webhookSecret: 'whsec_sandbox' };
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

/** The official SDK, pointed at the sandbox as the server points it. */
const sdk = (sandbox: PaymentSandbox, key = KEYS.secretKey) =>
  new Stripe(key, { host: '127.0.0.1', port: sandbox.port, protocol: 'http', maxNetworkRetries: 0 });

describe('the payment sandbox, driven by the stripe SDK', () => {
  let sandbox: PaymentSandbox;
  let stripe: Stripe;
  let hooks: Server;
  const events: { body: string; signature: string }[] = [];

  beforeAll(async () => {
    hooks = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        events.push({ body, signature: String(req.headers['stripe-signature']) });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    sandbox = await startPaymentSandbox({
      ...KEYS,
      webhookUrl: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hooks`,
    });
    stripe = sdk(sandbox);
  });
  afterAll(async () => {
    await sandbox.close();
    await new Promise((resolve) => hooks.close(resolve));
  });

  /** What Stripe.js does in the page: confirm the SetupIntent with the card, with the publishable key. */
  const confirmInBrowser = async (intent: Stripe.SetupIntent, number: string, extra: Record<string, string> = {}) => {
    const body = new URLSearchParams({
      client_secret: intent.client_secret ?? '',
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': number,
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': String(NEXT_YEAR),
      'payment_method_data[card][cvc]': '123',
      ...extra,
    });
    const res = await fetch(`${sandbox.url}/v1/setup_intents/${intent.id}/confirm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEYS.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    return { status: res.status, json: (await res.json()) as Stripe.SetupIntent & { error?: Record<string, string> } };
  };
  const authenticate = async (path: string, secret: string | null, result: 'succeed' | 'fail') =>
    fetch(`${sandbox.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEYS.publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: secret ?? '', result }),
    });
  const savedCard = async (customer: string, number: string) => {
    const intent = await stripe.setupIntents.create({ customer, usage: 'off_session' });
    const confirmed = await confirmInBrowser(intent, number);
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    return confirmed.json;
  };

  it('saves 4242 4242 4242 4242 and charges it off-session once per idempotency key', async () => {
    const customer = await stripe.customers.create({ email: 'ann@example.com', metadata: { account: 'a1' } });
    const setup = await savedCard(customer.id, '4242 4242 4242 4242');
    expect(setup.status).toBe('succeeded');
    const cards = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(cards.data).toHaveLength(1);
    expect(cards.data[0]?.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: NEXT_YEAR });
    expect(JSON.stringify(cards.data[0])).not.toContain('4242424242424242');
    const pm = cards.data[0]!.id;
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm } });

    const charge = () =>
      stripe.paymentIntents.create(
        { amount: 999, currency: 'eur', customer: customer.id, off_session: true, confirm: true },
        { idempotencyKey: 'invoice-1-attempt-1' },
      );
    const first = await charge();
    expect(first).toMatchObject({ status: 'succeeded', amount: 999, payment_method: pm });
    expect((await charge()).id).toBe(first.id);
    const other = await stripe.paymentIntents.create(
      { amount: 999, currency: 'eur', customer: customer.id, payment_method: pm, off_session: true, confirm: true },
      { idempotencyKey: 'invoice-2-attempt-1' },
    );
    expect(other.id).not.toBe(first.id);
  });

  it('refuses 0002 (declined) and 9995 (insufficient funds) when saved, 0341 when charged', async () => {
    const customer = await stripe.customers.create({});
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    const declined = await confirmInBrowser(intent, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(declined.json.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
    const poor = await confirmInBrowser(intent, '4000000000009995');
    expect(poor.json.error).toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds' });
    expect((await stripe.paymentMethods.list({ customer: customer.id })).data).toHaveLength(0);

    const saved = await savedCard(customer.id, '4000000000000341');
    const attempt = stripe.paymentIntents.create({
      amount: 500,
      currency: 'eur',
      customer: customer.id,
      payment_method: String(saved.payment_method),
      off_session: true,
      confirm: true,
    });
    await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeCardError);
    await expect(attempt).rejects.toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
  });

  it('asks 3155 for authentication when saved, then charges it off-session; on-session it asks again', async () => {
    const customer = await stripe.customers.create({});
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    const waiting = await confirmInBrowser(intent, '4000002500003155');
    expect(waiting.json).toMatchObject({ status: 'requires_action', payment_method: null });
    expect((await authenticate(`/v1/setup_intents/${intent.id}/authenticate`, 'wrong', 'succeed')).status).toBe(401);
    await authenticate(`/v1/setup_intents/${intent.id}/authenticate`, intent.client_secret, 'succeed');
    const done = await stripe.setupIntents.retrieve(intent.id);
    expect(done.status).toBe('succeeded');
    const pm = String(done.payment_method);

    const offSession = await stripe.paymentIntents.create({
      amount: 999,
      currency: 'eur',
      customer: customer.id,
      payment_method: pm,
      off_session: true,
      confirm: true,
    });
    expect(offSession.status).toBe('succeeded');
    const onSession = await stripe.paymentIntents.create({
      amount: 999,
      currency: 'eur',
      customer: customer.id,
      payment_method: pm,
      confirm: true,
    });
    expect(onSession.status).toBe('requires_action');
    await authenticate(`/v1/payment_intents/${onSession.id}/authenticate`, onSession.client_secret, 'succeed');
    expect((await stripe.paymentIntents.retrieve(onSession.id)).status).toBe('succeeded');

    // An authentication the payer refuses leaves the setup without a card.
    const second = await stripe.setupIntents.create({ customer: customer.id });
    await confirmInBrowser(second, '4000002500003155');
    await authenticate(`/v1/setup_intents/${second.id}/authenticate`, second.client_secret, 'fail');
    expect((await stripe.setupIntents.retrieve(second.id)).status).toBe('requires_payment_method');
  });

  it('checks the number, the expiry and the CVC as Stripe does', async () => {
    const customer = await stripe.customers.create({});
    const intent = await stripe.setupIntents.create({ customer: customer.id });
    expect((await confirmInBrowser(intent, '4242424242424241')).json.error).toMatchObject({ code: 'incorrect_number' });
    const expired = await confirmInBrowser(intent, '4242424242424242', {
      'payment_method_data[card][exp_year]': '2020',
    });
    expect(expired.json.error).toMatchObject({ code: 'expired_card' });
    const cvc = await confirmInBrowser(intent, '4242424242424242', { 'payment_method_data[card][cvc]': '1' });
    expect(cvc.json.error).toMatchObject({ code: 'invalid_cvc' });
  });

  it('detaches a card, clearing it as the default', async () => {
    const customer = await stripe.customers.create({});
    const setup = await savedCard(customer.id, '5555555555554444');
    const pm = String(setup.payment_method);
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm } });
    expect((await stripe.paymentMethods.retrieve(pm)).card?.brand).toBe('mastercard');
    await stripe.paymentMethods.detach(pm);
    expect((await stripe.paymentMethods.list({ customer: customer.id })).data).toHaveLength(0);
    const after = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    expect(after.invoice_settings.default_payment_method).toBeNull();
  });

  it('signs its webhooks as Stripe does: the SDK verifies them, a wrong secret does not', async () => {
    await expect.poll(() => events.some((e) => e.body.includes('"payment_intent.succeeded"'))).toBe(true);
    const { body, signature } = events.find((e) => e.body.includes('"payment_intent.succeeded"'))!;
    const event = stripe.webhooks.constructEvent(body, signature, KEYS.webhookSecret);
    expect(event.type).toBe('payment_intent.succeeded');
    expect(() => stripe.webhooks.constructEvent(body, signature, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });

  it('refuses a wrong secret key, and the publishable key beyond what a page may call', async () => {
    await expect(sdk(sandbox, 'sk_test_wrong').customers.create({})).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    await expect(sdk(sandbox, KEYS.publishableKey).customers.create({})).rejects.toMatchObject({ statusCode: 401 });
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({ code: 'resource_missing' });
  });

  it('keeps its objects across a restart when given a state file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tutti-sandbox-'));
    try {
      const stateFile = join(dir, 'payments-sandbox.json');
      const first = await startPaymentSandbox({ ...KEYS, stateFile });
      const customer = await sdk(first).customers.create({ email: 'kept@example.com' });
      await first.close();
      const second = await startPaymentSandbox({ ...KEYS, stateFile });
      expect(((await sdk(second).customers.retrieve(customer.id)) as Stripe.Customer).email).toBe('kept@example.com');
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("Stripe's form encoding", () => {
  it('reads nested keys and lists', () => {
    expect(parseForm('a=1&b[c]=2&b[d][e]=3&list[]=x&list[]=y')).toEqual({
      a: '1',
      b: { c: '2', d: { e: '3' } },
      list: ['x', 'y'],
    });
  });
});

import type { Invoice } from '@tutti/contract/payments';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { call } from './support/app.ts';
import { databases } from './support/databases.ts';
import { CARDS, paidProduct, saveCard, subscribe } from './support/payments.ts';
import { newAdmin, sessionsSuite } from './support/sessions.ts';
import { createUser } from './support/users.ts';

const WEBHOOK = '/api/payments/webhook';

describe.each(databases())('payment webhooks on $name', (database) => {
  const {
    h,
    users: [admin],
  } = sessionsSuite(database, [newAdmin]);

  const post = (payload: string, signature?: string) =>
    h.t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json', ...(signature && { 'stripe-signature': signature }) },
      payload,
    });

  it('refuses an event without a valid signature on its raw body', async () => {
    const event = JSON.stringify({ id: 'evt_forged', type: 'payment_intent.succeeded', data: { object: {} } });
    expect((await post(event)).statusCode).toBe(400);
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({ payload: event, secret: 'whsec_not_the_one' });
    const refused = await post(event, wrongSecret);
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body).error.code).toBe('BAD_REQUEST');
    // Signed right, but the body changed after signing (re-serialized JSON): refused too.
    const secret = h.t.app.tutti.billing!.webhookSecret!;
    const signed = Stripe.webhooks.generateTestHeaderString({ payload: event, secret });
    expect((await post(JSON.stringify(JSON.parse(event), null, 1), signed)).statusCode).toBe(400);
    expect((await post(event, signed)).statusCode).toBe(200);
  });

  it('completes an authenticated first payment from its event, once, however often the event comes', async () => {
    const sandbox = h.t.app.tutti.billing!.sandbox!;
    const delivered: { payload: string; signature: string }[] = [];
    sandbox.setDeliver(async (payload, signature) => {
      delivered.push({ payload, signature });
      await post(payload, signature);
    });
    const product = await paidProduct(h.t, admin, { trial: null });
    const kim = await createUser(h.t);
    const card = await saveCard(h.t, kim, CARDS.authentication, { authenticate: 'pass' });
    const pending = await subscribe(h.t, kim, product.id);
    expect(pending.json.payment?.status).toBe('requires_action');

    // The bank's page says yes; Stripe tells Tutti through the webhook (no validate call from the page).
    const authenticated = await h.t.app.inject({
      method: 'POST',
      url: pending.json.payment!.authenticateUrl!,
      headers: { authorization: `Bearer ${card.setup.publishableKey}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ client_secret: pending.json.payment!.clientSecret, result: 'pass' }),
    });
    expect(authenticated.statusCode).toBe(200);
    const succeeded = async () => delivered.find((d) => JSON.parse(d.payload).type === 'payment_intent.succeeded');
    await expect.poll(succeeded).toBeDefined();
    await h.t.app.tutti.jobs.runNow('payment-events');
    const invoices = async () =>
      (await call<Invoice[]>(h.t, 'GET', 'v1/me/payments/invoices', { token: kim.accessToken })).json;
    await expect.poll(async () => (await invoices()).map((i) => i.status)).toEqual(['paid']);
    const receipts = () => h.t.mail.messages.filter((m) => m.to === kim.email && /^Payment receipt/.test(m.subject));
    // The event may be stored after the run above began: the run its storing starts settles it, then mails the receipt.
    await expect.poll(receipts).toHaveLength(1);

    // The same event again (Stripe retries deliveries): stored once, nothing happens twice.
    const event = (await succeeded())!;
    const replay = await post(event.payload, event.signature);
    expect(replay.statusCode).toBe(200);
    expect(JSON.parse(replay.body)).toEqual({ received: true, duplicate: true });
    await h.t.app.tutti.jobs.runNow('payment-events');
    expect(receipts()).toHaveLength(1);
    expect((await invoices()).map((i) => i.status)).toEqual(['paid']);
    sandbox.setDeliver(null);
  });
});

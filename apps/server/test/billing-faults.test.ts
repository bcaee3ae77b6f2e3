import type { Invoice } from '@tutti/contract/payments';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentsUnavailable, type PaymentProvider } from '../src/modules/subscriptions/payments/provider.ts';
import { WEBHOOK_PATH } from '../src/modules/subscriptions/payments/webhooks.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { databases, postgresDatabase, type TestDatabase } from './support/databases.ts';
import { CARDS, chargesOf, paidProduct, saveCard, subscribe } from './support/payments.ts';
import { ADMIN_EMAIL, newAdmin, sessionsSuite } from './support/sessions.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';
import { createUser, type SignedInUser } from './support/users.ts';

/**
 * Issue 29, point 0: a fault between the charge and its settlement used to lose the ledger's record of a payment the
 * card had made, and the retry charged again. The attempt now commits before the charge and the page's key finds it
 * again (docs/decisions/0031): whatever fails, one charge, one paid invoice, one receipt.
 */

/** After the provider's next charge went through, `fault` runs (the answer lost, the database cut...). */
function faultAfterNextCharge(provider: PaymentProvider, fault: () => Promise<void>) {
  const real = provider.charge;
  provider.charge = async (input) => {
    provider.charge = real;
    const result = await real(input);
    await fault();
    return result;
  };
}

const invoicesOf = async (t: TestApp, user: SignedInUser) =>
  (await call<Invoice[]>(t, 'GET', 'v1/me/payments/invoices', { token: user.accessToken })).json;
const receiptsOf = (t: TestApp, user: SignedInUser) =>
  t.mail.messages.filter((m) => m.to === user.email && /^Payment receipt/.test(m.subject));

/** Exactly one payment for the account: one charge at the provider, one paid invoice, one receipt. */
async function paidOnce(t: TestApp, user: SignedInUser) {
  expect(await chargesOf(t, user)).toHaveLength(1);
  expect((await invoicesOf(t, user)).map((i) => i.status)).toEqual(['paid']);
  await t.app.tutti.jobs.runNow('payment-events');
  expect(receiptsOf(t, user)).toHaveLength(1);
}

describe.each(databases())('subscribing through faults on $name', (database) => {
  const {
    h,
    users: [admin],
  } = sessionsSuite(database, [newAdmin]);

  it('replays the same charge when the answer was lost after the card was charged', async () => {
    const product = await paidProduct(h.t, admin, { trial: null });
    const ann = await createUser(h.t);
    await saveCard(h.t, ann, CARDS.ok);
    const key = randomUUID();
    // The provider charged the card, then its answer never came back (a time-out): 503, and the webhook never came.
    h.t.app.tutti.billing!.sandbox!.setDeliver(null);
    faultAfterNextCharge(h.t.app.tutti.billing!.provider, async () => {
      throw new PaymentsUnavailable('timed out');
    });
    const lost = await subscribe(h.t, ann, product.id, ann.password, key);
    expect(lost.status, lost.text).toBe(503);
    expect(await chargesOf(h.t, ann)).toHaveLength(1);

    const retried = await subscribe(h.t, ann, product.id, ann.password, key);
    expect(retried.status, retried.text).toBe(201);
    expect(retried.json.subscription.status).toBe('active');
    await paidOnce(h.t, ann);
  });

  it('charges once when two confirmations with the same key race', async () => {
    const product = await paidProduct(h.t, admin, { trial: null });
    const ben = await createUser(h.t);
    await saveCard(h.t, ben, CARDS.ok);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      subscribe(h.t, ben, product.id, ben.password, key),
      subscribe(h.t, ben, product.id, ben.password, key),
    ]);
    expect([a.status, b.status], a.text + b.text).toEqual([201, 201]);
    expect(a.json.subscription.id).toBe(b.json.subscription.id);
    expect([a.json.subscription.status, b.json.subscription.status]).toEqual(['active', 'active']);
    await paidOnce(h.t, ben);
  });

  it('answers a key sent again as the first time, and refuses it with another request', async () => {
    const band = await paidProduct(h.t, admin, { trial: null });
    const other = await paidProduct(h.t, admin, { trial: null, priceCents: 1999 });
    const cat = await createUser(h.t);
    await saveCard(h.t, cat, CARDS.ok);
    const key = randomUUID();
    const first = await subscribe(h.t, cat, band.id, cat.password, key);
    expect(first.status, first.text).toBe(201);
    // Long after the double-submit window: the key still names that subscription, and nothing is charged again.
    h.t.clock.advance(10 * 60_000);
    const again = await subscribe(h.t, cat, band.id, cat.password, key);
    expect(again.status, again.text).toBe(201);
    expect(again.json.subscription.id).toBe(first.json.subscription.id);
    const reused = await subscribe(h.t, cat, other.id, cat.password, key);
    expect(reused.status).toBe(409);
    expect(reused.json.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    await paidOnce(h.t, cat);

    // A refusal sent again with its key is the same refusal: the card is not tried a second time.
    const dan = await createUser(h.t);
    await saveCard(h.t, dan, CARDS.failsWhenCharged);
    const declinedKey = randomUUID();
    const refused = await subscribe(h.t, dan, band.id, dan.password, declinedKey);
    expect(refused.status).toBe(402);
    const refusedAgain = await subscribe(h.t, dan, band.id, dan.password, declinedKey);
    expect(refusedAgain.status).toBe(402);
    expect(refusedAgain.json.error).toMatchObject({
      code: 'PAYMENT_FAILED',
      details: { declineCode: 'generic_decline' },
    });
    expect((await invoicesOf(h.t, dan)).map((i) => [i.status, i.failureCode])).toEqual([['void', 'generic_decline']]);
  });
});

const serverUrl = process.env['TEST_DATABASE_URL'];

// A real cut of PostgreSQL's connections, between the charge and its settlement (PGlite runs in this process).
describe.runIf(serverUrl)('PostgreSQL cut between the charge and its settlement', () => {
  let proxy: TcpProxy;
  let database: TestDatabase;
  let t: TestApp;
  let isCut = false;
  beforeAll(async () => {
    const target = new URL(serverUrl ?? 'postgres://localhost');
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const through = new URL(target);
    through.host = `127.0.0.1:${proxy.port}`;
    database = postgresDatabase(through.toString());
    await database.setup();
    t = await startTestApp(database, { ADMIN_EMAILS: ADMIN_EMAIL });
  });
  afterAll(async () => {
    if (isCut) await proxy.restore();
    // Closing waits for every pooled connection: a transaction's connection lost in the cut must have been given back.
    await t?.close();
    await database?.teardown();
    await proxy?.close();
  });

  it('keeps the attempt, and the retry with the same key settles the one charge', async () => {
    const admin = await createUser(t, { email: ADMIN_EMAIL });
    const product = await paidProduct(t, admin, { trial: null });
    const eve = await createUser(t);
    await saveCard(t, eve, CARDS.ok);
    const key = randomUUID();
    // Its webhook goes nowhere while the database is away, as a webhook Stripe could not deliver yet.
    const sandbox = t.app.tutti.billing!.sandbox!;
    sandbox.setDeliver(null);
    faultAfterNextCharge(t.app.tutti.billing!.provider, async () => {
      isCut = true;
      await proxy.cut();
    });
    const cut = await subscribe(t, eve, product.id, eve.password, key);
    expect(cut.status, cut.text).toBe(503);
    expect(await chargesOf(t, eve)).toHaveLength(1);

    await proxy.restore();
    isCut = false;
    sandbox.setDeliver(async (payload, signature) => {
      await t.app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    });
    await expect.poll(async () => (await subscribe(t, eve, product.id, eve.password, key)).status).toBe(201);
    const retried = await subscribe(t, eve, product.id, eve.password, key);
    expect(retried.json.subscription.status).toBe('active');
    await paidOnce(t, eve);
  });
});

import type { Invoice, PaymentIncident, ReconciliationReport } from '@tutti/contract/payments';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { billingCustomers, invoices, subscriptions } from '../src/platform/schema.ts';
import { call, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import {
  authenticatePayment,
  CARDS,
  chargesOf,
  listCards,
  paidProduct,
  saveCard,
  subscribe,
} from './support/payments.ts';
import { newAdmin, sessionsSuite } from './support/sessions.ts';
import { createUser, type SignedInUser } from './support/users.ts';

/**
 * Issue 29, point 0: a succeeded payment whose invoice is missing, void or paid by another payment used to be marked
 * processed and forgotten. It is an incident now: attached to what the account owes, or refunded, and shown to
 * administrators (docs/decisions/0031).
 */
describe.each(databases())('payment incidents and reconciliation on $name', (database) => {
  const {
    h,
    users: [admin],
  } = sessionsSuite(database, [newAdmin]);

  const incidents = async () =>
    (await call<PaymentIncident[]>(h.t, 'GET', 'v1/payments/incidents', { token: admin!.accessToken })).json;
  const reconcile = async () => {
    const res = await call<ReconciliationReport>(h.t, 'POST', 'v1/payments/reconciliation', {
      token: admin!.accessToken,
    });
    expect(res.status, res.text).toBe(200);
    return res.json;
  };
  const invoicesOf = async (user: SignedInUser) =>
    (await call<Invoice[]>(h.t, 'GET', 'v1/me/payments/invoices', { token: user.accessToken })).json;

  /** A payment the provider made for the account that names an invoice the ledger never kept (a lost commit). */
  async function strayCharge(t: TestApp, user: SignedInUser, amountCents: number) {
    const [customer] = await t.app.tutti.database.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.accountId, user.id));
    const [card] = (await listCards(t, user)).json.items;
    const result = await t.app.tutti.billing!.provider.charge({
      customerId: customer!.customerId,
      cardId: card!.id,
      amountCents,
      description: 'lost',
      idempotencyKey: randomUUID(),
      offSession: false,
      metadata: { invoiceId: randomUUID(), subscriptionId: randomUUID(), accountId: user.id },
    });
    expect(result.status).toBe('succeeded');
    return result.paymentIntentId;
  }

  it('reconciles a succeeded charge whose invoice is missing into a refunded incident, once', async () => {
    const ann = await createUser(h.t);
    await saveCard(h.t, ann, CARDS.ok);
    // Its webhook never comes: only the comparison with the provider can find it.
    h.t.app.tutti.billing!.sandbox!.setDeliver(null);
    const paymentIntentId = await strayCharge(h.t, ann, 999);

    const report = await reconcile();
    expect(report).toMatchObject({ incidents: 1, settled: 0 });
    expect(report.charges).toBeGreaterThanOrEqual(1);
    const [incident] = (await incidents()).filter((i) => i.paymentIntentId === paymentIntentId);
    expect(incident).toMatchObject({
      kind: 'missing_invoice',
      status: 'refunded',
      amountCents: 999,
      account: { id: ann.id },
      detectedBy: 'reconciliation',
      refundId: expect.stringMatching(/^re_/),
      error: null,
    });
    expect(incident!.resolvedAt).not.toBeNull();
    // Found again the next day: nothing new, no second refund.
    expect((await reconcile()).incidents).toBe(0);
    expect((await incidents()).filter((i) => i.paymentIntentId === paymentIntentId)).toHaveLength(1);

    // Only administrators see them or run the comparison.
    const peek = await call(h.t, 'GET', 'v1/payments/incidents', { token: ann.accessToken });
    expect(peek.status).toBe(403);
  });

  it('pays an overdue renewal of the same account with such a charge instead of refunding it', async () => {
    const product = await paidProduct(h.t, admin!, { trial: null });
    const ben = await createUser(h.t);
    await saveCard(h.t, ben, CARDS.ok);
    h.t.app.tutti.billing!.sandbox!.setDeliver(null);
    // A renewal that failed and waits for its retry (as the billing job leaves it).
    const db = h.t.app.tutti.database.db;
    const at = h.t.clock.now();
    const [s] = await db
      .insert(subscriptions)
      .values({ accountId: ben.id, productId: product.id, status: 'past_due', currentPeriodEnd: at, billingAnchor: at })
      .returning();
    const [owed] = await db
      .insert(invoices)
      .values({
        number: `TEST-${randomUUID()}`,
        accountId: ben.id,
        subscriptionId: s!.id,
        productNameEn: 'Band',
        productNameFr: 'Groupe',
        amountCents: 999,
        status: 'open',
        periodStart: at,
        periodEnd: at,
        attempts: 1,
        failureCode: 'insufficient_funds',
        nextAttemptAt: at,
      })
      .returning();
    const paymentIntentId = await strayCharge(h.t, ben, 999);
    expect((await reconcile()).incidents).toBe(1);
    const [incident] = (await incidents()).filter((i) => i.paymentIntentId === paymentIntentId);
    expect(incident).toMatchObject({ kind: 'missing_invoice', status: 'attached', attachedInvoiceId: owed!.id });
    expect(incident!.refundId).toBeNull();
    expect((await invoicesOf(ben)).map((i) => [i.id, i.status])).toEqual([[owed!.id, 'paid']]);
    const [after] = await db.select().from(subscriptions).where(eq(subscriptions.id, s!.id));
    expect(after!.status).toBe('active');
  });

  it('opens an incident from the webhook of a payment authenticated after its invoice was voided', async () => {
    const first = await paidProduct(h.t, admin!, { trial: null });
    const other = await paidProduct(h.t, admin!, { trial: null, priceCents: 1999 });
    const cat = await createUser(h.t);
    const card = await saveCard(h.t, cat, CARDS.authentication, { authenticate: 'pass' });
    const pending = await subscribe(h.t, cat, first.id);
    expect(pending.json.payment?.status).toBe('requires_action');
    // Another offer chosen meanwhile: the first subscription is abandoned, its invoice void.
    expect((await subscribe(h.t, cat, other.id)).status).toBe(201);
    const sandbox = h.t.app.tutti.billing!.sandbox!;
    sandbox.setDeliver(async (payload, signature) => {
      await h.t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    });
    // ... and the bank's page, still open, says yes to the first payment.
    await authenticatePayment(h.t, pending.json, card.setup);
    const mine = async () => {
      await h.t.app.tutti.jobs.runNow('payment-events');
      return (await incidents()).filter((i) => i.paymentIntentId === pending.json.payment!.paymentIntentId);
    };
    await expect.poll(mine).toHaveLength(1);
    expect((await mine())[0]).toMatchObject({ kind: 'void_invoice', status: 'refunded', detectedBy: 'webhook' });
    expect(await chargesOf(h.t, cat)).toHaveLength(1);
    sandbox.setDeliver(null);
  });
});

import type { Invoice, PaymentMethods } from '@tutti/contract/payments';
import type { MySubscriptions, Subscription } from '@tutti/contract/subscriptions';
import { describe, expect, it } from 'vitest';
import { call } from './support/app.ts';
import { pdfText } from './support/pdf-text.ts';
import { databases } from './support/databases.ts';
import {
  authenticatePayment,
  CARDS,
  freshCardNumber,
  listCards,
  paidProduct,
  saveCard,
  subscribe,
} from './support/payments.ts';
import { newAdmin, sessionsSuite, type ErrorJson } from './support/sessions.ts';
import { createUser, type SignedInUser } from './support/users.ts';

describe.each(databases())('cards and subscribing on $name', (database) => {
  const {
    h,
    users: [admin],
  } = sessionsSuite(database, [newAdmin]);

  const mine = async (user: SignedInUser) =>
    (await call<MySubscriptions>(h.t, 'GET', 'v2/me/subscriptions', { token: user.accessToken })).json;
  const invoicesOf = async (user: SignedInUser) =>
    (await call<Invoice[]>(h.t, 'GET', 'v1/me/payments/invoices', { token: user.accessToken })).json;

  it('saves cards through the payment service, by the test-card table, and keeps only what is shown', async () => {
    const ann = await createUser(h.t);
    expect((await listCards(h.t, ann)).json).toEqual({ items: [], lastCardRequired: false });

    const declined = await saveCard(h.t, ann, CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.json.error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
    const saved = await saveCard(h.t, ann, CARDS.ok);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.status).toBe('succeeded');

    const cards = (await listCards(h.t, ann)).json;
    expect(cards.items).toHaveLength(1);
    expect(cards.items[0]).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, isDefault: true });
    expect(JSON.stringify(cards)).not.toContain(CARDS.ok);
  });

  it('asks for authentication when the bank wants it, and saves the card once it is given', async () => {
    const ben = await createUser(h.t);
    const pending = await saveCard(h.t, ben, CARDS.authentication);
    expect(pending.json.status).toBe('requires_action');
    expect((await listCards(h.t, ben)).json.items).toHaveLength(0);
    const failed = await saveCard(h.t, ben, CARDS.authentication, { authenticate: 'fail' });
    expect(failed.json.status).toBe('requires_payment_method');
    const passed = await saveCard(h.t, ben, CARDS.authentication, { authenticate: 'pass' });
    expect(passed.json.status).toBe('succeeded');
    expect((await listCards(h.t, ben)).json.items.map((c) => c.last4)).toEqual(['3155']);
  });

  it('changes the default card and never removes the last one while a subscription renews with it', async () => {
    const product = await paidProduct(h.t, admin);
    const cleo = await createUser(h.t);
    await saveCard(h.t, cleo, CARDS.ok);
    const started = await subscribe(h.t, cleo, product.id);
    expect(started.status, started.text).toBe(201);
    const [first] = (await listCards(h.t, cleo)).json.items;
    expect((await listCards(h.t, cleo)).json.lastCardRequired).toBe(true);

    const last = await call<ErrorJson>(h.t, 'DELETE', `v1/me/payments/methods/${first!.id}`, {
      token: cleo.accessToken,
    });
    expect(last.status).toBe(409);
    expect(last.json.error.code).toBe('LAST_PAYMENT_METHOD');

    await saveCard(h.t, cleo, '5555555555554444');
    const second = (await listCards(h.t, cleo)).json.items.find((c) => c.last4 === '4444')!;
    const changed = await call<PaymentMethods>(h.t, 'PUT', 'v1/me/payments/methods/default', {
      token: cleo.accessToken,
      body: { paymentMethod: second.id },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.items[0]).toMatchObject({ last4: '4444', isDefault: true });
    const removed = await call(h.t, 'DELETE', `v1/me/payments/methods/${first!.id}`, { token: cleo.accessToken });
    expect(removed.status, removed.text).toBe(204);
    expect((await listCards(h.t, cleo)).json.items.map((c) => c.last4)).toEqual(['4444']);

    // Someone else's card is nobody's card.
    const dan = await createUser(h.t);
    for (const res of [
      await call(h.t, 'DELETE', `v1/me/payments/methods/${second.id}`, { token: dan.accessToken }),
      await call(h.t, 'PUT', 'v1/me/payments/methods/default', {
        token: dan.accessToken,
        body: { paymentMethod: second.id },
      }),
    ]) {
      expect(res.status).toBe(404);
    }
  });

  it('starts a trial once, with the password, and one double submit is one subscription', async () => {
    const product = await paidProduct(h.t, admin, { trial: { length: 14, unit: 'day' } });
    const eve = await createUser(h.t);
    const noCard = await subscribe(h.t, eve, product.id);
    expect(noCard.status).toBe(409);
    expect(noCard.json.error.code).toBe('PAYMENT_METHOD_REQUIRED');
    const number = freshCardNumber();
    await saveCard(h.t, eve, number);

    const wrong = await subscribe(h.t, eve, product.id, 'not my password');
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toMatchObject({ code: 'WRONG_PASSWORD', fields: { password: 'wrong_password' } });

    const [a, b] = await Promise.all([subscribe(h.t, eve, product.id), subscribe(h.t, eve, product.id)]);
    expect([a.status, b.status], a.text + b.text).toEqual([201, 201]);
    expect(a.json.subscription.id).toBe(b.json.subscription.id);
    expect(a.json.subscription).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: false });
    expect(a.json.payment).toBeNull();
    const trialEnd = new Date(a.json.subscription.trialEnd!).getTime();
    expect(trialEnd - h.t.clock.now().getTime()).toBeGreaterThan(13.9 * 86_400_000);
    expect((await mine(eve)).current?.id).toBe(a.json.subscription.id);
    expect(await invoicesOf(eve)).toEqual([]);
    expect(h.t.mail.lastTo(eve.email)?.subject).toMatch(/trial has started/);

    // The same card on another account: no second trial, the first month is charged.
    const fay = await createUser(h.t);
    await saveCard(h.t, fay, number);
    const paid = await subscribe(h.t, fay, product.id);
    expect(paid.status, paid.text).toBe(201);
    expect(paid.json.subscription).toMatchObject({ status: 'active', trialEnd: null });
    const [invoice] = await invoicesOf(fay);
    expect(invoice).toMatchObject({ status: 'paid', amountCents: 999, currency: 'EUR', productName: 'Band' });
    const receipt = h.t.mail.lastTo(fay.email);
    expect(receipt?.subject).toBe(`Payment receipt ${invoice!.number}`);
    expect(receipt?.attachments?.[0]?.filename).toBe(`${invoice!.number}.pdf`);
  });

  it('refuses a declined first payment without keeping anything, and charges once on the retry', async () => {
    const product = await paidProduct(h.t, admin, { trial: null });
    const gus = await createUser(h.t);
    await saveCard(h.t, gus, CARDS.failsWhenCharged);
    const refused = await subscribe(h.t, gus, product.id);
    expect(refused.status).toBe(402);
    expect(refused.json.error).toMatchObject({ code: 'PAYMENT_FAILED', details: { declineCode: 'generic_decline' } });
    expect((await mine(gus)).current).toBeNull();
    // The invoice and its attempt were recorded before the charge (docs/decisions/0031): it stays, void, with the
    // bank's reason, and nothing was charged.
    expect((await invoicesOf(gus)).map((i) => [i.status, i.failureCode, i.paidAt])).toEqual([
      ['void', 'generic_decline', null],
    ]);

    await saveCard(h.t, gus, CARDS.ok);
    const cards = (await listCards(h.t, gus)).json.items;
    await call(h.t, 'PUT', 'v1/me/payments/methods/default', {
      token: gus.accessToken,
      body: { paymentMethod: cards.find((c) => c.last4 === '4242')!.id },
    });
    const ok = await subscribe(h.t, gus, product.id);
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json.subscription.status).toBe('active');
    expect((await invoicesOf(gus)).map((i) => i.status).sort()).toEqual(['paid', 'void']);
  });

  it('completes a first payment once the musician authenticates it (validate)', async () => {
    const product = await paidProduct(h.t, admin, { trial: null });
    const hal = await createUser(h.t);
    const card = await saveCard(h.t, hal, CARDS.authentication, { authenticate: 'pass' });
    const pending = await subscribe(h.t, hal, product.id);
    expect(pending.status, pending.text).toBe(201);
    expect(pending.json.subscription.status).toBe('incomplete');
    expect(pending.json.payment).toMatchObject({ status: 'requires_action' });
    expect((await mine(hal)).current).toBeNull();

    const early = await call<ErrorJson>(h.t, 'POST', `v1/subscriptions/${pending.json.subscription.id}/validate`, {
      token: hal.accessToken,
    });
    expect(early.status).toBe(409);

    await authenticatePayment(h.t, pending.json, card.setup);
    const validated = await call<Subscription>(
      h.t,
      'POST',
      `v1/subscriptions/${pending.json.subscription.id}/validate`,
      { token: hal.accessToken },
    );
    expect(validated.status, validated.text).toBe(200);
    expect(validated.json.status).toBe('active');
    expect((await invoicesOf(hal)).map((i) => i.status)).toEqual(['paid']);
    // Someone else cannot validate it.
    const ivy = await createUser(h.t);
    const other = await call(h.t, 'POST', `v1/subscriptions/${pending.json.subscription.id}/validate`, {
      token: ivy.accessToken,
    });
    expect(other.status).toBe(404);
  });

  it('opens an invoice PDF by its signed link only, in the account language with French amounts printed right', async () => {
    const product = await paidProduct(h.t, admin, { trial: null, priceCents: 100_000 });
    const jo = await createUser(h.t, { locale: 'fr' });
    await saveCard(h.t, jo, CARDS.ok);
    expect((await subscribe(h.t, jo, product.id)).status).toBe(201);
    const [invoice] = await invoicesOf(jo);
    const pdf = await h.t.app.inject({ method: 'GET', url: invoice!.pdfUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    // French: "Facture", the date in words, and 1 000,00 € whose narrow no-break space and no-break space print as
    // spaces (the embedded font draws them with its space glyph; pdfkit's built-in fonts print stray characters).
    expect(text).toContain(`Facture ${invoice!.number}`);
    expect(text).toContain('Payée');
    expect(text).toContain('Groupe, abonnement mensuel');
    expect(text.replace(/[\u00a0\u202f]/g, ' ')).toContain('1 000,00 €');

    const forged = invoice!.pdfUrl.replace(/s=[^&]+/, 's=forged');
    expect((await h.t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    h.t.clock.advance(2 * 3_600_000);
    expect((await h.t.app.inject({ method: 'GET', url: invoice!.pdfUrl })).statusCode).toBe(404);
    h.t.clock.advance(-2 * 3_600_000);
  });
});

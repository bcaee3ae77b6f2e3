import type { Invoice, SubscribeResult, SubscriptionQuote } from '@tutti/contract/payments';
import type { MySubscriptions } from '@tutti/contract/subscriptions';
import { beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { PaymentProvider } from '../src/modules/subscriptions/payments/provider.ts';
import { call } from './support/app.ts';
import { databases } from './support/databases.ts';
import { freshCardNumber, listCards, paidProduct, saveCard } from './support/payments.ts';
import { newAdmin, sessionsSuite, type ErrorJson } from './support/sessions.ts';
import { createUser, type SignedInUser } from './support/users.ts';

/**
 * Issue 29, "the amount confirmed is the amount charged": the quote says what this account pays today with this card
 * (trial or first month), and subscribing with the amount the page showed charges exactly that, or nothing (409
 * AMOUNT_CHANGED with the new quote).
 */
describe.each(databases())('the quote and the guarded subscribe on $name', (database) => {
  const {
    h,
    users: [admin],
  } = sessionsSuite(database, [newAdmin]);

  /** Every charge asked of the payment service, whoever asks. */
  let charges: MockInstance<PaymentProvider['charge']>;
  beforeAll(() => {
    charges = vi.spyOn(h.t.app.tutti.billing!.provider, 'charge');
  });
  /** The charges made for an account: one per idempotency key (a call replayed with the same key, as a request that
   *  joins another's attempt sends, is the same payment at the provider, never a second one). */
  const chargedTo = (user: SignedInUser) => [
    ...new Map(
      charges.mock.calls
        .filter(([input]) => input.metadata.accountId === user.id)
        .map(([input]) => [input.idempotencyKey, input.amountCents] as const),
    ).values(),
  ];

  const quote = (user: SignedInUser, productId: string, paymentMethod?: string) =>
    call<SubscriptionQuote & ErrorJson>(h.t, 'POST', 'v1/me/subscriptions/quote', {
      token: user.accessToken,
      body: { productId, ...(paymentMethod && { paymentMethod }) },
    });
  const confirm = (user: SignedInUser, productId: string, expectedAmountCents?: number) =>
    call<SubscribeResult & ErrorJson>(h.t, 'POST', 'v2/me/subscriptions', {
      token: user.accessToken,
      body: { productId, password: user.password, expectedAmountCents, idempotencyKey: crypto.randomUUID() },
    });
  const ledgerOf = async (user: SignedInUser) => ({
    subscriptions: (await call<MySubscriptions>(h.t, 'GET', 'v2/me/subscriptions', { token: user.accessToken })).json,
    invoices: (await call<Invoice[]>(h.t, 'GET', 'v1/me/payments/invoices', { token: user.accessToken })).json,
  });
  const withCard = async (number = freshCardNumber()) => {
    const user = await createUser(h.t);
    await saveCard(h.t, user, number);
    return user;
  };

  it('quotes the trial to a first subscriber with a new card, then nothing once the card started one elsewhere', async () => {
    const product = await paidProduct(h.t, admin, { priceCents: 999, trial: { length: 14, unit: 'day' } });
    const number = freshCardNumber();
    const ann = await withCard(number);
    const card = (await listCards(h.t, ann)).json.items[0]!;

    const first = await quote(ann, product.id);
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({
      productId: product.id,
      paymentMethod: card.id,
      trial: true,
      amountTodayCents: 0,
      priceCents: 999,
      currency: 'EUR',
    });
    const days = (new Date(first.json.trialEnd!).getTime() - h.t.clock.now().getTime()) / 86_400_000;
    expect(days).toBeCloseTo(14, 1);
    const started = await confirm(ann, product.id, 0);
    expect(started.status, started.text).toBe(201);
    expect(started.json.subscription.status).toBe('trialing');
    expect(chargedTo(ann)).toEqual([]);

    // Ben adds the same card: the quote says the first month is due today, and that is what he is charged.
    const ben = await withCard(number);
    const paid = await quote(ben, product.id);
    expect(paid.json).toMatchObject({ trial: false, amountTodayCents: 999, priceCents: 999, trialEnd: null });
    const charged = await confirm(ben, product.id, paid.json.amountTodayCents);
    expect(charged.status, charged.text).toBe(201);
    expect(charged.json.subscription).toMatchObject({ status: 'active', trialEnd: null });
    expect(chargedTo(ben)).toEqual([999]);
    expect((await ledgerOf(ben)).invoices.map((i) => [i.status, i.amountCents])).toEqual([['paid', 999]]);
  });

  it('refuses a trial confirmed on a card another account started one with, charging nothing', async () => {
    const product = await paidProduct(h.t, admin, { trial: { length: 1, unit: 'month' } });
    const number = freshCardNumber();
    const [cleo, dan] = [await withCard(number), await withCard(number)];
    // Both pages show the trial; Cleo confirms first.
    expect((await quote(dan, product.id)).json.trial).toBe(true);
    expect((await confirm(cleo, product.id, 0)).status).toBe(201);

    const refused = await confirm(dan, product.id, 0);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.error.code).toBe('AMOUNT_CHANGED');
    expect(refused.json.error.details).toMatchObject({ quote: { trial: false, amountTodayCents: product.priceCents } });
    expect(chargedTo(dan)).toEqual([]);
    const ledger = await ledgerOf(dan);
    expect([ledger.subscriptions.current, ledger.subscriptions.past, ledger.invoices]).toEqual([null, [], []]);
    // The refusal kept nothing: confirming the new amount charges it once.
    expect((await confirm(dan, product.id, product.priceCents)).status).toBe(201);
    expect(chargedTo(dan)).toEqual([product.priceCents]);
  });

  it('quotes no trial to an account that had one, whatever the card', async () => {
    const product = await paidProduct(h.t, admin);
    const eve = await withCard();
    const trial = await confirm(eve, product.id, 0);
    expect(trial.json.subscription.status).toBe('trialing');
    await saveCard(h.t, eve, freshCardNumber());
    const other = (await listCards(h.t, eve)).json.items.find((c) => !c.isDefault)!;
    expect((await quote(eve, product.id, other.id)).json).toMatchObject({ trial: false, amountTodayCents: 999 });
  });

  it('refuses a price changed between the quote and the confirm: nothing charged, nothing kept', async () => {
    const product = await paidProduct(h.t, admin, { priceCents: 999, trial: null });
    const fay = await withCard();
    const shown = await quote(fay, product.id);
    expect(shown.json).toMatchObject({ trial: false, amountTodayCents: 999 });

    const changed = await call(h.t, 'PUT', `v1/products/${product.id}`, {
      token: admin.accessToken,
      body: { name: product.name, priceCents: 1299, trial: null },
    });
    expect(changed.status, changed.text).toBe(200);
    const refused = await confirm(fay, product.id, shown.json.amountTodayCents);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.error).toMatchObject({
      code: 'AMOUNT_CHANGED',
      details: { quote: { amountTodayCents: 1299, priceCents: 1299, trial: false } },
    });
    expect(chargedTo(fay)).toEqual([]);
    const ledger = await ledgerOf(fay);
    expect([ledger.subscriptions.current, ledger.invoices]).toEqual([null, []]);
  });

  it('charges once when the same confirmation arrives twice at once', async () => {
    const product = await paidProduct(h.t, admin, { priceCents: 1500, trial: null });
    const gus = await withCard();
    const [a, b] = await Promise.all([confirm(gus, product.id, 1500), confirm(gus, product.id, 1500)]);
    expect([a.status, b.status], a.text + b.text).toEqual([201, 201]);
    expect(a.json.subscription.id).toBe(b.json.subscription.id);
    expect(chargedTo(gus)).toEqual([1500]);
    expect((await ledgerOf(gus)).invoices).toHaveLength(1);
  });

  it('gives one trial when two accounts confirm it with one card at once, and charges neither', async () => {
    const product = await paidProduct(h.t, admin);
    const number = freshCardNumber();
    const [hal, ida] = [await withCard(number), await withCard(number)];
    const answers = await Promise.all([confirm(hal, product.id, 0), confirm(ida, product.id, 0)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.status === 409)?.json.error.code).toBe('AMOUNT_CHANGED');
    expect([...chargedTo(hal), ...chargedTo(ida)]).toEqual([]);
  });

  it('answers only about my own cards and offered products, and takes only a whole amount of cents', async () => {
    const product = await paidProduct(h.t, admin);
    const jo = await createUser(h.t);
    const noCard = await quote(jo, product.id);
    expect(noCard.status).toBe(409);
    expect(noCard.json.error.code).toBe('PAYMENT_METHOD_REQUIRED');
    const kim = await withCard();
    const kimsCard = (await listCards(h.t, kim)).json.items[0]!.id;
    await saveCard(h.t, jo, freshCardNumber());
    const notMine = await quote(jo, product.id, kimsCard);
    expect(notMine.status).toBe(409);
    expect(notMine.json.error).toMatchObject({ code: 'PAYMENT_METHOD_REQUIRED', fields: { paymentMethod: 'unknown' } });
    for (const bad of [-1, 9.5, '999']) {
      const refused = await confirm(jo, product.id, bad as number);
      expect(refused.status).toBe(400);
      expect(refused.json.error.fields).toEqual({ expectedAmountCents: 'invalid' });
    }
    await call(h.t, 'POST', `v1/products/${product.id}/disable`, { token: admin.accessToken });
    const disabled = await quote(jo, product.id);
    expect(disabled.status).toBe(400);
    expect(disabled.json.error.fields).toEqual({ productId: 'unknown' });
  });
});

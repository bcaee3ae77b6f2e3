import type { MySubscriptions, ProductToken, Subscription } from '@tutti/contract/subscriptions';
import { beforeEach, describe, expect, it } from 'vitest';
import { addMonths } from '../src/modules/subscriptions/billing-calendar.ts';
import { call } from './support/app.ts';
import { databases } from './support/databases.ts';
import { newAdmin, sessionsSuite, signedInAgain, type ErrorJson } from './support/sessions.ts';
import { createUser, type SignedInUser } from './support/users.ts';

describe.each(databases())('promo codes and my subscriptions on $name', (database) => {
  const {
    h,
    users: [admin],
  } = sessionsSuite(database, [newAdmin]);
  /** The administrator with a token of the suite clock's present (tests move the clock by months). */
  let boss: SignedInUser;
  beforeEach(async () => {
    boss = await signedInAgain(h.t, admin);
  });
  const advance = async (ms: number) => {
    h.t.clock.advance(ms);
    boss = await signedInAgain(h.t, admin);
  };

  const product = async (body: Record<string, unknown> = { priceCents: 0, free: true }) => {
    const res = await call<{ id: string }>(h.t, 'POST', 'v1/products', {
      token: boss.accessToken,
      body: { name: { en: 'Band', fr: 'Groupe' }, ...body },
    });
    expect(res.status, res.text).toBe(201);
    return res.json.id;
  };
  const promo = async (body: Record<string, unknown>) =>
    call<ProductToken & ErrorJson>(h.t, 'POST', 'v1/product-tokens', { token: boss.accessToken, body });
  const claim = (user: SignedInUser, code: string) =>
    call<Subscription & ErrorJson>(h.t, 'POST', 'v1/subscriptions/tokens/claim', {
      token: user.accessToken,
      body: { code },
    });
  const mine = async (user: SignedInUser) =>
    (await call<MySubscriptions>(h.t, 'GET', 'v2/me/subscriptions', { token: user.accessToken })).json;
  const minutesLeft = async (user: SignedInUser) =>
    (await call<{ remainingMinutes: number | null }>(h.t, 'GET', 'v1/me/sessions', { token: user.accessToken })).json
      .remainingMinutes;

  it('lets an administrator make promo codes: made up or chosen (upper case), unique, listed with their uses, deleted', async () => {
    const productId = await product();
    const made = await promo({ productId, months: 2 });
    expect(made.status).toBe(201);
    expect(made.json.code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(made.json).toMatchObject({ months: 2, maxUses: 1, uses: 0, expiresAt: null, product: { id: productId } });
    const chosen = await promo({ productId, months: 1, code: ' spring-2027 ', maxUses: 50 });
    expect(chosen.json.code).toBe('SPRING-2027');
    const again = await promo({ productId, months: 1, code: 'SPRING-2027' });
    expect(again.status).toBe(409);
    expect(again.json.error.fields).toEqual({ code: 'code_taken' });
    const noProduct = await promo({ productId: '00000000-0000-4000-8000-000000000000', months: 1 });
    expect(noProduct.status).toBe(400);
    expect(noProduct.json.error.fields).toEqual({ productId: 'unknown' });
    expect((await promo({ productId, months: 0 })).json.error.fields).toEqual({ months: 'invalid' });
    expect((await promo({ productId, months: 1, code: 'a b' })).json.error.fields).toEqual({ code: 'invalid' });

    const list = await call<ProductToken[]>(h.t, 'GET', 'v1/product-tokens', { token: boss.accessToken });
    expect(list.json.map((t) => t.code)).toEqual(expect.arrayContaining([made.json.code, 'SPRING-2027']));
    expect((await call(h.t, 'DELETE', `v1/product-tokens/${made.json.id}`, { token: boss.accessToken })).status).toBe(
      204,
    );
    expect((await call(h.t, 'DELETE', `v1/product-tokens/${made.json.id}`, { token: boss.accessToken })).status).toBe(
      404,
    );
  });

  it('gives a musician months of a product: no minute limit until it ends, then it is in the past', async () => {
    const ann = await createUser(h.t);
    expect(await mine(ann)).toEqual({ current: null, past: [], trialUsed: false });
    expect(await minutesLeft(ann)).toBeGreaterThan(0);

    // SPEC section 5: an empty code is a required field; then what the code says.
    const empty = await claim(ann, '  ');
    expect(empty.status).toBe(400);
    expect(empty.json.error.fields).toEqual({ code: 'required' });
    const unknown = await claim(ann, 'NO-SUCH-CODE');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe('PROMO_CODE_UNKNOWN');

    const productId = await product();
    const code = (await promo({ productId, months: 3, maxUses: 5 })).json.code;
    const start = h.t.clock.now();
    const given = await claim(ann, code.toLowerCase());
    expect(given.status, given.text).toBe(200);
    expect(given.json).toMatchObject({
      status: 'active',
      source: 'promo',
      cancelAtPeriodEnd: true,
      trialEnd: null,
      product: { id: productId, free: true, currency: 'EUR' },
    });
    const end = new Date(given.json.currentPeriodEnd).getTime();
    expect(end).toBeGreaterThanOrEqual(addMonths(start, 3).getTime());
    expect(end).toBeLessThan(addMonths(start, 3).getTime() + 60_000);
    expect((await mine(ann)).current?.id).toBe(given.json.id);
    expect(await minutesLeft(ann)).toBeNull();
    // Once per account; a promo code uses no trial.
    const twice = await claim(ann, code);
    expect(twice.status).toBe(409);
    expect(twice.json.error.code).toBe('PROMO_CODE_USED');
    expect((await mine(ann)).trialUsed).toBe(false);

    // Another code adds its months to the current subscription.
    const more = (await promo({ productId: await product(), months: 1 })).json.code;
    const extended = await claim(ann, more);
    expect(extended.json.id).toBe(given.json.id);
    expect(extended.json.currentPeriodEnd).toBe(addMonths(new Date(given.json.currentPeriodEnd), 1).toISOString());

    // After its end: the limit is back, and the subscription is in the past.
    await advance(new Date(extended.json.currentPeriodEnd).getTime() - h.t.clock.now().getTime() + 1000);
    const annLater = await signedInAgain(h.t, ann);
    const after = await mine(annLater);
    expect(after.current).toBeNull();
    expect(after.past.map((s) => s.id)).toEqual([given.json.id]);
    expect(await minutesLeft(annLater)).toBeGreaterThan(0);
  });

  it('refuses an expired code, and a single-use code to the second musician, even at the same moment', async () => {
    const productId = await product();
    const inAnHour = new Date(h.t.clock.now().getTime() + 3600_000).toISOString();
    const expiring = (await promo({ productId, months: 1, maxUses: 5, expiresAt: inAnHour })).json.code;
    expect((await claim(await createUser(h.t), expiring)).status).toBe(200);
    await advance(2 * 3600_000);
    const bob = await createUser(h.t);
    expect((await claim(bob, expiring)).json.error.code).toBe('PROMO_CODE_UNKNOWN');

    const single = (await promo({ productId, months: 1 })).json.code;
    const [cat, dan] = [await createUser(h.t), await createUser(h.t)];
    const results = await Promise.all([claim(cat, single), claim(dan, single)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const list = await call<ProductToken[]>(h.t, 'GET', 'v1/product-tokens', { token: boss.accessToken });
    expect(list.json.find((t) => t.code === single)?.uses).toBe(1);

    // One musician, two codes at once: one subscription, both months on it.
    const eve = await createUser(h.t);
    const [a, b] = [
      (await promo({ productId, months: 1 })).json.code,
      (await promo({ productId, months: 2 })).json.code,
    ];
    const both = await Promise.all([claim(eve, a), claim(eve, b)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const current = (await mine(eve)).current;
    expect(current).not.toBeNull();
    expect(new Set(both.map((r) => r.json.id))).toEqual(new Set([current?.id]));
    const months =
      (new Date(current!.currentPeriodEnd).getTime() - new Date(current!.currentPeriodStart).getTime()) / 86_400_000;
    expect(months).toBeGreaterThanOrEqual(89);
  });

  it("shows an account's subscription to itself and to administrators, not to others", async () => {
    const [fay, gus] = [await createUser(h.t), await createUser(h.t)];
    const code = (await promo({ productId: await product(), months: 1 })).json.code;
    const sub = (await claim(fay, code)).json;
    const read = (user: SignedInUser) =>
      call<{ current: Subscription | null } & ErrorJson>(h.t, 'GET', `v1/accounts/${fay.id}/subscription`, {
        token: user.accessToken,
      });
    expect((await read(fay)).json.current?.id).toBe(sub.id);
    expect((await read(boss)).json.current?.id).toBe(sub.id);
    expect((await read(gus)).status).toBe(404);
    const none = await call<{ current: null }>(h.t, 'GET', `v1/accounts/${gus.id}/subscription`, {
      token: boss.accessToken,
    });
    expect(none.json).toEqual({ current: null });
  });
});

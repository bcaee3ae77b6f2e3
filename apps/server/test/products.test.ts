import type { AvailableProduct, Product, ProductPage } from '@tutti/contract/subscriptions';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../src/modules/subscriptions/subscriptions.schema.ts';
import { call } from './support/app.ts';
import { databases } from './support/databases.ts';
import { newAdmin, sessionsSuite, UNKNOWN_ID, type ErrorJson } from './support/sessions.ts';
import { createUser, type SignedInUser } from './support/users.ts';

const BAND = {
  name: { en: 'Band', fr: 'Groupe' },
  description: { en: 'Rehearse without a time limit.', fr: 'Répétez sans limite de temps.' },
  priceCents: 999,
  trial: { length: 1, unit: 'month' },
};

describe.each(databases())('subscription products on $name', (database) => {
  const {
    h,
    users: [admin, ann],
  } = sessionsSuite(database, [newAdmin, createUser]);

  const as = (user: SignedInUser) => ({
    create: (body: unknown) => call<Product & ErrorJson>(h.t, 'POST', 'v1/products', { token: user.accessToken, body }),
    update: (id: string, body: unknown) =>
      call<Product & ErrorJson>(h.t, 'PUT', `v1/products/${id}`, { token: user.accessToken, body }),
    toggle: (id: string, to: 'enable' | 'disable') =>
      call<Product & ErrorJson>(h.t, 'POST', `v1/products/${id}/${to}`, { token: user.accessToken }),
    available: () => call<AvailableProduct[]>(h.t, 'GET', 'v1/me/available-products', { token: user.accessToken }),
  });
  const created = async (body: unknown = BAND): Promise<Product> => {
    const res = await as(admin).create(body);
    expect(res.status, res.text).toBe(201);
    return res.json;
  };

  it('lets an administrator create, read, change, enable, disable and page through products', async () => {
    const band = await created();
    expect(band).toMatchObject({ ...BAND, currency: 'EUR', free: false, enabled: false });
    const got = await call<Product>(h.t, 'GET', `v1/products/${band.id}`, { token: admin.accessToken });
    expect(got.json).toEqual(band);

    const changed = await as(admin).update(band.id, { ...BAND, priceCents: 1299, trial: null });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ priceCents: 1299, trial: null, description: BAND.description });
    expect(new Date(changed.json.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(band.updatedAt).getTime());
    expect((await as(admin).toggle(band.id, 'enable')).json.enabled).toBe(true);
    expect((await as(admin).toggle(band.id, 'disable')).json.enabled).toBe(false);

    const second = await created({ ...BAND, name: { en: 'Duo', fr: 'Duo' } });
    const page = await call<ProductPage>(h.t, 'GET', 'v1/products?size=1', { token: admin.accessToken });
    expect(page.json).toMatchObject({ page: 1, size: 1 });
    expect(page.json.total).toBeGreaterThanOrEqual(2);
    expect(page.json.items.map((p) => p.id)).toEqual([second.id]); // the most recent first
  });

  it('refuses a product that makes no sense, field by field', async () => {
    const refused = async (body: unknown, fields: Record<string, string>) => {
      const res = await as(admin).create(body);
      expect(res.status, res.text).toBe(400);
      expect(res.json.error).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    };
    await refused({ ...BAND, name: { en: ' ', fr: 'Groupe' } }, { 'name.en': 'required' });
    await refused({ ...BAND, priceCents: 10 }, { priceCents: 'price_too_low' });
    await refused({ ...BAND, priceCents: 9.5 }, { priceCents: 'invalid' });
    await refused({ ...BAND, free: true }, { priceCents: 'free_product_price' });
    await refused({ ...BAND, free: true, priceCents: 0 }, { trial: 'free_product_trial' });
    await refused({ ...BAND, trial: { length: 13, unit: 'month' } }, { 'trial.length': 'trial_too_long' });
    await refused({ ...BAND, trial: { length: 91, unit: 'day' } }, { 'trial.length': 'trial_too_long' });
    await refused({ ...BAND, trial: { length: 2, unit: 'week' } }, { 'trial.unit': 'invalid' });
    // A free product (given by promo codes) is fine without a price or a trial.
    expect((await as(admin).create({ name: BAND.name, priceCents: 0, free: true })).status).toBe(201);
  });

  it('offers musicians the enabled paid products, the cheapest first, with the trial for a first subscription only', async () => {
    const cheap = await created({ ...BAND, priceCents: 500, trial: { length: 14, unit: 'day' } });
    const dear = await created({ ...BAND, priceCents: 2000, trial: null });
    const hidden = await created({ ...BAND, priceCents: 100 });
    const free = await created({ name: BAND.name, priceCents: 0, free: true });
    for (const p of [cheap, dear, free]) await as(admin).toggle(p.id, 'enable');

    const bob = await createUser(h.t);
    const offered = (await as(bob).available()).json;
    const ids = offered.map((p) => p.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(free.id);
    expect(ids.indexOf(cheap.id)).toBeLessThan(ids.indexOf(dear.id));
    const cheapOffer = offered.find((p) => p.id === cheap.id);
    expect(cheapOffer).toMatchObject({ priceCents: 500, currency: 'EUR', trialAvailable: true });
    expect(cheapOffer).not.toHaveProperty('enabled');
    expect(offered.find((p) => p.id === dear.id)?.trialAvailable).toBe(false); // it has none

    // Someone who subscribed once gets no second trial.
    await h.t.app.tutti.database.db.insert(subscriptions).values({
      accountId: bob.id,
      productId: cheap.id,
      status: 'canceled',
      currentPeriodEnd: new Date(),
    });
    expect((await as(bob).available()).json.find((p) => p.id === cheap.id)?.trialAvailable).toBe(false);
    expect((await as(ann).available()).json.find((p) => p.id === cheap.id)?.trialAvailable).toBe(true);

    // A product someone subscribed to stays: disable it instead.
    const del = await call<ErrorJson>(h.t, 'DELETE', `v1/products/${cheap.id}`, { token: admin.accessToken });
    expect(del.status).toBe(409);
    expect(del.json.error.code).toBe('PRODUCT_IN_USE');
    expect((await call(h.t, 'DELETE', `v1/products/${dear.id}`, { token: admin.accessToken })).status).toBe(204);
    expect((await call(h.t, 'GET', `v1/products/${dear.id}`, { token: admin.accessToken })).status).toBe(404);
  });

  it('answers 404 for an unknown product, and keeps every write for administrators', async () => {
    for (const [method, path] of [
      ['GET', `v1/products/${UNKNOWN_ID}`],
      ['DELETE', `v1/products/${UNKNOWN_ID}`],
      ['POST', `v1/products/${UNKNOWN_ID}/enable`],
    ] as const) {
      expect((await call(h.t, method, path, { token: admin.accessToken })).status).toBe(404);
    }
    expect((await as(admin).update(UNKNOWN_ID, BAND)).status).toBe(404);
    const band = await created();
    expect((await as(ann).create(BAND)).status).toBe(403);
    expect((await as(ann).update(band.id, BAND)).status).toBe(403);
    expect((await as(ann).toggle(band.id, 'enable')).status).toBe(403);
    expect((await call(h.t, 'GET', 'v1/products', { token: ann.accessToken })).status).toBe(403);
    expect((await call(h.t, 'GET', 'v1/me/available-products')).status).toBe(401);
  });
});

import type { Page } from '@tutti/contract/common';
import type { AvailableProduct, Product } from '@tutti/contract/subscriptions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { seedDefaultOffer } from '../src/modules/subscriptions/default-offer.ts';
import { offerSeeds, products } from '../src/modules/subscriptions/subscriptions.schema.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { databases, type TestDatabase } from './support/databases.ts';
import { ADMIN_EMAIL } from './support/sessions.ts';
import { createUser, type SignedInUser } from './support/users.ts';

// Issue 29, point 2: a fresh install sells something, once, and never again after its administrators changed it.
describe.each(databases())('the offer a fresh install starts with, on $name', (database: TestDatabase) => {
  let t: TestApp;
  let admin: SignedInUser;
  const listAll = async () =>
    (await call<Page<Product>>(t, 'GET', 'v1/products?size=50', { token: admin.accessToken })).json.items;

  beforeAll(async () => {
    await database.setup();
    // The embedded default, as a fresh data folder starts: the test support turns the seed off, this suite does not.
    t = await startTestApp(database, { ADMIN_EMAILS: ADMIN_EMAIL, DEFAULT_OFFER: '' });
    admin = await createUser(t, { email: ADMIN_EMAIL });
  });
  afterAll(async () => {
    await t?.close();
    await database.teardown();
  });

  it('seeds one enabled monthly offer with a trial, offered to musicians', async () => {
    const items = await listAll();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      name: { en: 'Tutti Unlimited', fr: 'Tutti Illimité' },
      priceCents: 999,
      currency: 'EUR',
      free: false,
      trial: { length: 14, unit: 'day' },
      enabled: true,
    });
    const musician = await createUser(t);
    const offered = await call<AvailableProduct[]>(t, 'GET', 'v1/me/available-products', {
      token: musician.accessToken,
    });
    expect(offered.json.map((p) => [p.id, p.trialAvailable])).toEqual([[items[0]!.id, true]]);
  });

  it('never seeds a second one: not on a restart, not from instances starting at once', async () => {
    const { db } = t.app.tutti.database;
    const offer = t.config.defaultOffer;
    expect(await Promise.all([0, 1, 2].map(() => seedDefaultOffer(db, offer, t.clock.now())))).toEqual([
      false,
      false,
      false,
    ]);
    expect(await listAll()).toHaveLength(1);
    // From scratch again (no mark, no product), three at once: one makes it, the others wait on its mark and find it.
    await db.delete(products);
    await db.delete(offerSeeds);
    const made = await Promise.all([0, 1, 2].map(() => seedDefaultOffer(db, offer, t.clock.now())));
    expect(made.filter(Boolean)).toHaveLength(1);
    expect(await listAll()).toHaveLength(1);
  });

  it('never brings it back once the administrators disabled or deleted it', async () => {
    const [seeded] = await listAll();
    expect((await call(t, 'POST', `v1/products/${seeded!.id}/disable`, { token: admin.accessToken })).status).toBe(200);
    // Every product disabled: nothing is offered, so the pages offer nothing (lib/offers.ts in the web).
    const musician = await createUser(t);
    const offered = async () =>
      (await call<AvailableProduct[]>(t, 'GET', 'v1/me/available-products', { token: musician.accessToken })).json;
    expect(await offered()).toEqual([]);
    expect(await seedDefaultOffer(t.app.tutti.database.db, t.config.defaultOffer, t.clock.now())).toBe(false);
    expect((await call(t, 'DELETE', `v1/products/${seeded!.id}`, { token: admin.accessToken })).status).toBe(204);
    expect(await seedDefaultOffer(t.app.tutti.database.db, t.config.defaultOffer, t.clock.now())).toBe(false);
    expect(await listAll()).toEqual([]);
    expect(await offered()).toEqual([]);
  });
});

describe('the default offer on a fresh database, by its settings', () => {
  const database = databases()[0]!;
  const apps: TestApp[] = [];
  const start = async (env: Record<string, string>) => {
    const app = await startTestApp(database, { ADMIN_EMAILS: ADMIN_EMAIL, ...env });
    apps.push(app);
    return app;
  };
  const all = async (app: TestApp) => app.app.tutti.database.db.select().from(products);

  beforeAll(() => database.setup());
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.teardown();
  });

  it('takes its names, price and trial from the configuration', async () => {
    const app = await start({
      DEFAULT_OFFER: 'on',
      DEFAULT_OFFER_NAME_EN: 'Band plan',
      DEFAULT_OFFER_NAME_FR: 'Formule groupe',
      DEFAULT_OFFER_PRICE_CENTS: '1490',
      DEFAULT_OFFER_TRIAL_DAYS: '0',
    });
    expect((await all(app)).map((p) => [p.nameEn, p.nameFr, p.priceCents, p.trialLength, p.enabled])).toEqual([
      ['Band plan', 'Formule groupe', 1490, null, true],
    ]);
  });

  it('seeds nothing with DEFAULT_OFFER=off', async () => {
    expect(await all(await start({ DEFAULT_OFFER: 'off' }))).toEqual([]);
  });

  it('seeds nothing on a database that already had products (an install from before the seed)', async () => {
    const app = await start({ DEFAULT_OFFER: 'off' });
    const { db } = app.app.tutti.database;
    await db.insert(products).values({ nameEn: 'Own', nameFr: 'Propre', priceCents: 500, enabled: false });
    expect(await seedDefaultOffer(db, loadConfig({}).defaultOffer, app.clock.now())).toBe(false);
    expect((await all(app)).map((p) => p.nameEn)).toEqual(['Own']);
  });

  it('refuses a price or trial it cannot sell', () => {
    expect(() => loadConfig({ DEFAULT_OFFER_PRICE_CENTS: '0' })).toThrow(/DEFAULT_OFFER_PRICE_CENTS/);
    expect(() => loadConfig({ DEFAULT_OFFER: 'maybe' })).toThrow(/DEFAULT_OFFER/);
    expect(() => loadConfig({ DEFAULT_OFFER_TRIAL_DAYS: '-1' })).toThrow(/DEFAULT_OFFER_TRIAL_DAYS/);
  });
});

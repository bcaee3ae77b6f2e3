import type { City } from '@tutti/contract/places';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regions } from '../src/platform/schema.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { createUser, type SignedInUser } from './support/users.ts';

type ErrorJson = { error: { code: string; fields?: Record<string, string> } };

// GeoNames ids of the sample's cities (src/modules/places/places.sample.ts).
const PARIS = 2988507;
const PARIS_TEXAS = 4717560;
const LYON = 2996944;
const MONTREAL = 6077243;
const MONTREAL_AUDE = 2992119;
const LONDON = 2643743;
const GENEVE = 2660646;
const KOLN = 2886242;

describe.each(databases())('city search on $name', (database) => {
  let t: TestApp;
  let english: SignedInUser;
  let french: SignedInUser;

  beforeAll(async () => {
    await database.setup();
    t = await startTestApp(database);
    expect(await t.app.tutti.places.loaded()).toMatchObject({ status: 'loaded' });
    english = await createUser(t);
    french = await createUser(t, { locale: 'fr' });
  });
  afterAll(async () => {
    await t?.close();
    await database.teardown();
  });

  const search = (query: string, user: SignedInUser | null = english) =>
    call<City[] & ErrorJson>(t, 'GET', `v1/places/cities?${query}`, user ? { token: user.accessToken } : {});
  const ids = async (query: string, user?: SignedInUser) => {
    const res = await search(query, user);
    expect(res.status, res.text).toBe(200);
    return res.json.map((c) => c.id);
  };

  it('finds a city as its name is typed, with its region, country and coordinates', async () => {
    const res = await search('q=lyo');
    expect(res.status, res.text).toBe(200);
    expect(res.json[0]).toEqual({
      id: LYON,
      name: 'Lyon',
      region: 'Auvergne-Rhône-Alpes',
      country: 'FR',
      latitude: 45.74846,
      longitude: 4.84671,
    });
  });

  it('ignores accents and case, in what is typed and in the names', async () => {
    expect((await ids('q=montreal')).slice(0, 2)).toEqual([MONTREAL, MONTREAL_AUDE]);
    expect((await ids('q=geneve'))[0]).toBe(GENEVE);
    expect((await ids(`q=${encodeURIComponent('GENÈVE')}`))[0]).toBe(GENEVE);
    expect((await ids('q=koln'))[0]).toBe(KOLN);
  });

  it('finds a city by its name in another language, and names it in the caller’s', async () => {
    const fromFrench = await search('q=Londres', french);
    expect(fromFrench.json[0]).toMatchObject({ id: LONDON, name: 'Londres', country: 'GB', region: 'England' });
    const fromEnglish = await search('q=Londres', english);
    expect(fromEnglish.json[0]).toMatchObject({ id: LONDON, name: 'London' });
    expect((await search('q=geneva', english)).json[0]).toMatchObject({ id: GENEVE, name: 'Geneva' });
    expect((await search('q=geneva', french)).json[0]).toMatchObject({ id: GENEVE, name: 'Genève' });
    expect((await search('q=cologne', french)).json[0]).toMatchObject({ id: KOLN, name: 'Cologne' });
  });

  it('puts the larger of two homonyms first, and filters by country', async () => {
    expect((await ids('q=par')).slice(0, 2)).toEqual([PARIS, PARIS_TEXAS]);
    expect(await ids('q=paris&country=us')).toEqual([PARIS_TEXAS]);
  });

  it('tolerates a typo once the query is long enough', async () => {
    expect((await ids('q=montrel'))[0]).toBe(MONTREAL);
  });

  it('answers an empty list for what no city is called, and takes LIKE wildcards literally', async () => {
    expect(await ids('q=xyzzy')).toEqual([]);
    expect(await ids(`q=${encodeURIComponent('p%')}`)).toEqual([]);
    expect(await ids('q=p_r')).toEqual([]);
  });

  it('lists only towns of 15,000 people and more, by their own names, for two letters', async () => {
    expect(await ids('q=mo')).toContain(MONTREAL);
    expect(await ids('q=mo')).not.toContain(MONTREAL_AUDE);
    expect(await ids('q=mon')).toContain(MONTREAL_AUDE);
  });

  it('returns at most limit cities', async () => {
    expect(await ids('q=lo&limit=1')).toHaveLength(1);
  });

  it('refuses a guest, a limit above 20, and a query shorter than two letters', async () => {
    expect((await search('q=lyo', null)).status).toBe(401);
    const tooMany = await search('q=lyo&limit=21');
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { limit: 'invalid' } });
    expect((await search('q=%20l%20')).json.error.fields).toEqual({ q: 'invalid' });
    expect((await search('')).json.error.fields).toEqual({ q: 'required' });
    expect((await search('q=lyon&country=FRA')).json.error.fields).toEqual({ country: 'invalid' });
  });

  it('chooses the nearest region of a city', async () => {
    const db = t.app.tutti.database.db;
    const suffix = Date.now().toString(36);
    await db.insert(regions).values([
      { code: `na-east-${suffix}`, name: 'Montréal', latitude: 45.5, longitude: -73.57 },
      { code: `eu-central-${suffix}`, name: 'Frankfurt', latitude: 50.11, longitude: 8.68 },
      { code: `eu-west-${suffix}`, name: 'Paris', latitude: 48.86, longitude: 2.35 },
    ]);
    const places = t.app.tutti.places;
    expect((await places.nearestRegionOfCity(MONTREAL))?.code).toBe(`na-east-${suffix}`);
    expect((await places.nearestRegionOfCity(KOLN))?.code).toBe(`eu-central-${suffix}`);
    expect((await places.nearestRegionOfCity(LYON))?.latitude).toBeCloseTo(48.85, 1);
    expect((await places.nearestRegion({ latitude: 40.7, longitude: -74 }))?.code).toBe(`na-east-${suffix}`);
    expect(await places.nearestRegionOfCity(1)).toBeNull();
  });

  it('estimates the delay between two cities against the configured limit', async () => {
    const places = t.app.tutti.places;
    const [paris, lyon, montreal] = await Promise.all([PARIS, LYON, MONTREAL].map((id) => places.city(id)));
    if (!paris || !lyon || !montreal) throw new Error('sample cities missing');
    expect(places.delayBetween(paris, lyon).realtime).toBe(true);
    expect(places.delayBetween(paris, montreal)).toMatchObject({ realtime: false });
    expect(places.delayBetween(paris, montreal).ms).toBeCloseTo(42.5, 0);
  });
});

import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { geonamesSource, listSource, type CityRecord } from '../src/modules/places/places.dataset.ts';
import { loadCities, type LoadDeps } from '../src/modules/places/places.loader.ts';
import { createPlacesRepository } from '../src/modules/places/places.repository.ts';
import { SAMPLE_CITIES } from '../src/modules/places/places.sample.ts';
import type { Database } from '../src/platform/db.ts';
import { cities, cityNames, placesDatasets } from '../src/platform/schema.ts';
import { databases } from './support/databases.ts';

const log = pino({ level: 'silent' });
const LYON = 2996944;
const PARIS = 2988507;

describe.each(databases())('loading cities on $name', (database) => {
  let handle: Database;
  const deps = (records: readonly CityRecord[], version: string, more: Partial<LoadDeps> = {}): LoadDeps => ({
    db: handle.db,
    source: listSource(version, records),
    log,
    now: () => new Date(),
    ...more,
  });
  const names = async (cityId: number) =>
    (await handle.db.select().from(cityNames).where(eq(cityNames.cityId, cityId))).map((n) => n.name).sort();
  const dataset = async () => (await handle.db.select().from(placesDatasets))[0];

  beforeAll(async () => {
    await database.setup();
    handle = await database.open();
    await handle.migrate();
  });
  afterAll(async () => {
    await handle?.close();
    await database.teardown();
  });
  beforeEach(async () => {
    await handle.db.delete(cities);
    await handle.db.delete(placesDatasets);
  });

  it('loads a version once, in batches, and says so the second time', async () => {
    const first = await loadCities(deps(SAMPLE_CITIES, 'v1', { batchSize: 5 }));
    expect(first).toMatchObject({ status: 'loaded', cities: SAMPLE_CITIES.length, skipped: 0, removed: 0 });
    expect(await dataset()).toMatchObject({ version: 'v1', cityCount: SAMPLE_CITIES.length, leaseUntil: null });
    expect(await loadCities(deps(SAMPLE_CITIES, 'v1'))).toEqual({ status: 'current' });
    // Its own names, normalized by the database: accents and case gone.
    const [row] = await handle.db.select().from(cityNames).where(eq(cityNames.name, 'Saint-Étienne'));
    expect(row?.search).toBe('saint-etienne');
  });

  it('takes a new version in place: rows updated, names replaced, vanished cities removed', async () => {
    await loadCities(deps(SAMPLE_CITIES, 'v1'));
    const lyon = SAMPLE_CITIES.find((c) => c.id === LYON) as CityRecord;
    const next = SAMPLE_CITIES.filter((c) => c.id !== PARIS).map((c) =>
      c.id === LYON ? { ...c, population: 1, alternates: ['Lugdunum'] } : c,
    );
    const kosovo = { ...lyon, id: 786714, name: 'Prishtina', asciiName: 'Prishtina', country: 'XK', alternates: [] };
    const outcome = await loadCities(deps([...next, kosovo], 'v2'));
    expect(outcome).toMatchObject({ status: 'loaded', cities: next.length, skipped: 1, removed: 1 });
    const repo = createPlacesRepository(handle.db);
    expect(await repo.city(PARIS)).toBeNull();
    expect(await repo.city(786714)).toBeNull();
    expect((await repo.city(LYON))?.population).toBe(1);
    expect(await names(LYON)).toEqual(['Lugdunum', 'Lyon']);
    expect(await names(PARIS)).toEqual([]);
  });

  it('leaves a load that another instance holds, and takes over one whose lease ran out', async () => {
    const later = new Date(Date.now() + 60_000);
    await handle.db.insert(placesDatasets).values({ id: 'cities', version: null, leaseUntil: later });
    expect(await loadCities(deps(SAMPLE_CITIES, 'v1'))).toEqual({ status: 'busy' });
    expect(await handle.db.select().from(cities)).toEqual([]);
    const afterLease = () => new Date(later.getTime() + 1);
    expect(await loadCities(deps(SAMPLE_CITIES, 'v1', { now: afterLease }))).toMatchObject({ status: 'loaded' });
  });

  it('loads once when two start together', async () => {
    const outcomes = await Promise.all([
      loadCities(deps(SAMPLE_CITIES, 'v1', { batchSize: 4 })),
      loadCities(deps(SAMPLE_CITIES, 'v1', { batchSize: 4 })),
    ]);
    // The second finds the first's lease ('busy'), or its finished load ('current') on a very slow start.
    expect(outcomes.filter((o) => o.status === 'loaded')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'busy' || o.status === 'current')).toHaveLength(1);
  });

  it('stops between batches when the app closes, to go on at the next start', async () => {
    let batches = 0;
    const stopping = () => ++batches > 2;
    const outcome = await loadCities(deps(SAMPLE_CITIES, 'v1', { batchSize: 5, stopping }));
    expect(outcome).toEqual({ status: 'stopped', cities: 10 });
    expect(await dataset()).toMatchObject({ version: null, leaseUntil: null });
    expect(await loadCities(deps(SAMPLE_CITIES, 'v1'))).toMatchObject({ status: 'loaded' });
  });

  it('loads the real GeoNames package (two countries of it)', async () => {
    const source = geonamesSource({ countries: ['CH', 'LU'] });
    const outcome = await loadCities({ db: handle.db, source, log, now: () => new Date() });
    expect(outcome).toMatchObject({ status: 'loaded', skipped: 0 });
    if (outcome.status !== 'loaded') return;
    expect(outcome.cities).toBeGreaterThan(500);
    const repo = createPlacesRepository(handle.db);
    const [geneve] = await repo.prefixMatches({ q: 'geneve', limit: 1 });
    expect(geneve).toMatchObject({ id: 2660646, nameEn: 'Geneva', nameFr: 'Genève', region: 'Geneva' });
    // German spelling of Luxembourg, from the alternate names.
    const [luxembourg] = await repo.prefixMatches({ q: 'luxemburg', country: 'LU', limit: 1 });
    expect(luxembourg).toMatchObject({ id: 2960316, country: 'LU' });
  });
});

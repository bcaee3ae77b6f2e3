import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { countries } from '../reference/reference.schema.ts';
import type { CityRecord, CitySource } from './places.dataset.ts';
import { cities, cityNames, placesDatasets } from './places.schema.ts';

const DATASET_ID = 'cities';
/** Cities written per transaction on PostgreSQL (another process: requests are not held up). */
export const LOAD_BATCH_SIZE = 1000;
/** On PGlite, which runs in this process and one query at a time, each batch holds every request up while it is
 *  written: 100 cities (a few hundred rows with their names) keep that to about 0.1-0.2 s instead of 0.5-1 s, for a
 *  load about a third longer (measured on a busy 2-core machine, docs/decisions/0029). */
export const PGLITE_LOAD_BATCH_SIZE = 100;
/** How long a load may go without progress before another instance (or the next start) may take it over. */
export const LEASE_MS = 120_000;

export type LoadOutcome =
  | { status: 'current' }
  | { status: 'busy' }
  | { status: 'stopped'; cities: number }
  | { status: 'loaded'; cities: number; skipped: number; removed: number; ms: number };

export interface LoadDeps {
  db: Db;
  source: CitySource;
  log: FastifyBaseLogger;
  now: () => Date;
  /** True once the app is closing: the load stops between two batches (the next start loads again). */
  stopping?: () => boolean;
  batchSize?: number;
}

/**
 * Fills `cities` and `city_names` from the source when the loaded version differs from the source's (first start,
 * or a new package or rules). Idempotent: rows are upserted by GeoNames id, a city's names replaced, and cities the
 * new version no longer has are removed once every batch is written. Several instances starting together load it
 * once: the load is leased in places_datasets, renewed at each batch; an instance finding a live lease leaves it.
 */
export async function loadCities(deps: LoadDeps): Promise<LoadOutcome> {
  const { db, source, log, now } = deps;
  const batchSize = deps.batchSize ?? LOAD_BATCH_SIZE;
  const started = Date.now();
  await db.insert(placesDatasets).values({ id: DATASET_ID }).onConflictDoNothing();

  const lease = () => new Date(now().getTime() + LEASE_MS);
  const claimed = await db
    .update(placesDatasets)
    .set({ leaseUntil: lease() })
    .where(
      and(
        eq(placesDatasets.id, DATASET_ID),
        or(isNull(placesDatasets.version), ne(placesDatasets.version, source.version)),
        or(isNull(placesDatasets.leaseUntil), lt(placesDatasets.leaseUntil, now())),
      ),
    )
    .returning({ id: placesDatasets.id });
  if (claimed.length === 0) {
    const [row] = await db.select().from(placesDatasets).where(eq(placesDatasets.id, DATASET_ID));
    return row?.version === source.version ? { status: 'current' } : { status: 'busy' };
  }

  log.info({ version: source.version }, 'loading cities');
  const known = new Set((await db.select({ code: countries.code }).from(countries)).map((c) => c.code));
  let written = 0;
  let skipped = 0;
  let batch: CityRecord[] = [];
  const flush = async () => {
    await writeBatch(db, batch, source.version);
    written += batch.length;
    batch = [];
    await db.update(placesDatasets).set({ leaseUntil: lease() }).where(eq(placesDatasets.id, DATASET_ID));
    // PGlite runs in this process: let the requests that arrived meanwhile queue their queries before the next batch.
    await new Promise((resolve) => setImmediate(resolve));
  };
  try {
    for await (const record of source.read()) {
      // A code the countries table lacks (XK, Kosovo, is no ISO 3166 code) cannot be referenced.
      if (!known.has(record.country)) {
        skipped += 1;
        continue;
      }
      batch.push(record);
      if (batch.length < batchSize) continue;
      if (deps.stopping?.()) return await release(db, written);
      await flush();
    }
    if (batch.length > 0) await flush();
  } catch (e) {
    await release(db, written).catch(() => undefined);
    throw e;
  }

  const removed = await db.delete(cities).where(ne(cities.datasetVersion, source.version)).returning({ id: cities.id });
  await db
    .update(placesDatasets)
    .set({ version: source.version, cityCount: written, loadedAt: now(), leaseUntil: null })
    .where(eq(placesDatasets.id, DATASET_ID));
  const outcome = { status: 'loaded', cities: written, skipped, removed: removed.length, ms: Date.now() - started };
  log.info({ version: source.version, ...outcome }, 'cities loaded');
  return outcome as LoadOutcome;
}

/** Gives the lease back: a stopped or failed load is taken up again by the next start. */
async function release(db: Db, written: number): Promise<LoadOutcome> {
  await db.update(placesDatasets).set({ leaseUntil: null }).where(eq(placesDatasets.id, DATASET_ID));
  return { status: 'stopped', cities: written };
}

async function writeBatch(db: Db, batch: readonly CityRecord[], version: string): Promise<void> {
  const ids = batch.map((c) => c.id);
  const names = batch.flatMap((c) => {
    const shared = { cityId: c.id, population: c.population, country: c.country };
    const primary = [...new Set([c.name, c.asciiName, c.nameEn, c.nameFr])].map((name) => ({ ...shared, name }));
    return [
      ...primary.map((n) => ({ ...n, primary: true })),
      ...c.alternates.map((name) => ({ ...shared, name, primary: false })),
    ];
  });
  await db.transaction(async (tx) => {
    await tx
      .insert(cities)
      .values(
        batch.map((c) => ({
          id: c.id,
          name: c.name,
          asciiName: c.asciiName,
          nameEn: c.nameEn,
          nameFr: c.nameFr,
          country: c.country,
          region: c.region,
          latitude: c.latitude,
          longitude: c.longitude,
          population: c.population,
          datasetVersion: version,
        })),
      )
      .onConflictDoUpdate({
        target: cities.id,
        set: {
          name: sql`excluded.name`,
          asciiName: sql`excluded.ascii_name`,
          nameEn: sql`excluded.name_en`,
          nameFr: sql`excluded.name_fr`,
          country: sql`excluded.country`,
          region: sql`excluded.region`,
          latitude: sql`excluded.latitude`,
          longitude: sql`excluded.longitude`,
          population: sql`excluded.population`,
          datasetVersion: sql`excluded.dataset_version`,
        },
      });
    await tx.delete(cityNames).where(inArray(cityNames.cityId, ids));
    // Primary names first: where a primary and an alternate spelling normalize alike, the primary one stays.
    for (let i = 0; i < names.length; i += 4 * LOAD_BATCH_SIZE) {
      await tx
        .insert(cityNames)
        .values(names.slice(i, i + 4 * LOAD_BATCH_SIZE))
        .onConflictDoNothing();
    }
  });
}

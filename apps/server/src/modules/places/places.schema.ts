import { sql } from 'drizzle-orm';
import { boolean, char, doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instant } from '../../platform/schema-columns.ts';
import { countries } from '../reference/reference.schema.ts';

// Cities (GeoNames, docs/decisions/0029), filled at start by places.loader.ts from an npm package, not by migration.
// The migration also creates the pg_trgm and unaccent extensions and places_normalize(text): lower(unaccent(text))
// with the dictionary named, hence immutable, so a stored generated column and its indexes can use it.

export const cities = pgTable('cities', {
  /** The GeoNames id. */
  id: integer('id').primaryKey(),
  /** GeoNames' own name (often the local one: Genève, Köln; sometimes the English one: Munich, Vienna). */
  name: text('name').notNull(),
  asciiName: text('ascii_name').notNull(),
  /** What an English or French reader calls it (places.exonyms.ts), else `name`. */
  nameEn: text('name_en').notNull(),
  nameFr: text('name_fr').notNull(),
  country: char('country', { length: 2 })
    .notNull()
    .references(() => countries.code),
  /** First-level division's name (GeoNames admin1), null when unknown. */
  region: text('region'),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  population: integer('population').notNull(),
  /** The dataset version that last wrote the row: rows of an older one are removed once a load completes. */
  datasetVersion: text('dataset_version').notNull(),
});

/** Every spelling a city is searched by, normalized: its own names (primary) and the other languages' (alternate).
 *  Population and country are copied here so a search ranks and filters without reading `cities` first. */
export const cityNames = pgTable(
  'city_names',
  {
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    search: text('search')
      .notNull()
      .generatedAlwaysAs(sql`places_normalize("name")`),
    /** GeoNames name, ASCII name, English or French name (true), or another language's (false). */
    primary: boolean('is_primary').notNull(),
    population: integer('population').notNull(),
    country: char('country', { length: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.cityId, t.search] }),
    // Prefix search ("lyo" -> lyon): a btree range scan on the normalized name.
    index('city_names_search_prefix').on(t.search.op('text_pattern_ops')),
    // Two letters ("ly"): own names of towns from SHORT_QUERY_MIN_POPULATION only, a tenth of the rows.
    index('city_names_short_prefix')
      .on(t.search.op('text_pattern_ops'))
      .where(sql`"is_primary" and "population" >= 15000`),
    // Typos ("montrel" -> montreal): trigram similarity.
    index('city_names_search_trgm').using('gin', t.search.op('gin_trgm_ops')),
  ],
);

/** One row per dataset ('cities'): the version loaded, and who is loading one now (a lease, so that several
 *  instances starting together load it once). */
export const placesDatasets = pgTable('places_datasets', {
  id: text('id').primaryKey(),
  version: text('version'),
  cityCount: integer('city_count').notNull().default(0),
  loadedAt: instant('loaded_at'),
  leaseUntil: instant('lease_until'),
});

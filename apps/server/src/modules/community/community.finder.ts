import type { Locale } from '@tutti/contract/common';
import type { SearchBody } from '@tutti/contract/community';
import { EARTH_RADIUS_KM } from '@tutti/contract/places';
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { accounts, cities, countries, type AccountRow } from '../../platform/schema.ts';
import { cardColumns, type CardRow } from './community.repository.ts';
import { followedBy, socialAccount, visibleTo } from './community.visibility.ts';

/**
 * Search and suggestions: the two queries that rank musicians. Search matches names (and, on profiles the reader
 * may read in full, the city) with PostgreSQL trigram similarity on accent-free lower-case text (`places_normalize`, an
 * immutable wrapper of unaccent, migration 0011), then full-text prefix matching; filters apply to profiles the
 * reader may read in full only, so a private profile never leaks its city or instruments through a filter.
 * Suggestions rank by the estimated one-way delay between cities (the places module's model), then by shared styles
 * and instruments.
 */

export type SuggestionKind = 'around' | 'country' | 'city';

export interface FinderViewer {
  id: string;
  cutoff: string;
  locale: Locale;
}

/** The places module's delay model, as SQL needs it: delay(ms) = km / kmPerMs × routeFactor + accessMs. */
export interface DelayModel {
  kmPerMs: number;
  routeFactor: number;
  accessMs: number;
  /** Suggestions around a musician stop at this estimate. */
  limitMs: number;
}

/** Great-circle distance in km between the account's city (`c`) and a point, in SQL (haversine). */
const distanceKm = (lat: number, lng: number): SQL =>
  sql`(2 * ${EARTH_RADIUS_KM}::float8 * asin(sqrt(
    power(sin(radians(c.latitude - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(c.latitude)) * power(sin(radians(c.longitude - ${lng}::float8) / 2), 2))))`;

/** How many styles and instruments each account shares with the viewer, as a table to join (`sc.account_id`,
 *  `sc.n`): one grouped pass over the accounts that share any, instead of two subqueries per candidate. */
const sharedCounts = (viewerId: string): SQL => sql`(SELECT account_id, count(*)::int AS n FROM (
    SELECT s.account_id FROM account_music_styles s
      WHERE s.style_id IN (SELECT style_id FROM account_music_styles WHERE account_id = ${viewerId})
    UNION ALL
    SELECT i.account_id FROM account_instruments i
      WHERE i.instrument_id IN (SELECT instrument_id FROM account_instruments WHERE account_id = ${viewerId})
  ) shared GROUP BY account_id) sc`;

/** A profile the viewer may read in full: public, followed, or their own. */
const readable = (viewerId: string): SQL => sql`(${accounts.publicProfile} OR ${followedBy(viewerId)})`;

export function createCommunityFinder(db: Db, delay: DelayModel) {
  const card = (viewerId: string) => cardColumns(viewerId);

  return {
    async countryExists(code: string): Promise<boolean> {
      const [row] = await db.select({ code: countries.code }).from(countries).where(eq(countries.code, code));
      return row !== undefined;
    },

    /** Validated and of the social age (blocks aside). */
    async isSocial(id: string, cutoff: string): Promise<boolean> {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.id, id), socialAccount(cutoff)));
      return row !== undefined;
    },

    async search(
      v: FinderViewer,
      filters: NonNullable<SearchBody['filters']>,
      p: number,
      size: number,
    ): Promise<{ rows: CardRow[]; total: number }> {
      const base: SQL[] = [visibleTo(v.id, v.cutoff), ne(accounts.id, v.id)];
      const filtered = filters.instrument || filters.style || filters.country;
      if (filtered) base.push(readable(v.id));
      if (filters.instrument) {
        const skill = filters.skill && filters.skill !== 'all' ? sql`AND i.skill = ${filters.skill}` : sql``;
        base.push(sql`EXISTS (SELECT 1 FROM account_instruments i WHERE i.account_id = ${accounts.id}
          AND i.instrument_id = ${filters.instrument} ${skill})`);
      } else if (filters.skill && filters.skill !== 'all') {
        base.push(readable(v.id));
        base.push(sql`EXISTS (SELECT 1 FROM account_instruments i WHERE i.account_id = ${accounts.id}
          AND i.skill = ${filters.skill})`);
      }
      if (filters.style) {
        base.push(sql`EXISTS (SELECT 1 FROM account_music_styles s WHERE s.account_id = ${accounts.id}
          AND s.style_id = ${filters.style})`);
      }
      if (filters.country) base.push(eq(accounts.countryCode, filters.country.toUpperCase()));

      const q = filters.q?.trim() ?? '';
      if (q === '') return page(base, [desc(accounts.createdAt)]);
      const nq = sql`places_normalize(${q})`;
      const rank = [
        desc(sql`(lower(${accounts.username}) = lower(${q}))`),
        desc(sql`greatest(word_similarity(${nq}, ${accounts.searchNames}),
          CASE WHEN ${readable(v.id)} THEN word_similarity(${nq}, coalesce(${accounts.searchPlace}, '')) ELSE 0 END)`),
      ];
      // First what contains the query: a name anywhere in the names, a city (or region) by the start of one of its
      // words, on readable profiles only. Each of the three is answered by a trigram index (they sit in one OR the
      // planner can turn into a BitmapOr); readability is checked on the matches, not on the table.
      const names = sql`${accounts.searchNames} LIKE '%' || ${nq} || '%'`;
      const place = sql`(${accounts.searchPlace} LIKE ${nq} || '%' OR ${accounts.searchPlace} LIKE '% ' || ${nq} || '%')`;
      const found = await page([...base, sql`(${names} OR ${place})`, sql`(${names} OR ${readable(v.id)})`], rank);
      if (found.total > 0) return found;
      // Nothing contains it: a typo ("gitar", "Dubios"), by trigram word similarity, from the same index. Running it
      // only then keeps the costly similarity off the common case. The planner, which prices a similarity like a
      // comparison, would rather compute it on every row than read the index: told not to, for this query only.
      return db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        return page([...base, sql`${nq} <% ${accounts.searchNames}`], rank, tx);
      });

      /** One page and the total in one query (a window count); past the last page, a count alone. */
      async function page(conditions: SQL[], order: SQL[], on: Db = db): Promise<{ rows: CardRow[]; total: number }> {
        const where = and(...conditions);
        const rows = await on
          .select({ ...card(v.id), total: sql<number>`(count(*) OVER ())::int` })
          .from(accounts)
          .where(where)
          .orderBy(...order, asc(accounts.username))
          .limit(size)
          .offset((p - 1) * size);
        if (rows.length > 0) return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]!.total };
        if (p === 1) return { rows: [], total: 0 };
        const [n] = await on
          .select({ n: sql<number>`count(*)::int` })
          .from(accounts)
          .where(where);
        return { rows: [], total: n?.n ?? 0 };
      }
    },

    /** Public profiles the viewer does not follow yet. 'around': within the delay limit of the viewer's city,
     *  nearest first (by whole ms), then most shared styles and instruments; without a city, the viewer's country
     *  (or everyone) by shared styles. 'country': the viewer's country, nearest first. 'city': the viewer's city. */
    async suggestions(v: FinderViewer, me: AccountRow, kind: SuggestionKind, limit: number): Promise<CardRow[]> {
      const conditions: SQL[] = [
        visibleTo(v.id, v.cutoff),
        ne(accounts.id, v.id),
        sql`${accounts.publicProfile}`,
        sql`NOT ${followedBy(v.id)}`,
      ];
      const [here] =
        me.cityId === null
          ? []
          : await db
              .select({ latitude: cities.latitude, longitude: cities.longitude })
              .from(cities)
              .where(eq(cities.id, me.cityId));
      const km = here ? distanceKm(here.latitude, here.longitude) : null;
      const delayMs = km
        ? sql`round(${km} / ${delay.kmPerMs}::float8 * ${delay.routeFactor}::float8 + ${delay.accessMs}::float8)`
        : null;
      if (kind === 'city') {
        if (me.cityId === null) return [];
        conditions.push(eq(accounts.cityId, me.cityId));
      } else if (kind === 'country' || !here) {
        if (me.countryCode === null && kind === 'country') return [];
        if (me.countryCode !== null) conditions.push(eq(accounts.countryCode, me.countryCode));
      } else if (km) {
        // Nearest cities only: the limit as a distance, with a latitude band first so the index-free scan is short.
        const maxKm = Math.max(0, ((delay.limitMs - delay.accessMs) * delay.kmPerMs) / delay.routeFactor);
        const band = maxKm / 111;
        conditions.push(sql`c.latitude BETWEEN ${here.latitude - band}::float8 AND ${here.latitude + band}::float8`);
        conditions.push(sql`${km} <= ${maxKm}::float8`);
      }
      const order = [desc(sql`coalesce(sc.n, 0)`), desc(accounts.createdAt), asc(accounts.id)];
      const query = db
        .select(card(v.id))
        .from(accounts)
        .leftJoin(sharedCounts(v.id), sql`sc.account_id = ${accounts.id}`);
      if (!delayMs)
        return query
          .where(and(...conditions))
          .orderBy(...order)
          .limit(limit);
      return query
        .leftJoin(sql`cities c`, sql`c.id = ${accounts.cityId}`)
        .where(and(...conditions))
        .orderBy(sql`${delayMs} ASC NULLS LAST`, ...order)
        .limit(limit);
    },
  };
}

export type CommunityFinder = ReturnType<typeof createCommunityFinder>;

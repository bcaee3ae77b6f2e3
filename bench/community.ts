import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '@tutti/server/src/app.ts';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { signInBenchUser } from './account.ts';
import { benchServerConfig } from './bench-server.ts';
import { machine } from './report.ts';

/**
 * Community search and suggestions at scale (issue 11, point 9): MUSICIANS seeded musicians in real cities (the
 * largest of the places table), with instruments and styles; then QUERIES mixed searches (whole and partial names,
 * typos, city names, filters) and SUGGESTION_CALLS suggestions (around me, my country, my city) through the API
 * (inject: no network), each timed. The baseline, measured in the same run, is GET v1/me: the cheapest signed-in call.
 */

export interface Timing {
  name: string;
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** p50 over the baseline's p50. */
  ratioToBaseline: number;
}

export interface CommunityReport {
  date: string;
  machine: ReturnType<typeof machine>;
  database: string;
  musicians: number;
  seedSeconds: number;
  rows: Timing[];
}

const WORDS = ['blue', 'jazz', 'rock', 'soul', 'funk', 'folk', 'nova', 'luna', 'echo', 'riff', 'tempo', 'groove'];
const FIRST = ['Chloé', 'Zoë', 'Jürgen', 'Ana', 'José', 'Léa', 'Björn', 'Noémie', 'Marc', 'Inès', 'Sam', 'Åsa'];
const LAST = ['Dürr', 'Martin', 'Gómez', 'Lefèvre', 'Olsen', 'Nguyen', 'Smith', 'Rossi', 'Müller', 'Dubois'];
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const round = (n: number) => Math.round(n * 100) / 100;

export async function runCommunityBench(options: {
  webDist: string;
  logLevel: string;
  databaseUrl?: string;
  musicians: number;
  queries: number;
  suggestionCalls: number;
}): Promise<CommunityReport> {
  // BENCH_PLACES=geonames seeds in the full GeoNames table (its load is awaited first); the sample by default.
  const { dataDir, config } = await benchServerConfig('community', options, {
    PLACES_DATASET: process.env.BENCH_PLACES ?? 'sample',
  });
  const app = await buildApp(config);
  const origin = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('127.0.0.1', 'localhost');
  const db = app.tutti.database.db;
  try {
    await app.tutti.places.load();
    const viewer = await signInBenchUser(origin, path.join(dataDir, 'mail'));
    const seedStart = performance.now();
    const tag = randomBytes(3).toString('hex');
    // Real cities, most of them large (where musicians are), a few hundred of them.
    const cityRows = (await db.execute(
      sql`SELECT id, country FROM cities ORDER BY population DESC LIMIT 600`,
    )) as unknown as { rows?: { id: number; country: string }[] } & { id: number; country: string }[];
    const cities = cityRows.rows ?? cityRows;
    if (cities.length === 0) throw new Error('the places table is empty');
    for (let start = 0; start < options.musicians; start += 1000) {
      const values = [];
      for (let i = start; i < Math.min(options.musicians, start + 1000); i += 1) {
        const city = pick(cities, (i * 7919) % cities.length);
        const username = `${pick(WORDS, i)}${pick(WORDS, i * 5 + 3)}${tag}${i}`;
        values.push(
          sql`(${`bench-${tag}-${i}@example.com`}, ${username}, 'x', '1990-01-01', ${`tok-${tag}-${i}`}, now(),
            ${`${pick(FIRST, i * 3)} ${pick(LAST, i * 11)}`}, ${city.id}, ${city.country}, ${i % 10 !== 0})`,
        );
      }
      await db.execute(sql`INSERT INTO accounts (email, username, password_hash, birthdate, nals_token, validated_at,
        displayed_username, city_id, country_code, public_profile) VALUES ${sql.join(values, sql`, `)}`);
    }
    await db.execute(sql`UPDATE accounts a SET search_place = (SELECT places_normalize(c.name_en || ' ' || c.name_fr
      || ' ' || c.name || coalesce(' ' || c.region, '')) FROM cities c WHERE c.id = a.city_id)
      WHERE a.email LIKE ${`bench-${tag}-%`}`);
    await db.execute(sql`INSERT INTO account_instruments (account_id, instrument_id, skill, rank)
      SELECT a.id, i.id, (ARRAY['beginner','medium','expert'])[1 + abs(hashtext(a.username)) % 3], 0
      FROM accounts a JOIN LATERAL (SELECT id FROM instruments ORDER BY abs(hashtext(a.username || id)) LIMIT 2) i ON true
      WHERE a.email LIKE ${`bench-${tag}-%`}`);
    await db.execute(sql`INSERT INTO account_music_styles (account_id, style_id, rank)
      SELECT a.id, s.id, 0 FROM accounts a
      JOIN LATERAL (SELECT id FROM music_styles ORDER BY abs(hashtext(a.username || id)) LIMIT 2) s ON true
      WHERE a.email LIKE ${`bench-${tag}-%`}`);
    // The viewer lives in the first city, plays what many play.
    const home = cities[0]!;
    await db.execute(sql`UPDATE accounts SET city_id = ${home.id}, country_code = ${home.country}
      WHERE email = ${viewer.email.toLowerCase()}`);
    await db.execute(sql`ANALYZE`);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const headers = { ...viewer.headers, 'content-type': 'application/json' };
    const time = async (
      name: string,
      count: number,
      request: (i: number) => InjectOptions,
      kindOf: (i: number) => string = () => name,
    ) => {
      const samples: number[] = [];
      const byKind = new Map<string, number[]>();
      for (let i = 0; i < count + 20; i += 1) {
        const started = performance.now();
        const res = await app.inject(request(i));
        const ms = performance.now() - started;
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (i < 20) continue; // the first 20 warm caches and plans up
        samples.push(ms);
        const kind = kindOf(i);
        byKind.set(kind, byKind.get(kind) ?? []);
        byKind.get(kind)!.push(ms);
      }
      // Which kind of call makes the tail: printed, for whoever works on the queries.
      for (const [kind, list] of byKind) {
        list.sort((a, b) => a - b);
        console.log(`  ${name} · ${kind}: p50 ${round(quantile(list, 0.5))} ms, p99 ${round(quantile(list, 0.99))} ms`);
      }
      samples.sort((a, b) => a - b);
      return { name, count, p50Ms: quantile(samples, 0.5), p99Ms: quantile(samples, 0.99), maxMs: samples.at(-1)! };
    };
    const searches = (i: number) => {
      const kind = i % 6;
      const filters =
        kind === 0
          ? { q: `${pick(WORDS, i)}${pick(WORDS, i * 5 + 3)}` } // a username's start
          : kind === 1
            ? { q: pick(LAST, i).normalize('NFD').replace(/\p{M}/gu, '') } // a name without its accents
            : kind === 2
              ? { q: 'grooov' } // a typo
              : kind === 3
                ? { q: i % 2 ? 'paris' : 'montreal' } // a city
                : kind === 4
                  ? { instrument: 'piano', skill: 'expert' }
                  : { q: pick(FIRST, i), style: 'jazz', country: 'FR' };
      return {
        method: 'POST' as const,
        url: '/api/v2/search',
        headers,
        payload: { p: 1 + (i % 3), size: 20, filters },
      };
    };
    const SEARCH_KINDS = [
      'username start',
      'name without accents',
      'typo',
      'city',
      'instrument filter',
      'name + filters',
    ];
    const suggestion = ['', '/country', '/city'];
    const baseline = await time('baseline: GET v1/me', options.queries, () => ({
      method: 'GET',
      url: '/api/v1/me',
      headers,
    }));
    const rows = [
      baseline,
      await time(
        `POST v2/search (${options.queries} mixed queries)`,
        options.queries,
        searches,
        (i) => SEARCH_KINDS[i % 6]!,
      ),
      await time(
        `GET v1/me/follows/suggestions (around, country, city)`,
        options.suggestionCalls,
        (i) => ({
          method: 'GET',
          url: `/api/v1/me/follows/suggestions${pick(suggestion, i)}?limit=10`,
          headers,
        }),
        (i) => pick(suggestion, i) || '/around',
      ),
    ].map((r) => ({
      ...r,
      p50Ms: round(r.p50Ms),
      p99Ms: round(r.p99Ms),
      maxMs: round(r.maxMs),
      ratioToBaseline: round(r.p50Ms / baseline.p50Ms),
    }));
    return {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      machine: machine(),
      database: options.databaseUrl ? 'PostgreSQL' : 'PGlite',
      musicians: options.musicians,
      seedSeconds: Math.round(seedSeconds),
      rows,
    };
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function communityMarkdownSection(reports: CommunityReport[]): string {
  const first = reports[0]!;
  const lines = [
    `## ${first.date}: community search and suggestions (\`BENCH_ONLY=community\`)`,
    '',
    `${first.machine.cpu}, ${first.machine.cores} cores, Node ${first.machine.node}. ${first.musicians} musicians seeded in ` +
      'the 600 largest cities of the places table (9 in 10 public), two instruments and two styles each; timed through ' +
      'the API (Fastify inject: no network), after 20 warm-up calls. Baseline: GET v1/me in the same run.',
    '',
    '| database | call | calls | p50 ms | p99 ms | max ms | p50 vs baseline |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...reports.flatMap((r) =>
      r.rows.map(
        (row) =>
          `| ${r.database} | ${row.name} | ${row.count} | ${row.p50Ms} | ${row.p99Ms} | ${row.maxMs} | ${row.ratioToBaseline}x |`,
      ),
    ),
    '',
    `Targets (not asserted): search p99 <= 50 ms and suggestions p99 <= 50 ms at 10,000 musicians on PostgreSQL. ` +
      reports
        .map((r) => {
          const [, search, suggestions] = r.rows;
          return `${r.database}: search p99 ${search!.p99Ms} ms (${search!.p99Ms <= 50 ? 'met' : 'MISSED'}), suggestions p99 ${suggestions!.p99Ms} ms (${suggestions!.p99Ms <= 50 ? 'met' : 'MISSED'})`;
        })
        .join('; ') +
      '.',
  ];
  return lines.join('\n');
}

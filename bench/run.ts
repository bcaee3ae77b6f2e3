import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { buildApp } from '@tutti/server/src/app.ts';
import { loadConfig } from '@tutti/server/src/config.ts';
import { signInBenchUser } from './account.ts';
import { runBusBench } from './bus-bench.ts';
import { BUS_METHOD_TEXT, busMarkdownSection, busMarkdownTable, busTargetText } from './bus-report.ts';
import { communityMarkdownSection, runCommunityBench } from './community.ts';
import { messagesMarkdownSection, runMessagesBench } from './messages.ts';
import { runLighthouseBench } from './lighthouse.ts';
import { runLoad } from './load.ts';
import { measureLoginJs } from './login-js.ts';
import { runMetersBench } from './meters.ts';
import { renewalsMarkdownSection, runRenewalsBench } from './renewals.ts';
import { runNalsRoundTrip } from './nals-roundtrip.ts';
import { nalsMarkdownSection, nalsMarkdownTable, nalsTargetText, BASELINE_TEXT } from './nals-report.ts';
import {
  appendSection,
  appendToBenchmarks,
  loginJsText,
  machine,
  markdownTable,
  TARGETS,
  targetsText,
  type BenchReport,
  type BenchRow,
} from './report.ts';
import {
  lighthouseMarkdownSection,
  lighthouseMarkdownTable,
  lighthouseTargetText,
  metersMarkdownSection,
  metersMarkdownTable,
  metersTargetText,
} from './web-report.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const warmupSeconds = Math.min(3, durationSeconds);
// Request logs at info would measure the terminal as much as the server; production ships them to a collector.
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'warn';
const webDist = path.join(repoRoot, 'apps/web/dist');
const benchmarksFile = path.join(repoRoot, 'docs/benchmarks.md');
const BENCHES = ['http', 'nals', 'bus', 'lighthouse', 'meters', 'community', 'renewals', 'messages'] as const;
/** One of BENCHES: that bench only; unset: all of them, in that order. */
const only = process.env.BENCH_ONLY;
if (only !== undefined && !(BENCHES as readonly string[]).includes(only)) {
  throw new Error(`BENCH_ONLY is one of ${BENCHES.join(', ')}`);
}

async function httpBench(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tutti-bench-'));

  // Both servers live in this process; the load comes from a child process, one target at a time.
  const baseline = Fastify({ logger: false });
  baseline.get('/baseline', async () => ({ hello: 'world' }));
  const baselineUrl = await baseline.listen({ port: 0, host: '127.0.0.1' });

  const config = loadConfig({
    DATA_DIR: dataDir,
    // The sample cities: a GeoNames load on this fresh database would compete with what is measured.
    PLACES_DATASET: 'sample',
    LOG_LEVEL: logLevel,
    RATE_LIMIT_AUTH_MAX: '1000',
    WEB_DIST: webDist,
    HOST: '127.0.0.1',
    PORT: '0',
    BROKER_PORT: '0',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const app = await buildApp(config);
  const origin = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('127.0.0.1', 'localhost');

  try {
    const user = await signInBenchUser(origin, path.join(dataDir, 'mail'));
    const targets = [
      { name: 'baseline: bare Fastify, tiny JSON', url: `${baselineUrl}/baseline`, headers: {} },
      { name: 'GET /api/v1/health', url: `${origin}/api/v1/health`, headers: {} },
      { name: 'GET /api/v1/me (authenticated)', url: `${origin}/api/v1/me`, headers: user.headers },
    ];
    const rows: BenchRow[] = [];
    for (const target of targets) {
      process.stderr.write(`bench: ${target.name} (warm-up ${warmupSeconds} s, then ${durationSeconds} s)\n`);
      await runLoad({ url: target.url, headers: target.headers, connections, durationSeconds: warmupSeconds });
      const figures = await runLoad({ url: target.url, headers: target.headers, connections, durationSeconds });
      const baselineRps = rows[0]?.requestsPerSecond ?? figures.requestsPerSecond;
      rows.push({ name: target.name, ...figures, ratioToBaseline: figures.requestsPerSecond / baselineRps });
    }

    process.stderr.write('bench: login page JavaScript\n');
    const loginJs = existsSync(path.join(webDist, 'index.html'))
      ? await measureLoginJs(origin)
      : { skipped: 'apps/web/dist is not built: run `npm run build` first' };

    const me = rows[2]!;
    const report: BenchReport = {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      machine: machine(),
      settings: {
        connections,
        durationSeconds,
        logLevel,
        database: process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite',
      },
      rows,
      loginJs,
      targets: {
        meRatio: me.ratioToBaseline >= TARGETS.meRatio,
        meP99: me.p99Ms <= TARGETS.meP99Ms,
        loginJs: 'skipped' in loginJs ? null : loginJs.totalGzipBytes / 1024 <= TARGETS.loginJsGzipKb,
      },
    };

    console.log(markdownTable(report));
    console.log(`\n${loginJsText(loginJs)}\n\n${targetsText(report)}\n`);
    console.log(JSON.stringify(report, null, 2));
    if (!process.env.BENCH_NO_APPEND) await appendToBenchmarks(benchmarksFile, report);
  } finally {
    await app.close();
    await baseline.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function nalsBench(): Promise<void> {
  const report = await runNalsRoundTrip({
    repoRoot,
    webDist,
    logLevel,
    count: Number(process.env.BENCH_NALS_COUNT ?? 1000),
    warmup: Number(process.env.BENCH_NALS_WARMUP ?? 50),
    ...(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {}),
  });
  console.log(`\n${nalsMarkdownTable(report)}\n\n${nalsTargetText(report)}\n\n${BASELINE_TEXT}\n`);
  console.log(JSON.stringify(report, null, 2));
  if (!process.env.BENCH_NO_APPEND) await appendSection(benchmarksFile, nalsMarkdownSection(report));
}

async function busBench(): Promise<void> {
  const report = await runBusBench({
    webDist,
    logLevel,
    subscribers: Number(process.env.BENCH_BUS_SUBSCRIBERS ?? 200),
    messages: Number(process.env.BENCH_BUS_MESSAGES ?? 2000),
    warmup: Number(process.env.BENCH_BUS_WARMUP ?? 200),
    rate: Number(process.env.BENCH_BUS_RATE ?? 200),
    idleConnections: Number(process.env.BENCH_BUS_IDLE ?? 2000),
    rounds: Number(process.env.BENCH_BUS_ROUNDS ?? 5),
    ...(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {}),
    ...(process.env.BENCH_REDIS_URL ? { redisUrl: process.env.BENCH_REDIS_URL } : {}),
  });
  console.log(`\n${busMarkdownTable(report)}\n\n${busTargetText(report)}\n\n${BUS_METHOD_TEXT}\n`);
  console.log(JSON.stringify(report, null, 2));
  if (!process.env.BENCH_NO_APPEND) await appendSection(benchmarksFile, busMarkdownSection(report));
}

async function lighthouseBench(): Promise<void> {
  const report = await runLighthouseBench({
    webDist,
    logLevel,
    runs: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
    ...(process.env.BENCH_LIGHTHOUSE_DIR ? { reportDir: process.env.BENCH_LIGHTHOUSE_DIR } : {}),
    ...(process.env.BENCH_LIGHTHOUSE_PAGES ? { pages: process.env.BENCH_LIGHTHOUSE_PAGES.split(',') } : {}),
    ...(process.env.BENCH_LIGHTHOUSE_CPU ? { cpuSlowdown: Number(process.env.BENCH_LIGHTHOUSE_CPU) } : {}),
    ...(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {}),
  });
  console.log(`\n${lighthouseMarkdownTable(report)}\n\n${lighthouseTargetText(report)}\n`);
  console.log(JSON.stringify(report, null, 2));
  if (!process.env.BENCH_NO_APPEND) await appendSection(benchmarksFile, lighthouseMarkdownSection(report));
}

/** Search and suggestions at BENCH_MUSICIANS (10,000) musicians: PGlite, then PostgreSQL when BENCH_DATABASE_URL
 *  names one (the same run, so both have the same baseline conditions). */
async function communityBench(): Promise<void> {
  const settings = {
    webDist,
    logLevel,
    musicians: Number(process.env.BENCH_MUSICIANS ?? 10_000),
    queries: Number(process.env.BENCH_QUERIES ?? 500),
    suggestionCalls: Number(process.env.BENCH_SUGGESTION_CALLS ?? 300),
  };
  const reports = [await runCommunityBench(settings)];
  if (process.env.BENCH_DATABASE_URL) {
    reports.push(await runCommunityBench({ ...settings, databaseUrl: process.env.BENCH_DATABASE_URL }));
  }
  const section = communityMarkdownSection(reports);
  console.log(`\n${section}\n`);
  if (!process.env.BENCH_NO_APPEND) await appendSection(benchmarksFile, section);
}

/** The billing job at BENCH_SUBSCRIPTIONS (10,000) due subscriptions: PGlite, then PostgreSQL when BENCH_DATABASE_URL
 *  names one. */
async function renewalsBench(): Promise<void> {
  const settings = { webDist, logLevel, subscriptions: Number(process.env.BENCH_SUBSCRIPTIONS ?? 10_000) };
  const reports = [await runRenewalsBench(settings)];
  if (process.env.BENCH_DATABASE_URL) {
    reports.push(await runRenewalsBench({ ...settings, databaseUrl: process.env.BENCH_DATABASE_URL }));
  }
  const section = renewalsMarkdownSection(reports);
  console.log(`\n${section}\n`);
  if (!process.env.BENCH_NO_APPEND) await appendSection(benchmarksFile, section);
}

/** Private messages: send to delivery over BENCH_MESSAGES (1,000) messages against the bus fan-out, and the list at
 *  BENCH_CONVERSATIONS (1,000) conversations; PGlite, then PostgreSQL when BENCH_DATABASE_URL names one. */
async function messagesBench(): Promise<void> {
  const settings = {
    webDist,
    logLevel,
    messages: Number(process.env.BENCH_MESSAGES ?? 1000),
    conversations: Number(process.env.BENCH_CONVERSATIONS ?? 1000),
    listCalls: Number(process.env.BENCH_LIST_CALLS ?? 500),
  };
  const reports = [await runMessagesBench(settings)];
  if (process.env.BENCH_DATABASE_URL) {
    reports.push(await runMessagesBench({ ...settings, databaseUrl: process.env.BENCH_DATABASE_URL }));
  }
  const section = messagesMarkdownSection(reports);
  console.log(`\n${section}\n`);
  if (!process.env.BENCH_NO_APPEND) await appendSection(benchmarksFile, section);
}

async function metersBench(): Promise<void> {
  const report = await runMetersBench({
    repoRoot,
    webDist,
    logLevel,
    seconds: Number(process.env.BENCH_METERS_SECONDS ?? 20),
    ...(process.env.BENCH_METERS_TRACE ? { traceDir: process.env.BENCH_METERS_TRACE } : {}),
    ...(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {}),
  });
  console.log(`\n${metersMarkdownTable(report)}\n\n${metersTargetText(report)}\n`);
  console.log(JSON.stringify(report, null, 2));
  if (!process.env.BENCH_NO_APPEND) await appendSection(benchmarksFile, metersMarkdownSection(report));
}

if (only === undefined || only === 'http') await httpBench();
if (only === undefined || only === 'nals') await nalsBench();
if (only === undefined || only === 'bus') await busBench();
if (only === undefined || only === 'lighthouse') await lighthouseBench();
if (only === undefined || only === 'meters') await metersBench();
if (only === undefined || only === 'community') await communityBench();
if (only === undefined || only === 'renewals') await renewalsBench();
if (only === undefined || only === 'messages') await messagesBench();

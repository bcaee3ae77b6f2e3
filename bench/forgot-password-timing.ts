/**
 * Does `POST v1/accounts/forgot-password` tell a known address from an unknown one by its answer time?
 * Issue 10 measured 5.3 ms against 2.5 ms. This starts the server on a fresh embedded database (or
 * BENCH_DATABASE_URL) and makes one confirmed account; a child process, as remote as a client on this machine can be,
 * then alternates known and unknown addresses over HTTP and prints the median and 90th percentile of each.
 * Run: `npx tsx bench/forgot-password-timing.ts` (BENCH_TIMING_ROUNDS, 300; BENCH_TIMING_GAP_MS, 20).
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@tutti/server/src/app.ts';
import { loadConfig } from '@tutti/server/src/config.ts';
import { signInBenchUser } from './account.ts';

const rounds = Number(process.env.BENCH_TIMING_ROUNDS ?? 300);
/** A pause after each request, so that one request's background work (the recovery email) does not land on the next
 *  one's clock: what is measured is the answer itself. */
const gapMs = Number(process.env.BENCH_TIMING_GAP_MS ?? 20);
const pause = () => new Promise((resolve) => setTimeout(resolve, gapMs));

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function timeOnce(origin: string, email: string): Promise<number> {
  const started = process.hrtime.bigint();
  const res = await fetch(`${origin}/api/v1/accounts/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  await res.arrayBuffer();
  if (res.status !== 204) throw new Error(`forgot-password answered ${res.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tutti-timing-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    // The sample cities: a GeoNames load on this fresh database would compete with what is measured.
    PLACES_DATASET: 'sample',
    LOG_LEVEL: 'warn',
    // The limiter is not what is measured here.
    RATE_LIMIT_AUTH_MAX: String(rounds * 4),
    BROKER_ENABLED: 'false',
    WEB_DIST: path.join(dataDir, 'web'),
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const app = await buildApp(config);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const user = await signInBenchUser(origin, path.join(dataDir, 'mail'));
    const child = fork(fileURLToPath(import.meta.url), ['--client', origin, user.email], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve, reject) => {
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`client exited with ${code}`))));
    });
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The measuring side, in its own process: the server's event loop never runs the client's code. */
async function client(origin: string, email: string): Promise<void> {
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < 20; i++) await timeOnce(origin, i % 2 ? email : `warm-${i}@example.com`);
  for (let i = 0; i < rounds; i++) {
    // Alternating, so that a slow spell of the machine weighs on both alike.
    times.known.push(await timeOnce(origin, email));
    await pause();
    times.unknown.push(await timeOnce(origin, `nobody-${i}@example.com`));
    await pause();
  }
  for (const [name, list] of Object.entries(times)) {
    const sorted = [...list].sort((a, b) => a - b);
    const figures = `median ${percentile(sorted, 50).toFixed(2)} ms, p90 ${percentile(sorted, 90).toFixed(2)} ms`;
    process.stdout.write(`${name.padEnd(8)} ${figures} (${rounds} requests)\n`);
  }
}

if (process.argv[2] === '--client') await client(process.argv[3] ?? '', process.argv[4] ?? '');
else await main();

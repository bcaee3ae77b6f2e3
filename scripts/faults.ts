/**
 * npm run faults: the fault suite. Starts the server (apps/server as it is, nothing built) on loopback against a
 * fresh PostgreSQL database, this machine's Redis and a fresh DATA_DIR, drives a bounded load of authenticated reads
 * and writes, and in turn stops and restarts PostgreSQL, Redis and the room server (its child process killed). Prints
 * the requests failed during each outage, the recovery time after each part returns (its first success), and the
 * writes lost: every acknowledged write is looked for in the database at the end (must be 0). Results:
 * docs/reliability.md. Stops by itself; PostgreSQL and Redis are restarted whatever happens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../apps/server/src/config.ts';
import * as services from './faults-services.ts';

const WORKERS = 4;
const OUTAGE_MS = Number(process.env['FAULTS_OUTAGE_MS'] ?? 3000);
const BASELINE_MS = 3000;
const RECOVERY_LIMIT_MS = 30_000;
const SETTLE_MS = 2000;
const MAX_REQUESTS = 20_000;
const REQUEST_TIMEOUT_MS = 5000;
const PAUSE_MS = 30;

type Part = 'postgres' | 'redis' | 'room';
const ALL_PARTS: Part[] = ['postgres', 'redis', 'room'];
/** FAULTS_PARTS=room (a comma list) runs a subset, say to try the load without touching the shared services. */
const PARTS = (process.env['FAULTS_PARTS'] ?? ALL_PARTS.join(','))
  .split(',')
  .filter((p): p is Part => (ALL_PARTS as string[]).includes(p));
/** Which requests prove a part is back: writes need the database, joins the room server. */
const PROVES: Record<Part, (op: string) => boolean> = {
  postgres: (op) => op !== 'me',
  redis: () => true,
  room: (op) => op === 'join',
};

interface Sample {
  op: string;
  start: number;
  end: number;
  status: number; // 0: no answer (refused, reset, timed out)
}

const samples: Sample[] = [];
/** One device for the whole run: each sign-in would otherwise register another. */
const SERIAL = `faults-${randomBytes(6).toString('hex')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let running = true;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${services.POSTGRES_URL}/postgres` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function request(base: string, op: string, method: string, path: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = { 'x-agent': JSON.stringify({ app: 'tutti-faults/1.0.0', serial: SERIAL }) };
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const sample: Sample = { op, start: Date.now(), end: 0, status: 0 };
  let json: unknown;
  try {
    const res = await fetch(`${base}/api/${path}`, {
      method,
      headers,
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    sample.status = res.status;
    json = await res.json().catch(() => undefined);
  } catch {
    sample.status = 0;
  }
  sample.end = Date.now();
  if (samples.length < MAX_REQUESTS) samples.push(sample);
  else running = false;
  return { ok: sample.status >= 200 && sample.status < 300, status: sample.status, json };
}

/** What the database must hold at the end: each acknowledged write. */
const acked = {
  signups: [] as string[],
  sessions: [] as string[],
  joins: [] as { session: string; account: string }[],
  quits: [] as { session: string; account: string }[],
  /** Per account: the last acknowledged locale, and the values tried after it (a timed-out write may have landed). */
  locales: new Map<string, { value: string; later: Set<string> }>(),
};

interface User {
  id: string;
  email: string;
  token: string;
}

const newAccount = () => {
  const suffix = randomBytes(5).toString('hex');
  return { email: `faults-${suffix}@example.com`, username: `faults${suffix}`, password: 'correct horse' };
};

async function createUser(base: string, dbUrl: string): Promise<User> {
  const account = newAccount();
  const res = await request(base, 'signup', 'POST', 'v1/accounts', undefined, { ...account, birthdate: '1990-05-17' });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status}`);
  // The email link is not what is tested here: the account is confirmed in the database directly.
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  await client.query('update accounts set validated_at = now() where email = $1', [account.email]);
  await client.end();
  const auth = await request(base, 'signin', 'POST', 'v1/auth', undefined, {
    email: account.email,
    password: account.password,
  });
  if (!auth.ok) throw new Error(`sign-in failed: ${auth.status}`);
  return {
    id: (res.json as { id: string }).id,
    email: account.email,
    token: (auth.json as { accessToken: string }).accessToken,
  };
}

async function worker(base: string, user: User): Promise<void> {
  for (let i = 0; running; i++) {
    await request(base, 'me', 'GET', 'v1/me', user.token);
    const locale = i % 2 === 0 ? 'fr' : 'en';
    const entry = acked.locales.get(user.id);
    entry?.later.add(locale);
    if ((await request(base, 'locale', 'PUT', 'v1/me/locale', user.token, { locale })).ok) {
      acked.locales.set(user.id, { value: locale, later: new Set() });
    }
    const created = await request(base, 'create', 'POST', 'v2/open-rehearsal', user.token, {
      name: `Faults ${i}`,
      public: false,
    });
    if (created.ok) {
      const id = (created.json as { id: string }).id;
      acked.sessions.push(id);
      if ((await request(base, 'join', 'POST', `v2/open-rehearsal/${id}/join`, user.token)).ok) {
        acked.joins.push({ session: id, account: user.id });
        if ((await request(base, 'quit', 'POST', `v1/open-rehearsal/${id}/quit`, user.token)).ok) {
          acked.quits.push({ session: id, account: user.id });
        }
      }
    }
    if (i % 5 === 0) {
      const account = newAccount();
      const res = await request(base, 'signup', 'POST', 'v1/accounts', undefined, {
        ...account,
        birthdate: '1990-05-17',
      });
      if (res.ok) acked.signups.push(account.email);
    }
    await sleep(PAUSE_MS);
  }
}

async function lostWrites(dbUrl: string): Promise<{ checked: number; lost: string[] }> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const lost: string[] = [];
  let checked = 0;
  const has = async (what: string, text: string, values: unknown[]) => {
    checked++;
    if ((await client.query(text, values)).rowCount === 0) lost.push(what);
  };
  try {
    for (const email of acked.signups)
      await has(`account ${email}`, 'select 1 from accounts where email = $1', [email]);
    for (const id of acked.sessions) await has(`session ${id}`, 'select 1 from sessions where id = $1', [id]);
    for (const j of acked.joins) {
      await has(`join ${j.session}`, 'select 1 from session_players where session_id = $1 and account_id = $2', [
        j.session,
        j.account,
      ]);
    }
    // A quit ends the player's presence and, the session left empty, starts its grace period (empty_since); the
    // session itself ends only when the sweep finds the grace period over (ended_at), so that is not the quit's write.
    for (const q of acked.quits) {
      await has(
        `quit ${q.session}`,
        `select 1 from session_players p join sessions s on s.id = p.session_id
          where p.session_id = $1 and p.account_id = $2 and p.left_at is not null
            and (s.empty_since is not null or s.ended_at is not null)`,
        [q.session, q.account],
      );
    }
    for (const [account, { value, later }] of acked.locales) {
      checked++;
      const { rows } = await client.query<{ locale: string }>('select locale from accounts where id = $1', [account]);
      const locale = rows[0]?.locale ?? '';
      if (locale !== value && !later.has(locale)) lost.push(`locale of ${account}: ${locale}, acknowledged ${value}`);
    }
  } finally {
    await client.end();
  }
  return { checked, lost };
}

interface PhaseResult {
  part: Part;
  outageSec: number;
  requests: number;
  failed: number;
  failedAfterReturn: number;
  recoverySec: number | null;
  /** The failed requests of the outage and of the recovery, by kind of request and status. */
  failedByOp: Record<string, number>;
}

const failed = (s: Sample) => s.status === 0 || s.status >= 500;
const seconds = (ms: number) => Math.round(ms / 100) / 10;

async function roomPid(roomPort: number): Promise<number | undefined> {
  try {
    const res = await fetch(`http://127.0.0.1:${roomPort}/health`, { signal: AbortSignal.timeout(1000) });
    return ((await res.json()) as { pid?: number }).pid;
  } catch {
    return undefined;
  }
}

async function fault(part: Part, roomPort: number): Promise<PhaseResult> {
  const stoppedAt = Date.now();
  if (part === 'room') {
    const pid = await roomPid(roomPort);
    if (pid === undefined) throw new Error('the room server does not answer before its fault');
    process.kill(pid, 'SIGKILL');
    // The supervisor restarts it (after its first delay): it is back when a new pid answers.
    const deadline = Date.now() + RECOVERY_LIMIT_MS;
    for (;;) {
      const now = await roomPid(roomPort);
      if (now !== undefined && now !== pid) break;
      if (Date.now() > deadline) throw new Error('the room server did not come back');
      await sleep(50);
    }
  } else {
    await (part === 'postgres' ? services.stopPostgres() : services.stopRedis());
    await sleep(OUTAGE_MS);
    await (part === 'postgres' ? services.startPostgres() : services.startRedis());
    const up = part === 'postgres' ? services.postgresUp : services.redisUp;
    if (!(await services.waitUntil(up, RECOVERY_LIMIT_MS))) throw new Error(`${part} did not come back`);
  }
  const returnedAt = Date.now();
  const recovered = async () =>
    samples.some((s) => s.start >= returnedAt && s.status >= 200 && s.status < 300 && PROVES[part](s.op));
  await services.waitUntil(recovered, RECOVERY_LIMIT_MS);
  await sleep(SETTLE_MS);
  const during = samples.filter((s) => s.start >= stoppedAt && s.start < returnedAt);
  const first = samples
    .filter((s) => s.start >= returnedAt && s.status >= 200 && s.status < 300 && PROVES[part](s.op))
    .sort((a, b) => a.end - b.end)[0];
  const recoveredAt = first?.end ?? Number.POSITIVE_INFINITY;
  const after = samples.filter((s) => s.start >= returnedAt && s.start < recoveredAt);
  return {
    part,
    outageSec: seconds(returnedAt - stoppedAt),
    requests: during.length,
    failed: during.filter(failed).length,
    failedAfterReturn: after.filter(failed).length,
    recoverySec: first ? seconds(first.end - returnedAt) : null,
    failedByOp: [...during, ...after].filter(failed).reduce<Record<string, number>>((counts, s) => {
      const key = `${s.op} ${s.status || 'no answer'}`;
      counts[key] = (counts[key] ?? 0) + 1;
      return counts;
    }, {}),
  };
}

async function startServer(env: Record<string, string>, logFile: string): Promise<ChildProcess> {
  const out = openSync(logFile, 'a');
  const server = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'apps/server/src/main.ts')], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', out, out],
  });
  const base = `http://127.0.0.1:${env['PORT']}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}); see ${logFile}`);
    const ok = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && (await roomPid(Number(env['ROOM_HTTP_PORT']))) !== undefined) return server;
    await sleep(200);
  }
  throw new Error(`the server did not start within 60 s; see ${logFile}`);
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function main(): Promise<void> {
  if (!(await services.postgresUp()) || !(await services.redisUp())) {
    throw new Error('PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379) must be up before the faults run');
  }
  const dbName = `tutti_faults_${randomBytes(5).toString('hex')}`;
  const dbUrl = `${services.POSTGRES_URL}/${dbName}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'tutti-faults-'));
  const webDist = join(dataDir, 'web');
  mkdirSync(webDist);
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Tutti</title>');
  const [port, roomHttp, broker] = [await freePort(), await freePort(), await freePort()];
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    DATABASE_URL: dbUrl,
    REDIS_URL: services.REDIS_URL,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ROOM_HTTP_PORT: String(roomHttp),
    ROOM_UDP_PORT: '0',
    BROKER_PORT: String(broker),
    RATE_LIMIT_AUTH_MAX: '100000',
    // The workers open and end a session every turn: fair-use limits would refuse most of that load, which is not
    // what this run measures.
    SESSION_CREATIONS_PER_MINUTE: '100000',
    SESSION_LIVE_MAX: '100000',
    LOG_LEVEL: 'warn',
  };
  const logFile = join(dataDir, 'server.log');
  let server: ChildProcess | null = null;
  await admin(`CREATE DATABASE ${dbName}`);
  try {
    server = await startServer(env, logFile);
    const base = `http://127.0.0.1:${port}`;
    const users: User[] = [];
    for (let i = 0; i < WORKERS; i++) users.push(await createUser(base, dbUrl));
    samples.length = 0;
    const load = Promise.all(users.map((u) => worker(base, u)));
    const started = Date.now();
    const results: PhaseResult[] = [];
    try {
      await sleep(BASELINE_MS);
      for (const part of PARTS) {
        console.log(`fault: ${part}`);
        results.push(await fault(part, roomHttp));
      }
    } finally {
      running = false;
      await load;
    }
    const lost = await lostWrites(dbUrl);
    const total = samples.length;
    console.log(
      `\n${total} requests in ${seconds(Date.now() - started)} s, ${samples.filter(failed).length} failed ` +
        `(5xx or no answer), ${samples.filter((s) => s.status >= 400 && s.status < 500).length} refused (4xx)`,
    );
    console.log(
      '| part | outage (s) | requests during | failed during | failed after return | recovery (s) | failed (kind, status) |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const r of results) {
      console.log(
        `| ${r.part} | ${r.outageSec} | ${r.requests} | ${r.failed} | ${r.failedAfterReturn} | ${r.recoverySec ?? 'none'} | ` +
          `${
            Object.entries(r.failedByOp)
              .map(([op, n]) => `${op} ${n}`)
              .join(', ') || '-'
          } |`,
      );
    }
    console.log(`\nacknowledged writes checked: ${lost.checked}; writes lost: ${lost.lost.length}`);
    for (const what of lost.lost.slice(0, 20)) console.log(`  lost: ${what}`);
    if (lost.lost.length > 0) process.exitCode = 1;
  } finally {
    running = false;
    if (server) await stopServer(server);
    const up = await services.ensureServicesUp();
    console.log(`after the run: PostgreSQL ${up.postgres ? 'up' : 'DOWN'}, Redis ${up.redis ? 'up' : 'DOWN'}`);
    if (up.postgres) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    console.log(`server log: ${logFile} (kept)`);
    if (!up.postgres || !up.redis) process.exitCode = 2;
  }
}

await main();

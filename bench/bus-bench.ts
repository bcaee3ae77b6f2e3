import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { busTopics } from '@tutti/contract/bus';
import { buildApp } from '@tutti/server/src/app.ts';
import { loadConfig } from '@tutti/server/src/config.ts';
import { WebSocketServer } from 'ws';
import { signInBenchUser } from './account.ts';
import type { BusChildSettings, ClientFigures } from './bus-clients-child.ts';
import { BUS_TARGETS, type BusBenchReport, type FanOutFigures, type MemoryFigures } from './bus-report.ts';
import { machine } from './report.ts';

export interface BusBenchOptions {
  webDist: string;
  logLevel: string;
  subscribers: number;
  /** Measured messages per run, after `warmup` unmeasured ones, published at `rate` per second. */
  messages: number;
  warmup: number;
  rate: number;
  idleConnections: number;
  /** Runs of each fan-out, alternating which goes first; the median run of each is reported. */
  rounds: number;
  databaseUrl?: string;
  redisUrl?: string;
}

const child = fileURLToPath(new URL('./bus-clients-child.ts', import.meta.url));
/** Clients per child process: each socket is a file descriptor on both sides. */
const CLIENTS_PER_CHILD = 1000;

// The server process is this one: a collection before each reading leaves only what connections keep alive.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

interface Clients {
  procs: ChildProcess[];
  collect(expected: number): Promise<ClientFigures[]>;
  stop(): Promise<void>;
}

function startChild(settings: BusChildSettings): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const proc = fork(child, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, BENCH_BUS_CHILD: JSON.stringify(settings) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    proc.once('message', (m: { ready?: boolean }) => (m.ready ? resolve(proc) : reject(new Error('child not ready'))));
    proc.once('exit', (code) => reject(new Error(`bus clients exited with ${code}`)));
  });
}

async function startClients(url: string, count: number, topic?: string): Promise<Clients> {
  const procs: ChildProcess[] = [];
  for (let i = 0; i < count; i += CLIENTS_PER_CHILD) {
    procs.push(await startChild({ url, count: Math.min(CLIENTS_PER_CHILD, count - i), ...(topic && { topic }) }));
  }
  return {
    procs,
    collect: (expected) =>
      Promise.all(
        procs.map(
          (proc) =>
            new Promise<ClientFigures>((resolve) => {
              proc.once('message', (m: { figures: ClientFigures }) => resolve(m.figures));
              proc.send({ collect: expected });
            }),
        ),
      ),
    stop: async () => {
      await Promise.all(
        procs.map(
          (proc) =>
            new Promise<void>((resolve) => {
              if (proc.exitCode !== null) return resolve();
              proc.removeAllListeners('exit');
              proc.once('exit', () => resolve());
              proc.disconnect();
            }),
        ),
      );
    },
  };
}

const epochNow = () => performance.timeOrigin + performance.now();

/** A realistic event: about the size of a session event with two players. */
const PADDING = 'x'.repeat(400);

/** Publishes `warmup + messages` events at a steady rate; returns the send time of the first measured one. */
async function publishSteadily(
  opts: BusBenchOptions,
  publish: (data: Record<string, unknown>) => void | Promise<void>,
): Promise<number> {
  const interval = 1000 / opts.rate;
  const total = opts.warmup + opts.messages;
  const start = performance.now();
  let firstMeasured = 0;
  for (let i = 0; i < total; i += 1) {
    const wait = start + i * interval - performance.now();
    if (wait > 0) await sleep(wait);
    const warmup = i < opts.warmup;
    const sentAt = epochNow();
    if (i === opts.warmup) firstMeasured = sentAt;
    await publish({ event: 'updated', seq: i, sentAt, ...(warmup && { warmup: true }), padding: PADDING });
  }
  return firstMeasured;
}

function combine(figures: ClientFigures[], expected: number, firstSentAt: number, cpu: NodeJS.CpuUsage): FanOutFigures {
  // Children report percentiles each; with equal halves, the worst child's p99 bounds the whole.
  const received = figures.reduce((n, f) => n + f.received, 0);
  const lastAt = Math.max(...figures.map((f) => f.lastAt));
  const weighted = (key: 'p50Ms' | 'meanMs') =>
    figures.reduce((sum, f) => sum + f.latency[key] * f.latency.samples, 0) / Math.max(1, received);
  const result: FanOutFigures = {
    deliveries: received,
    lost: expected - received,
    p50Ms: weighted('p50Ms'),
    p99Ms: Math.max(...figures.map((f) => f.latency.p99Ms)),
    maxMs: Math.max(...figures.map((f) => f.latency.maxMs)),
    deliveriesPerSecond: received / ((lastAt - firstSentAt) / 1000),
    cpuMicrosPerDelivery: (cpu.user + cpu.system) / Math.max(1, received),
  };
  process.stderr.write(
    `  p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms, ${Math.round(result.deliveriesPerSecond)}/s, ` +
      `${result.cpuMicrosPerDelivery.toFixed(2)} µs CPU per delivery\n`,
  );
  return result;
}

/** The run whose p99 is the median one (the upper median for an even count). */
function medianRun(runs: FanOutFigures[]): FanOutFigures {
  const sorted = [...runs].sort((a, b) => a.p99Ms - b.p99Ms);
  return sorted[Math.floor(sorted.length / 2)] as FanOutFigures;
}

function memoryNow() {
  gc();
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed, external: m.external + m.arrayBuffers };
}

export async function runBusBench(opts: BusBenchOptions): Promise<BusBenchReport> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tutti-bench-bus-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    // The sample cities: a GeoNames load on this fresh database would compete with what is measured.
    PLACES_DATASET: 'sample',
    LOG_LEVEL: opts.logLevel,
    WEB_DIST: opts.webDist,
    HOST: '127.0.0.1',
    PORT: '0',
    BROKER_ENABLED: 'false',
    // Every client of this bench is one account on one address: the caps a band needs would refuse most of them
    // (the flood bench, bench/flood.ts, measures the caps themselves).
    BUS_MAX_CONNECTIONS_PER_ACCOUNT: '1000000',
    BUS_MAX_CONNECTIONS_PER_ADDRESS: '1000000',
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
  });
  const app = await buildApp(config);
  const origin = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('127.0.0.1', 'localhost');
  const baseline = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((resolve) => baseline.once('listening', resolve));
  const baselineUrl = `ws://127.0.0.1:${(baseline.address() as { port: number }).port}`;

  try {
    const user = await signInBenchUser(origin, path.join(dataDir, 'mail'));
    const busUrl = `${origin.replace(/^http/, 'ws')}/bus?token=${encodeURIComponent(user.accessToken)}`;
    const accountId = ((await (await fetch(`${origin}/api/v1/me`, { headers: user.headers })).json()) as { id: string })
      .id;
    const loadAverage = loadavg()[0] ?? 0;

    // ---- memory per idle connection, first, on a heap the fan-out has not grown yet
    process.stderr.write(`bench: bus memory with ${opts.idleConnections} idle connections\n`);
    const before = memoryNow();
    const idle = await startClients(busUrl, opts.idleConnections, busTopics.invitations(accountId));
    const connected = app.tutti.bus().connections;
    const after = memoryNow();
    await idle.stop();
    const per = (bytes: number) => bytes / opts.idleConnections;
    const memory: MemoryFigures = {
      connections: connected,
      rssPerConnection: per(after.rss - before.rss),
      heapPerConnection: per(after.heap - before.heap),
      externalPerConnection: per(after.external - before.external),
    };
    while (app.tutti.bus().connections > 0) await sleep(50);

    // ---- fan-out: the same clients, rate and payload on the bare ws server and on /bus
    const expected = opts.messages * opts.subscribers;
    const topic = busTopics.hallSessions();
    const runBare = async () => {
      process.stderr.write(`bench: bare ws fan-out to ${opts.subscribers} clients, ${opts.messages} messages\n`);
      const clients = await startClients(baselineUrl, opts.subscribers);
      gc(); // each run starts from a collected heap, whatever the previous one left
      const cpu = process.cpuUsage();
      const first = await publishSteadily(opts, (data) => {
        const json = JSON.stringify({ topic, data });
        for (const c of baseline.clients) c.send(json);
      });
      const figures = combine(await clients.collect(expected), expected, first, process.cpuUsage(cpu));
      await clients.stop();
      return figures;
    };
    const runBus = async () => {
      process.stderr.write(`bench: /bus fan-out to ${opts.subscribers} clients, ${opts.messages} messages\n`);
      const clients = await startClients(busUrl, opts.subscribers, topic);
      gc(); // each run starts from a collected heap, whatever the previous one left
      const cpu = process.cpuUsage();
      const first = await publishSteadily(opts, (data) => app.tutti.pubsub.publish(topic, data));
      const figures = combine(await clients.collect(expected), expected, first, process.cpuUsage(cpu));
      await clients.stop();
      while (app.tutti.bus().connections > 0) await sleep(50);
      return figures;
    };
    const bareRuns: FanOutFigures[] = [];
    const busRuns: FanOutFigures[] = [];
    // Alternating the order: whichever runs second on a busy machine would otherwise carry the drift.
    for (let round = 0; round < opts.rounds; round += 1) {
      if (round % 2 === 0) {
        bareRuns.push(await runBare());
        busRuns.push(await runBus());
      } else {
        busRuns.push(await runBus());
        bareRuns.push(await runBare());
      }
    }
    const bareFigures = medianRun(bareRuns);
    const busFigures = medianRun(busRuns);

    const ratioP99 = busFigures.p99Ms / bareFigures.p99Ms;
    // RSS moves with the allocator as much as with the connections: the larger of it and what the heaps retain.
    const memoryKb = Math.max(memory.rssPerConnection, memory.heapPerConnection + memory.externalPerConnection) / 1024;
    return {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      machine: machine(),
      loadAverage,
      settings: {
        subscribers: opts.subscribers,
        messages: opts.messages,
        warmup: opts.warmup,
        rate: opts.rate,
        payloadBytes: Buffer.byteLength(
          JSON.stringify({ topic, data: { event: 'updated', seq: 0, sentAt: epochNow(), padding: PADDING } }),
        ),
        idleConnections: opts.idleConnections,
        rounds: opts.rounds,
        database: opts.databaseUrl ? 'PostgreSQL' : 'PGlite',
        pubsub: opts.redisUrl ? 'Redis' : 'memory',
        logLevel: opts.logLevel,
      },
      baseline: bareFigures,
      bus: busFigures,
      ratioP99,
      memory,
      targets: {
        ratioP99: ratioP99 <= BUS_TARGETS.ratioP99Max,
        memory: memoryKb <= BUS_TARGETS.memoryKbMax,
      },
    };
  } finally {
    await app.close();
    await new Promise((resolve) => baseline.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

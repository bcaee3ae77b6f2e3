/**
 * The long form of the floods of issue 10 (points 1 and 3), against a real server (PGlite, embedded broker), while a
 * probe times GET /api/v1/health: idle WebSockets to the broker port that never send CONNECT, WebSockets to /bus
 * with one account's token, and bursts of SUBSCRIBE commands on bus connections. The tests run bounded counts of
 * the same attacks (test/broker-limits.test.ts, test/bus-limits.test.ts); this is not run by `npm test`.
 *
 *   npm run flood -w @tutti/bench
 *   BENCH_FLOOD_SOCKETS=20000 BENCH_FLOOD_COMMANDS=10000 BENCH_FLOOD_BURSTS=4 (the defaults)
 *
 * Sockets are opened by child processes (5,000 each): each is a descriptor on both sides. Prints a JSON report.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { busTopics } from '@tutti/contract/bus';
import { buildApp } from '@tutti/server/src/app.ts';
import { loadConfig } from '@tutti/server/src/config.ts';
import { WebSocket } from 'ws';
import { signInBenchUser } from './account.ts';
import { latencyFigures, type LatencyFigures } from './nals-report.ts';

interface ChildSettings {
  url: string;
  count: number;
  protocol?: string;
  /** SUBSCRIBE commands each open socket sends at once (random session topics). */
  commands?: number;
}
interface SocketFigures {
  opened: number;
  refused: number;
  failed: number;
  closedByServer: number;
  /** How many server closes had each code. */
  closeCodes: Record<number, number>;
}

const PER_CHILD = 5000;
/** Attempts in flight per child: a flood, not a trickle, without exhausting the client's own ports at once. */
const IN_FLIGHT = 500;

async function runChild(settings: ChildSettings): Promise<void> {
  const figures: SocketFigures = { opened: 0, refused: 0, failed: 0, closedByServer: 0, closeCodes: {} };
  const sockets: WebSocket[] = [];
  let stopping = false;
  let next = 0;
  const attempt = () =>
    new Promise<void>((resolve) => {
      const ws = new WebSocket(settings.url, settings.protocol);
      sockets.push(ws);
      let settled = false;
      const settle = (outcome: 'opened' | 'refused' | 'failed') => {
        if (settled) return;
        settled = true;
        figures[outcome] += 1;
        resolve();
      };
      ws.once('open', () => {
        settle('opened');
        ws.once('close', (code) => {
          if (stopping) return;
          figures.closedByServer += 1;
          figures.closeCodes[code] = (figures.closeCodes[code] ?? 0) + 1;
        });
        for (let i = 0; i < (settings.commands ?? 0); i++) {
          ws.send(JSON.stringify({ command: 'SUBSCRIBE', topic: busTopics.session(randomUUID()) }));
        }
      });
      ws.once('unexpected-response', () => {
        settle('refused');
        ws.terminate();
      });
      ws.on('error', () => settle('failed'));
    });
  await Promise.all(
    Array.from({ length: Math.min(IN_FLIGHT, settings.count) }, async () => {
      while (next < settings.count) {
        next += 1;
        await attempt();
      }
    }),
  );
  process.send?.({ settled: figures });
  process.on('message', () => {
    stopping = true;
    for (const ws of sockets) ws.terminate();
    process.send?.({ final: figures }, () => process.exit(0));
  });
}

/** Opens `count` sockets from child processes; resolves once every attempt settled, with a stop() for the end. */
async function flood(url: string, count: number, options: { protocol?: string; commands?: number } = {}) {
  const self = fileURLToPath(import.meta.url);
  const children = Array.from({ length: Math.ceil(count / PER_CHILD) }, (_, i) =>
    fork(self, [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        BENCH_FLOOD_CHILD: JSON.stringify({ url, count: Math.min(PER_CHILD, count - i * PER_CHILD), ...options }),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const reply = (key: 'settled' | 'final') =>
    Promise.all(
      children.map(
        (child) =>
          new Promise<SocketFigures>((resolve) =>
            child.on('message', (m: Record<string, SocketFigures>) => m[key] && resolve(m[key])),
          ),
      ),
    );
  const sum = (all: SocketFigures[]): SocketFigures =>
    all.reduce((a, b) => {
      const closeCodes = { ...a.closeCodes };
      for (const [code, n] of Object.entries(b.closeCodes))
        closeCodes[Number(code)] = (closeCodes[Number(code)] ?? 0) + n;
      return {
        opened: a.opened + b.opened,
        refused: a.refused + b.refused,
        failed: a.failed + b.failed,
        closedByServer: a.closedByServer + b.closedByServer,
        closeCodes,
      };
    });
  const settled = sum(await reply('settled'));
  return {
    settled,
    async stop(): Promise<SocketFigures> {
      const final = reply('final');
      for (const child of children) child.send('stop');
      return sum(await final);
    },
  };
}

/** Times GET /api/v1/health back to back (20 ms apart) until stopped. */
function probe(origin: string) {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      const res = await fetch(`${origin}/api/v1/health`).catch(() => null);
      samples.push(res?.ok ? performance.now() - start : Infinity);
      await res?.arrayBuffer();
      await sleep(20);
    }
  })();
  return {
    async stop(): Promise<LatencyFigures & { failed: number }> {
      running = false;
      await loop;
      const ok = samples.filter(Number.isFinite);
      return { ...latencyFigures(ok), failed: samples.length - ok.length };
    },
  };
}

async function main(): Promise<void> {
  const sockets = Number(process.env.BENCH_FLOOD_SOCKETS ?? 20_000);
  const commands = Number(process.env.BENCH_FLOOD_COMMANDS ?? 10_000);
  const bursts = Number(process.env.BENCH_FLOOD_BURSTS ?? 4);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tutti-bench-flood-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    // The sample cities: a GeoNames load on this fresh database would compete with what is measured.
    PLACES_DATASET: 'sample',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    WEB_DIST: path.join(dataDir, 'web'),
    HOST: '127.0.0.1',
    PORT: '0',
    BROKER_PORT: '0',
    RATE_LIMIT_AUTH_MAX: '1000',
  });
  const app = await buildApp(config);
  const origin = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('127.0.0.1', 'localhost');
  const report: Record<string, unknown> = { sockets, commands, bursts, limits: { bus: config.busLimits } };
  try {
    report['baseline'] = await (async () => {
      const p = probe(origin);
      await sleep(2000);
      return p.stop();
    })();

    process.stderr.write(`flood: ${sockets} idle WebSockets to the broker port\n`);
    const brokerPort = app.tutti.broker()?.port;
    let p = probe(origin);
    const broker = await flood(`ws://127.0.0.1:${brokerPort}`, sockets, { protocol: 'mqtt' });
    // Past the CONNECT deadline, every idle socket the broker accepted is closed.
    await sleep(config.broker.limits.connectTimeoutMs + 1000);
    report['broker'] = { health: await p.stop(), sockets: await broker.stop() };

    const user = await signInBenchUser(origin, path.join(dataDir, 'mail'));
    const busUrl = `${origin.replace(/^http/, 'ws')}/bus?token=${encodeURIComponent(user.accessToken)}`;
    process.stderr.write(`flood: ${sockets} WebSockets to /bus with one token\n`);
    p = probe(origin);
    const bus = await flood(busUrl, sockets);
    await sleep(1000);
    report['bus'] = { health: await p.stop(), sockets: await bus.stop() };

    process.stderr.write(`flood: ${bursts} bursts of ${commands} SUBSCRIBE commands\n`);
    p = probe(origin);
    // A few connections, each sending its whole burst at once (one account holds at most 20).
    const burst = await flood(busUrl, bursts, { commands });
    await sleep(2000);
    report['subscribeFlood'] = { health: await p.stop(), sockets: await burst.stop() };
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(JSON.stringify(report, null, 2));
}

const child = process.env.BENCH_FLOOD_CHILD;
if (child) await runChild(JSON.parse(child) as ChildSettings);
else await main();

/**
 * `npm run bench:audio`: the room server beside a Jamulus server on this machine, under the same load (issue 31).
 * Not in CI: it needs the `jamulus` Debian package (run as an external program) and Python 3 with the system libopus
 * (to make real Opus frames, opus-frames.py). For each case and repeat, a fresh Jamulus server per room, then a fresh
 * Tutti room server holding every room, alternately, each loaded by load.ts in its own process. Figures: the server's
 * CPU time (/proc/<pid>/stat) per client-second of datagrams it actually received, as clients per core; datagrams and
 * kbit/s each client receives; socket drops (/proc/net/udp); Tutti's send -> forwarded-receive latency.
 *
 * Env: BENCH_AUDIO_CASES (e.g. "4x2@128,4x4@128,8x1@128"), BENCH_AUDIO_REPEATS (3), BENCH_AUDIO_WARMUP_MS (6000),
 * BENCH_AUDIO_MEASURE_MS (15000), BENCH_AUDIO_PORT (9710: Tutti UDP, +1 HTTP, Jamulus from +10), BENCH_AUDIO_WRITE=1
 * to append the table to docs/benchmarks.md.
 */
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreatedRoomSchema, ROOM_SECRET_HEADER, ROOM_TICKET_TTL_MS } from '@tutti/contract/room';
import { signRoomTicket } from '@tutti/room/ticket';
import type { LoadConfig, LoadReport } from './load.ts';
import { appendAudioSection, type AudioRun } from './report.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const SECRET = 'bench-audio-secret-0123456789';
const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
const BASE_PORT = Number(process.env.BENCH_AUDIO_PORT ?? 9710);

export interface AudioCase {
  roomSize: number;
  rooms: number;
  frame: 128 | 64;
}

const parseCases = (text: string): AudioCase[] =>
  text.split(',').map((c) => {
    const m = /^(\d+)x(\d+)@(64|128)$/.exec(c.trim());
    if (!m) throw new Error(`bad case ${c}: ROOMSIZExROOMS@FRAME`);
    return { roomSize: Number(m[1]), rooms: Number(m[2]), frame: Number(m[3]) as 128 | 64 };
  });

const CASES = parseCases(process.env.BENCH_AUDIO_CASES ?? '4x2@128,4x4@128,8x1@128');
const REPEATS = Number(process.env.BENCH_AUDIO_REPEATS ?? 3);
const WARMUP_MS = Number(process.env.BENCH_AUDIO_WARMUP_MS ?? 6000);
const MEASURE_MS = Number(process.env.BENCH_AUDIO_MEASURE_MS ?? 15000);
/** Opus bytes per frame of a Jamulus client at normal quality, mono: 45 at 128 samples, 22 at 64. */
const OPUS_BYTES = { 128: 45, 64: 22 } as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Drops counted by the kernel on the sockets bound to these local ports (last column of /proc/net/udp). */
function udpDrops(ports: number[]): number {
  const wanted = new Set(ports.map((p) => p.toString(16).toUpperCase().padStart(4, '0')));
  let drops = 0;
  for (const line of readFileSync('/proc/net/udp', 'utf8').split('\n').slice(1)) {
    const cols = line.trim().split(/\s+/);
    const port = cols[1]?.split(':')[1];
    if (port && wanted.has(port)) drops += Number(cols.at(-1) ?? 0);
  }
  return drops;
}

async function waitFor(check: () => Promise<boolean> | boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await Promise.resolve(check()).catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what} did not start in time`);
}

const listening = (port: number) => {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')} `;
  return readFileSync('/proc/net/udp', 'utf8').includes(hex);
};

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

interface Measured {
  cpuSec: number;
  wallSec: number;
  serverDrops: number;
  clientDrops: number;
  report: LoadReport;
}

/** Runs the load against servers already up, sampling their CPU and drops over the measured window only. */
function runLoad(config: LoadConfig, serverPids: number[], serverPorts: number[]): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(here, 'load.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, AUDIO_LOAD: JSON.stringify(config) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let start = { ticks: 0, at: 0, drops: 0 };
    let end = { ticks: 0, at: 0, drops: 0 };
    const sample = () => ({
      ticks: serverPids.reduce((s, pid) => s + cpuTicks(pid), 0),
      at: performance.now(),
      drops: udpDrops(serverPorts),
    });
    child.on('message', (m: { t: string; report?: LoadReport }) => {
      if (m.t === 'measure-start') start = sample();
      if (m.t === 'measure-end') end = sample();
      if (m.t === 'report' && m.report) {
        const report = m.report;
        resolve({
          cpuSec: (end.ticks - start.ticks) / CLK_TCK,
          wallSec: (end.at - start.at) / 1000,
          serverDrops: end.drops - start.drops,
          clientDrops: udpDrops(report.clientPorts),
          report,
        });
      }
    });
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load exited with ${code}`));
    });
  });
}

const loadConfig = (
  server: LoadConfig['server'],
  c: AudioCase,
  framesFile: string,
  rooms: LoadConfig['rooms'],
): LoadConfig => ({
  server,
  frame: c.frame,
  framesFile,
  frameBytes: OPUS_BYTES[c.frame],
  rooms,
  warmupMs: WARMUP_MS,
  measureMs: MEASURE_MS,
});

async function jamulusRun(c: AudioCase, framesFile: string): Promise<Measured> {
  const ports = Array.from({ length: c.rooms }, (_, i) => BASE_PORT + 10 + i);
  const servers = ports.map((port) =>
    spawn(
      'Jamulus',
      [
        '-s',
        '-n',
        '-p',
        String(port),
        '--serverbindip',
        '127.0.0.1',
        '-u',
        String(c.roomSize),
        ...(c.frame === 64 ? ['-F'] : []),
      ],
      { stdio: 'ignore', env: { ...process.env, QT_QPA_PLATFORM: 'offscreen' } },
    ),
  );
  try {
    for (const port of ports) await waitFor(() => listening(port), `Jamulus on ${port}`);
    const rooms = ports.map((port) => ({ port, tickets: Array.from({ length: c.roomSize }, () => '') }));
    return await runLoad(
      loadConfig('jamulus', c, framesFile, rooms),
      servers.map((s) => s.pid ?? 0),
      ports,
    );
  } finally {
    await Promise.all(servers.map(stop));
  }
}

async function tuttiRun(c: AudioCase, framesFile: string): Promise<Measured & { forwardedPerSec: number }> {
  const udpPort = BASE_PORT;
  const httpPort = BASE_PORT + 1;
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/room/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ROOM_UDP_PORT: String(udpPort),
      ROOM_HTTP_PORT: String(httpPort),
      ROOM_BIND_HOST: '127.0.0.1',
      ROOM_PUBLIC_HOST: '127.0.0.1',
      ROOM_SECRET: SECRET,
      LOG_LEVEL: 'warn',
    },
  });
  const base = `http://127.0.0.1:${httpPort}`;
  try {
    await waitFor(async () => (await fetch(`${base}/health`)).ok, 'the room server');
    const now = Date.now();
    const rooms = [];
    for (let r = 0; r < c.rooms; r++) {
      const res = await fetch(`${base}/rooms`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [ROOM_SECRET_HEADER]: SECRET },
        body: JSON.stringify({ kind: 'rehearsal', capacity: c.roomSize }),
      });
      const { id } = CreatedRoomSchema.parse(await res.json());
      const tickets = Array.from({ length: c.roomSize }, (_, slot) =>
        signRoomTicket(SECRET, {
          room: id,
          slot,
          account: `bench-${r}-${slot}`,
          issuedAt: now,
          expiresAt: now + ROOM_TICKET_TTL_MS,
        }),
      );
      rooms.push({ port: udpPort, tickets });
    }
    const measured = await runLoad(loadConfig('tutti', c, framesFile, rooms), [server.pid ?? 0], [udpPort]);
    const health = (await (await fetch(`${base}/health`)).json()) as { load: { audio: number } };
    return { ...measured, forwardedPerSec: health.load.audio };
  } finally {
    await stop(server);
  }
}

function summarise(kind: 'jamulus' | 'tutti', c: AudioCase, m: Measured): AudioRun {
  const rate = 48_000 / c.frame;
  const clients = m.report.clients;
  // The work the server did: client-seconds of datagrams that reached its socket (sent, less its socket's drops).
  const clientSeconds = Math.max(0, m.report.sentInWindow - m.serverDrops) / rate;
  const received = m.report.receivedPerClientSecond;
  const kbits = m.report.bytesPerClientSecond.map((b) => (b * 8) / 1000);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  return {
    kind,
    clients,
    clientsPerCore: m.cpuSec > 0 ? clientSeconds / m.cpuSec : Infinity,
    cpuShare: m.cpuSec / m.wallSec,
    receivedPerClientSecond: mean(received),
    kbitPerClient: mean(kbits),
    serverDrops: m.serverDrops,
    clientDrops: m.clientDrops,
    latency: m.report.latencyMs,
  };
}

async function main(): Promise<void> {
  if (!existsSync('/usr/bin/Jamulus')) throw new Error('bench:audio needs Jamulus: apt-get install jamulus');
  const dir = await mkdtemp(path.join(tmpdir(), 'tutti-bench-audio-'));
  const framesFor = (frame: 128 | 64) => {
    const file = path.join(dir, `opus-${frame}.bin`);
    if (!existsSync(file)) {
      const count = String(48_000 / frame);
      execFileSync('python3', [
        path.join(here, 'opus-frames.py'),
        String(frame),
        String(OPUS_BYTES[frame]),
        count,
        file,
      ]);
    }
    return file;
  };
  const results: { c: AudioCase; runs: AudioRun[] }[] = [];
  for (const c of CASES) {
    const runs: AudioRun[] = [];
    for (let r = 0; r < REPEATS; r++) {
      // Alternately, so both meet the same neighbours on this shared machine.
      runs.push(summarise('jamulus', c, await jamulusRun(c, framesFor(c.frame))));
      runs.push(summarise('tutti', c, await tuttiRun(c, framesFor(c.frame))));
      const last = runs.slice(-2).map((x) => `${x.kind} ${x.clientsPerCore.toFixed(1)}/core`);
      console.log(`rooms of ${c.roomSize} x${c.rooms} @${c.frame}, repeat ${r + 1}: ${last.join(', ')}`);
    }
    results.push({ c, runs });
  }
  const text = appendAudioSection(results, { warmupMs: WARMUP_MS, measureMs: MEASURE_MS, repeats: REPEATS });
  console.log(text);
  if (process.env.BENCH_AUDIO_WRITE === '1') {
    const { appendFileSync } = await import('node:fs');
    appendFileSync(path.join(root, 'docs/benchmarks.md'), `\n${text}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

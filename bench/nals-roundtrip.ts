import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { benchServerConfig } from './bench-server.ts';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@tutti/server/src/app.ts';
import { signInBenchUser, type SignedIn } from './account.ts';
import type { MqttChildSettings } from './mqtt-roundtrip-child.ts';
import { openSignedInPage, timeStoreRoundTrips } from './nals-browser.ts';
import { latencyFigures, NALS_TARGET_RATIO, type NalsRoundTripReport } from './nals-report.ts';
import { machine } from './report.ts';

export interface NalsBenchOptions {
  repoRoot: string;
  webDist: string;
  logLevel: string;
  /** Measured round trips per path, after `warmup` unmeasured ones. */
  count: number;
  warmup: number;
  databaseUrl?: string;
}

/** The command both paths send, and the signal that answers it. */
const COMMAND = 'get_current_config';
const ANSWER = 'current_config';

const benchDir = path.dirname(fileURLToPath(import.meta.url));

async function getJson<T>(origin: string, route: string, user: SignedIn): Promise<T> {
  const res = await fetch(`${origin}/api/${route}`, { headers: user.headers });
  if (!res.ok) throw new Error(`GET ${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A child on Node with tsx; resolves once it printed `{"ready":true}`, with its next stdout JSON lines as a queue. */
async function startChild(file: string, env: Record<string, string>, cwd: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async (): Promise<Record<string, unknown>> => {
    const line = await lines.next();
    if (line.done) throw new Error(`${path.basename(file)} ended early (exit ${child.exitCode})`);
    return JSON.parse(line.value) as Record<string, unknown>;
  };
  if ((await next()).ready !== true) throw new Error(`${path.basename(file)} did not get ready`);
  return { child, next };
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The emulator (apps/nals) for this token; resolves with its state port once it is online and running. */
export async function startEmulator(repoRoot: string, token: string, broker: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/nals/src/main.ts', '--token', token, '--broker', broker, '--state-port', '0'],
    { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  const statePort = await new Promise<number>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const found = /127\.0\.0\.1:(\d+)\/state/.exec(log);
      if (found) resolve(Number(found[1]));
    });
    child.once('exit', (code) => reject(new Error(`the emulator exited (${code}): ${log}`)));
  });
  const state = async () =>
    (await (await fetch(`http://127.0.0.1:${statePort}/state`)).json()) as {
      running: boolean;
      broker: { online: boolean };
      config: unknown;
    };
  for (let attempt = 0; ; attempt += 1) {
    const s = await state();
    if (s.running && s.broker.online) return { child, state: s };
    if (attempt > 100) throw new Error(`the emulator did not reach the broker: ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Issue 3's benchmark, in one run: the page's round trip through the store, the broker and the audio client
 * emulator, against a raw MQTT.js round trip through the same broker (see BASELINE_TEXT for why this baseline).
 */
export async function runNalsRoundTrip(options: NalsBenchOptions): Promise<NalsRoundTripReport> {
  const { dataDir, config } = await benchServerConfig('nals', options);
  const app = await buildApp(config);
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const origin = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('127.0.0.1', 'localhost');
    const mailDir = path.join(dataDir, 'mail');
    // Two musicians: the page's (with the emulator), and the baseline's, so neither path hears the other's topics.
    const musician = await signInBenchUser(origin, mailDir);
    const baselineUser = await signInBenchUser(origin, mailDir);
    const { queueHost } = await getJson<{ queueHost: string }>(origin, 'v1/config', musician);
    const me = await getJson<{ nalsToken: string }>(origin, 'v1/me', musician);
    const baselineMe = await getJson<{ id: string; nalsToken: string }>(origin, 'v1/me', baselineUser);

    process.stderr.write(`bench: audio client round trip (broker ${queueHost})\n`);
    const emulator = await startEmulator(options.repoRoot, me.nalsToken, queueHost);
    cleanups.push(() => stopChild(emulator.child));
    const command = JSON.stringify({ action: COMMAND });
    // The baseline answers with the very bytes the emulator answers with.
    const answer = JSON.stringify({ signal: ANSWER, data: emulator.state.config });

    // Everything of the real path is up (emulator connected, page signed in and connected) before either path
    // is measured, so both run with the same processes alive.
    const { browser, page } = await openSignedInPage(origin, musician.email, musician.password);
    cleanups.push(() => browser.close());

    const loadAverage = Math.round(loadavg()[0]! * 100) / 100;
    process.stderr.write(`bench: raw MQTT.js round trip, ${options.count} commands\n`);
    const child = path.join(benchDir, 'mqtt-roundtrip-child.ts');
    const echoSettings: MqttChildSettings = {
      role: 'echo',
      url: queueHost,
      token: baselineMe.nalsToken,
      reply: answer,
    };
    const echo = await startChild(child, { BENCH_MQTT_CHILD: JSON.stringify(echoSettings) }, benchDir);
    cleanups.push(() => stopChild(echo.child));
    const measureSettings: MqttChildSettings = {
      role: 'measure',
      url: queueHost,
      token: baselineMe.nalsToken,
      username: baselineMe.id,
      password: baselineUser.accessToken,
      command,
      count: options.count,
      warmup: options.warmup,
    };
    const measurer = await startChild(child, { BENCH_MQTT_CHILD: JSON.stringify(measureSettings) }, benchDir);
    const rawSamples = (await measurer.next()).samples as number[];
    await stopChild(measurer.child);
    await stopChild(echo.child);

    process.stderr.write(`bench: web store round trip in Chromium, ${options.count} commands\n`);
    const webSamples = await timeStoreRoundTrips(page, {
      action: COMMAND,
      answer: ANSWER,
      count: options.count,
      warmup: options.warmup,
    });

    const raw = latencyFigures(rawSamples);
    const web = latencyFigures(webSamples);
    const ratioP99 = Math.round((web.p99Ms / raw.p99Ms) * 100) / 100;
    return {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      machine: machine(),
      settings: {
        count: options.count,
        warmup: options.warmup,
        database: options.databaseUrl ? 'PostgreSQL' : 'PGlite',
        logLevel: options.logLevel,
        command: COMMAND,
      },
      loadAverage,
      payloadBytes: { command: Buffer.byteLength(command), answer: Buffer.byteLength(answer) },
      raw,
      web,
      ratioP99,
      target: { ratioP99Max: NALS_TARGET_RATIO, met: ratioP99 <= NALS_TARGET_RATIO },
    };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

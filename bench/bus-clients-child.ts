/**
 * WebSocket clients of the bus benchmark, in their own process so that the server's process is measured alone.
 * Settings come as JSON in BENCH_BUS_CHILD (the token stays off the command line). IPC with the parent:
 *
 *   -> {ready: true} once `count` sockets are open (and subscribed, when `topic` is set)
 *   <- {collect: expected}: waits until that many measured messages arrived (or nothing came for a while)
 *   -> {figures: ClientFigures}
 *
 * Each event carries `data.sentAt` (performance.timeOrigin + performance.now() in the publisher: one clock for
 * every process of the machine); events with `data.warmup` are not measured.
 */
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { latencyFigures, type LatencyFigures } from './nals-report.ts';

export interface BusChildSettings {
  url: string;
  count: number;
  /** SUBSCRIBE to it on /bus; unset for the bare ws baseline, which sends everything to everyone. */
  topic?: string;
}

export interface ClientFigures {
  latency: LatencyFigures;
  received: number;
  /** Epoch ms (same clock as sentAt) of the last measured delivery. */
  lastAt: number;
}

const settings = JSON.parse(process.env.BENCH_BUS_CHILD ?? '{}') as BusChildSettings;
const now = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => process.send?.(message);

/** Nothing arriving for this long ends a collection: the missing messages are reported as lost. */
const QUIET_MS = 5_000;
/** Sockets opened at once: enough to be quick, few enough not to look like a flood to the server. */
const BATCH = 100;
const READY_TOPIC = '/bench/ready';

const samples: number[] = [];
let lastAt = 0;
let lastProgress = Date.now();

function onMessage(raw: unknown): void {
  const text = String(raw);
  const frame = JSON.parse(text) as { topic: string; data?: { sentAt?: number; warmup?: boolean } };
  const sentAt = frame.data?.sentAt;
  if (typeof sentAt !== 'number') return;
  lastProgress = Date.now();
  if (frame.data?.warmup) return;
  lastAt = now();
  samples.push(lastAt - sentAt);
}

function open(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(settings.url, { perMessageDeflate: false });
    ws.once('error', reject);
    ws.once('open', () => {
      if (!settings.topic) return resolve(ws);
      // The bus answers an unknown topic at once, after the commands sent before: the SUBSCRIBE is in place then.
      ws.once('message', (raw) => {
        const frame = JSON.parse(String(raw)) as { topic: string; error?: { code: string } };
        if (frame.topic !== READY_TOPIC) return reject(new Error(`unexpected ${String(raw)}`));
        ws.on('message', onMessage);
        resolve(ws);
      });
      ws.send(JSON.stringify({ command: 'SUBSCRIBE', topic: settings.topic }));
      ws.send(JSON.stringify({ command: 'SUBSCRIBE', topic: READY_TOPIC }));
    });
    if (!settings.topic) ws.on('message', onMessage);
    ws.once('close', (code) => {
      if (code !== 1000 && code !== 1005) process.stderr.write(`bench client closed with ${code}\n`);
    });
  });
}

const sockets: WebSocket[] = [];
for (let i = 0; i < settings.count; i += BATCH) {
  const batch = Math.min(BATCH, settings.count - i);
  sockets.push(...(await Promise.all(Array.from({ length: batch }, open))));
}
send({ ready: true });

process.on('message', (message: { collect?: number }) => {
  if (message.collect === undefined) return;
  const expected = message.collect;
  lastProgress = Date.now();
  const check = () => {
    if (samples.length >= expected || Date.now() - lastProgress > QUIET_MS) {
      send({ figures: { latency: latencyFigures(samples), received: samples.length, lastAt } satisfies ClientFigures });
      samples.length = 0;
      return;
    }
    setTimeout(check, 20);
  };
  check();
});

process.on('disconnect', () => {
  for (const ws of sockets) ws.terminate();
  process.exit(0);
});

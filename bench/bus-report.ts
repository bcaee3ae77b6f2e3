import type { machine } from './report.ts';

export interface FanOutFigures {
  deliveries: number;
  /** Deliveries expected but not received (a slow client skipped, a socket lost). */
  lost: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Deliveries per second, from the first measured send to the last measured delivery. */
  deliveriesPerSecond: number;
  /** The server process's CPU time (user + system) over the run, per delivery: steadier than latency on a busy box. */
  cpuMicrosPerDelivery: number;
}

export interface MemoryFigures {
  /** Connections the bus counted while measuring. */
  connections: number;
  rssPerConnection: number;
  heapPerConnection: number;
  /** Buffers outside the V8 heap (sockets' read and write buffers). */
  externalPerConnection: number;
}

export interface BusBenchReport {
  date: string;
  machine: ReturnType<typeof machine>;
  loadAverage: number;
  settings: {
    subscribers: number;
    messages: number;
    warmup: number;
    rate: number;
    payloadBytes: number;
    idleConnections: number;
    rounds: number;
    database: string;
    pubsub: string;
    logLevel: string;
  };
  baseline: FanOutFigures;
  bus: FanOutFigures;
  /** p99(bus) / p99(bare ws). */
  ratioP99: number;
  memory: MemoryFigures;
  targets: { ratioP99: boolean; memory: boolean };
}

/** Issue 4's figures (reported, never asserted). */
export const BUS_TARGETS = { ratioP99Max: 1.5, memoryKbMax: 50 };

const ms = (v: number) => v.toFixed(2);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

export function busMarkdownTable(r: BusBenchReport): string {
  const row = (name: string, f: FanOutFigures) =>
    `| ${name} | ${f.deliveries} | ${f.lost} | ${ms(f.p50Ms)} | ${ms(f.p99Ms)} | ${ms(f.maxMs)} | ` +
    `${Math.round(f.deliveriesPerSecond)} | ${f.cpuMicrosPerDelivery.toFixed(2)} |`;
  return [
    '| fan-out | deliveries | lost | p50 ms | p99 ms | max ms | deliveries/s | server CPU µs/delivery |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    row('baseline: bare `ws`, `for (const c of wss.clients) c.send(json)`', r.baseline),
    row('/bus: pubsub.publish -> topic subscribers', r.bus),
  ].join('\n');
}

export function busTargetText(r: BusBenchReport): string {
  const m = r.memory;
  return [
    `- fan-out p99(bus) / p99(bare ws) = ${ms(r.bus.p99Ms)} / ${ms(r.baseline.p99Ms)} = **${r.ratioP99.toFixed(2)}**; ` +
      `target <= ${BUS_TARGETS.ratioP99Max}: ${verdict(r.targets.ratioP99)}`,
    `- memory per idle connection (${m.connections} connections, authenticated, one topic each): ` +
      `**${kb(m.rssPerConnection)} KB RSS**, ${kb(m.heapPerConnection)} KB V8 heap, ` +
      `${kb(m.externalPerConnection)} KB buffers; target <= ${BUS_TARGETS.memoryKbMax} KB (the larger of RSS and ` +
      `heap + buffers): ${verdict(r.targets.memory)}`,
  ].join('\n');
}

export const BUS_METHOD_TEXT =
  'Fan-out: the app (built in the bench process, the server process measured) publishes each event with ' +
  '`app.tutti.pubsub.publish` on `/hall/sessions`, to which every client subscribed; the baseline is a bare `ws` ' +
  'server in the same process that sends the same JSON to each of its clients. The same clients (their own ' +
  'processes, so their work is not the server’s), rate and payload for both; each event carries its send time ' +
  '(`performance.timeOrigin + performance.now()`, one clock for every process of the machine) and each delivery ' +
  'is timed on arrival; warm-up events are not measured. The server CPU column is the server process’s user + system ' +
  'time over a run divided by its deliveries: on a shared machine, tail latencies follow the neighbours’ load, the ' +
  'CPU cost per delivery does not. Memory: idle clients (their own processes) open ' +
  'authenticated connections to /bus and subscribe to their invitations; the server process’s ' +
  '`process.memoryUsage()` after forced collections, before and once all are connected, divided by the count.';

export function busMarkdownSection(r: BusBenchReport): string {
  const m = r.machine;
  const s = r.settings;
  return [
    `## ${r.date}: live bus`,
    '',
    `${m.cpu}, ${m.cores} cores, Node ${m.node}, load average ${r.loadAverage.toFixed(2)}; ${s.database}; ` +
      `${s.pubsub} pubsub; LOG_LEVEL=${s.logLevel}; ${s.subscribers} subscribers, ${s.messages} events per run ` +
      `after ${s.warmup} warm-up ones, ${s.rate} events/s, ${s.payloadBytes} bytes each; ${s.rounds} runs of ` +
      `each, alternating which goes first, the run with the median p99 shown.`,
    '',
    busMarkdownTable(r),
    '',
    busTargetText(r),
    '',
    BUS_METHOD_TEXT,
    '',
    'Run it alone with `BENCH_ONLY=bus npm run bench`; `BENCH_BUS_SUBSCRIBERS` (200), `BENCH_BUS_MESSAGES` (2000), ' +
      '`BENCH_BUS_RATE` (200 per second), `BENCH_BUS_IDLE` (2000), `BENCH_BUS_ROUNDS` (5) and `BENCH_REDIS_URL` (fan-out through Redis) ' +
      'change it.',
    '',
  ].join('\n');
}

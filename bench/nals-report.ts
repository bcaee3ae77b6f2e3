import { machine } from './report.ts';

export interface LatencyFigures {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  minMs: number;
  maxMs: number;
}

export interface NalsRoundTripReport {
  date: string;
  machine: ReturnType<typeof machine>;
  settings: { count: number; warmup: number; database: string; logLevel: string; command: string };
  /** The machine's 1-minute load average when the measurements began: a busy machine widens both tails. */
  loadAverage: number;
  /** Bytes of the command on /in and of the answer on /out: the same on both paths. */
  payloadBytes: { command: number; answer: number };
  raw: LatencyFigures;
  web: LatencyFigures;
  /** p99(web) / p99(raw). */
  ratioP99: number;
  target: { ratioP99Max: number; met: boolean };
}

/** Issue 3's figure (reported, never asserted): the page's round trip p99 within twice the raw broker's. */
export const NALS_TARGET_RATIO = 2;

export const BASELINE_TEXT =
  'Baseline (raw): two MQTT.js clients, each in its own process, through the same embedded broker with the same ' +
  'authentication, ACL, topics, QoS 1 and payloads as the real path: one logged in as a web user (account id + ' +
  'access token) publishes the command on /topic/nals/{token}/in; the other, logged in as "nals" with the ' +
  "account's token, answers each message at once with a recorded current_config signal on /out. A single client " +
  'echoing itself is not possible (the ACL lets the page publish only /in and read only /out) and would cross the ' +
  'broker once instead of twice. Real path (web): headless Chromium signed in to the built web app sends ' +
  'get_current_config through window.__tuttiNals.send (the store, its MQTT.js link, the broker), the emulator ' +
  '(apps/nals, its own process) parses, checks and answers current_config, and the time stops when that signal has ' +
  'reached the store (onSignal, called after the state update). Each path: one command at a time, warm-up excluded.';

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

export function latencyFigures(samples: number[]): LatencyFigures {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    samples: sorted.length,
    p50Ms: round(percentile(sorted, 0.5)),
    p99Ms: round(percentile(sorted, 0.99)),
    meanMs: round(sorted.reduce((sum, v) => sum + v, 0) / sorted.length),
    minMs: round(sorted[0] ?? NaN),
    maxMs: round(sorted.at(-1) ?? NaN),
  };
}

const ms = (v: number) => v.toFixed(2);

export function nalsMarkdownTable(report: NalsRoundTripReport): string {
  const row = (name: string, f: LatencyFigures) =>
    `| ${name} | ${f.samples} | ${ms(f.p50Ms)} | ${ms(f.p99Ms)} | ${ms(f.meanMs)} | ${ms(f.minMs)} | ${ms(f.maxMs)} |`;
  return [
    '| round trip | samples | p50 ms | p99 ms | mean ms | min ms | max ms |',
    '|---|---:|---:|---:|---:|---:|---:|',
    row('raw: MQTT.js web user -> broker -> MQTT.js echo as nals -> broker', report.raw),
    row('web: store -> broker -> audio client emulator -> broker -> store', report.web),
  ].join('\n');
}

export function nalsTargetText(report: NalsRoundTripReport): string {
  const verdict = report.target.met ? 'met' : 'MISSED';
  return (
    `p99(web) / p99(raw) = ${ms(report.web.p99Ms)} / ${ms(report.raw.p99Ms)} = **${report.ratioP99.toFixed(2)}**; ` +
    `target <= ${report.target.ratioP99Max}: ${verdict}`
  );
}

export function nalsMarkdownSection(report: NalsRoundTripReport): string {
  const m = report.machine;
  const s = report.settings;
  return [
    `## ${report.date}: audio client round trip`,
    '',
    `${m.cpu}, ${m.cores} cores, Node ${m.node}, load average ${report.loadAverage.toFixed(2)}; ${s.database}; ` +
      `LOG_LEVEL=${s.logLevel}; ${s.count} round trips ` +
      `per path after ${s.warmup} warm-up ones; command \`${s.command}\` (${report.payloadBytes.command} bytes), ` +
      `answer current_config (${report.payloadBytes.answer} bytes).`,
    '',
    nalsMarkdownTable(report),
    '',
    nalsTargetText(report),
    '',
    BASELINE_TEXT,
    '',
    'Run it alone with `BENCH_ONLY=nals npm run bench` (`BENCH_ONLY=http` for the HTTP part only); ' +
      '`BENCH_NALS_COUNT` (default 1000) and `BENCH_NALS_WARMUP` (default 50) set the round trips per path.',
    '',
  ].join('\n');
}

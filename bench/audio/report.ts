import { loadavg } from 'node:os';
import { machine } from '../report.ts';

/** One server's figures for one repeat of one case. */
export interface AudioRun {
  kind: 'jamulus' | 'tutti';
  clients: number;
  clientsPerCore: number;
  /** CPU seconds per wall second over the window. */
  cpuShare: number;
  receivedPerClientSecond: number;
  kbitPerClient: number;
  serverDrops: number;
  clientDrops: number;
  latency: { p50: number; p99: number; samples: number } | null;
}

interface CaseLike {
  roomSize: number;
  rooms: number;
  frame: 128 | 64;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
const range = (xs: number[], digits = 0) => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;

/** The markdown section for docs/benchmarks.md: one row per case, medians with their ranges, pass or miss. */
export function appendAudioSection(
  results: { c: CaseLike; runs: AudioRun[] }[],
  opts: { warmupMs: number; measureMs: number; repeats: number },
): string {
  const m = machine();
  const [l1, l5] = loadavg();
  const rows = results.map(({ c, runs }) => {
    const j = runs.filter((r) => r.kind === 'jamulus');
    const t = runs.filter((r) => r.kind === 'tutti');
    const jc = median(j.map((r) => r.clientsPerCore));
    const tc = median(t.map((r) => r.clientsPerCore));
    const frameMs = (c.frame / 48_000) * 1000;
    const p50 = median(t.map((r) => r.latency?.p50 ?? NaN));
    const p99 = median(t.map((r) => r.latency?.p99 ?? NaN));
    const sum = (rs: AudioRun[], f: (r: AudioRun) => number) => rs.reduce((s, r) => s + f(r), 0);
    const drops = (rs: AudioRun[]) => `${sum(rs, (r) => r.serverDrops)}+${sum(rs, (r) => r.clientDrops)}`;
    const anyDrops = sum(runs, (r) => r.serverDrops + r.clientDrops) > 0;
    const verdict = tc >= jc ? 'pass' : 'MISS';
    const latencyVerdict = p50 <= frameMs && p99 <= frameMs ? 'pass' : 'MISS';
    const label =
      c.rooms === 1 ? `one room of ${c.roomSize}` : `${c.rooms} rooms of ${c.roomSize} (N = ${c.rooms * c.roomSize})`;
    return (
      `| ${label} @${c.frame} | ${jc.toFixed(0)} (${range(j.map((r) => r.clientsPerCore))}) | ` +
      `${tc.toFixed(0)} (${range(t.map((r) => r.clientsPerCore))}) | **${verdict}** | ` +
      `${median(j.map((r) => r.receivedPerClientSecond)).toFixed(0)} / ${median(t.map((r) => r.receivedPerClientSecond)).toFixed(0)} | ` +
      `${median(j.map((r) => r.kbitPerClient)).toFixed(0)} / ${median(t.map((r) => r.kbitPerClient)).toFixed(0)} | ` +
      `${drops(j)} / ${drops(t)}${anyDrops ? ' (marked)' : ''} | ` +
      `${p50.toFixed(2)} / ${p99.toFixed(2)} (frame ${frameMs.toFixed(2)}) **${latencyVerdict}** |`
    );
  });
  return [
    `## ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}: room server beside Jamulus (\`npm run bench:audio\`)`,
    '',
    `${m.cpu}, ${m.cores} cores, Node ${m.node}; load average ${l1?.toFixed(2)} (1 min), ${l5?.toFixed(2)} (5 min) at ` +
      `the end. Jamulus 3.9.1 (Debian package, default single-threaded mixing) and the Tutti room server measured ` +
      `alternately, ${opts.repeats} repeats each, ${opts.warmupMs / 1000} s warm-up, ${opts.measureMs / 1000} s measured; ` +
      'real Opus frames of a normal-quality mono Jamulus client (45 bytes at 128 samples, 22 at 64) from the system ' +
      'libopus; one UDP socket per musician at 48000/frame datagrams per second, from a separate load process.',
    '',
    '| case | Jamulus clients/core (range) | Tutti clients/core (range) | Tutti ≥ Jamulus | datagrams received per client-second J / T | downlink kbit/s per client J / T | socket drops server+load J / T | Tutti latency p50 / p99 ms |',
    '|---|---:|---:|---|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

import { appendFile, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import type { LoadFigures } from './load.ts';
import type { LoginJs } from './login-js.ts';

export interface BenchRow extends LoadFigures {
  name: string;
  ratioToBaseline: number;
}

export interface BenchReport {
  date: string;
  machine: { cpu: string; cores: number; node: string };
  settings: { connections: number; durationSeconds: number; logLevel: string; database: string };
  rows: BenchRow[];
  loginJs: LoginJs | { skipped: string };
  targets: { meRatio: boolean; meP99: boolean; loginJs: boolean | null };
}

/** Targets of issue 2: reported, never asserted, so a slow CI box cannot fail a build. */
export const TARGETS = { meRatio: 0.4, meP99Ms: 10, loginJsGzipKb: 180 };

export function machine(): BenchReport['machine'] {
  return { cpu: os.cpus()[0]?.model.trim() ?? 'unknown', cores: os.cpus().length, node: process.version };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const yes = (ok: boolean | null) => (ok === null ? 'not measured' : ok ? 'met' : 'MISSED');

export function markdownTable(report: BenchReport): string {
  const lines = [
    '| target | req/s | p50 ms | p97.5 ms | p99 ms | max ms | req/s vs baseline | non-2xx | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...report.rows.map(
      (r) =>
        `| ${r.name} | ${Math.round(r.requestsPerSecond)} | ${r.p50Ms} | ${r.p97_5Ms} | ${r.p99Ms} | ${r.maxMs} | ` +
        `${(r.ratioToBaseline * 100).toFixed(1)} % | ${r.non2xx} | ${r.errors} |`,
    ),
  ];
  return lines.join('\n');
}

export function loginJsText(loginJs: BenchReport['loginJs']): string {
  if ('skipped' in loginJs) return `Login page JavaScript: not measured (${loginJs.skipped}).`;
  const files = [...loginJs.files]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map(
      (f) =>
        `- \`${f.path}\`: ${kb(f.bytes)} KB, ${kb(f.gzipBytes)} KB gzip, ${kb(f.wireBytes)} KB sent (${f.encoding})`,
    )
    .join('\n');
  return `Login page JavaScript: ${loginJs.files.length} files, ${kb(loginJs.totalBytes)} KB raw, **${kb(loginJs.totalGzipBytes)} KB gzip**, ${kb(loginJs.totalWireBytes)} KB sent by the server.\n\n${files}`;
}

export function targetsText(report: BenchReport): string {
  return [
    `- authenticated \`GET /api/v1/me\` at >= ${TARGETS.meRatio * 100} % of the baseline's req/s: ${yes(report.targets.meRatio)}`,
    `- its p99 <= ${TARGETS.meP99Ms} ms: ${yes(report.targets.meP99)}`,
    `- login page JavaScript <= ${TARGETS.loginJsGzipKb} KB gzip: ${yes(report.targets.loginJs)}`,
  ].join('\n');
}

export function markdownSection(report: BenchReport): string {
  const m = report.machine;
  const s = report.settings;
  return [
    `## ${report.date}`,
    '',
    `${m.cpu}, ${m.cores} cores, Node ${m.node}; ${s.database}; ${s.connections} connections, ${s.durationSeconds} s per target, LOG_LEVEL=${s.logLevel}.`,
    '',
    markdownTable(report),
    '',
    loginJsText(report.loginJs),
    '',
    'Targets:',
    '',
    targetsText(report),
    '',
  ].join('\n');
}

/** Appends one section to docs/benchmarks.md (created with its method header by hand; never rewritten here). */
export async function appendSection(file: string, section: string): Promise<void> {
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing === null) await writeFile(file, '# Benchmarks\n\n');
  const separator = existing !== null && !existing.endsWith('\n\n') ? '\n' : '';
  await appendFile(file, `${separator}${section}`);
}

/** Appends the HTTP run to docs/benchmarks.md. */
export const appendToBenchmarks = (file: string, report: BenchReport): Promise<void> =>
  appendSection(file, markdownSection(report));

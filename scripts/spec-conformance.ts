/**
 * The spec conformance check (issue 15): every entry of the project's own lists (the contract's route table, the
 * web's route table, the audio client's actions and signals, the business constants) and, where `../shared/spec/`
 * is present (as in CI), every line of its endpoints.txt, routes.txt and broker.txt, has a row in
 * docs/spec-conformance.md; every file a row names exists; and every statement row (key `S<section>.…`) names the
 * code that makes it true and a test that would fail without it. Run by `npm test` (scripts/spec-conformance.test.ts)
 * and on its own: `npx tsx scripts/spec-conformance.ts`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpoints } from '@tutti/contract/http';
import { NALS_ACTIONS, NALS_SIGNALS } from '@tutti/contract/nals';

export const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DOC = 'docs/spec-conformance.md';
export const SPEC_DIR = join(REPO, '..', 'shared', 'spec');

/**
 * SPEC section 9's constants and limits, each where the code keeps it (`export const NAME` in that file). A constant
 * moved or renamed fails the check until its row follows.
 */
export const BUSINESS_CONSTANTS: Record<string, string> = {
  HEALTH_INTERVAL_MS: 'apps/web/src/features/reference/api/health.ts',
  PING_INTERVAL_MS: 'apps/web/src/features/me/api/ping.ts',
  CONFIG_REFRESH_MS: 'apps/web/src/lib/nals/server-config.ts',
  NALS_QOS: 'packages/contract/src/nals-constants.ts',
  NALS_KEEPALIVE_SECONDS: 'packages/contract/src/nals-constants.ts',
  NALS_CONNECT_TIMEOUT_MS: 'packages/contract/src/nals-constants.ts',
  PING_WINDOW: 'packages/contract/src/nals-constants.ts',
  NALS_RECORD_MAX_SECONDS: 'packages/contract/src/nals-constants.ts',
  NALS_STOP_DELAY_MS: 'packages/contract/src/nals-constants.ts',
  NALS_MESSAGE_LOG_CAP: 'packages/contract/src/nals-constants.ts',
  NALS_LAUNCH_TIMEOUT_MS: 'packages/contract/src/nals-constants.ts',
  NALS_GATES: 'packages/contract/src/nals-constants.ts',
  STARTUP_RETRY_MS: 'apps/web/src/app/startup.ts',
  CURRENCY: 'packages/contract/src/products.ts',
  BLOG_PAGE_SIZE: 'packages/contract/src/content-limits.ts',
  CITY_SUGGESTIONS_LIMIT: 'packages/contract/src/community.ts',
  STORAGE_KEYS: 'apps/web/src/lib/storage.ts',
  MIN_PASSWORD_LENGTH: 'packages/contract/src/common.ts',
  MIN_SOCIAL_AGE: 'packages/contract/src/common.ts',
  CANCELLATION_REASONS: 'packages/contract/src/subscriptions.ts',
  SKILL_LEVELS: 'packages/contract/src/community.ts',
  CONNECTION_TYPES: 'packages/contract/src/community.ts',
  LOCALES: 'packages/contract/src/common.ts',
};

export type ListName = 'call' | 'route' | 'action' | 'signal' | 'constant';

export interface Entry {
  list: ListName;
  /** As the row writes it: `GET v1/health`, `/users/login`, `action hello`, `signal bye`, `MIN_PASSWORD_LENGTH`. */
  key: string;
  /** Where the entry comes from, for the message. */
  source: string;
}

/** `{id}` and `{username}`, `:sessionId` and `:id`: a parameter's name does not make another call or screen. */
export function normalize(key: string): string {
  return key
    .trim()
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/:[A-Za-z]\w*/g, ':')
    .replace(/\s+/g, ' ');
}

/** The web's screens: the `path` literals of the route table (app/router.tsx, app/admin-routes.tsx). */
export function webRoutes(sources: string[]): string[] {
  const paths = new Set<string>();
  for (const source of sources) {
    for (const match of source.matchAll(/\bpath: '([^']*)'|\bpage\(\s*'([^']+)'/g)) {
      const path = match[1] ?? match[2]!;
      if (path === '*' || path === '') continue;
      paths.add(path.startsWith('/') ? path : `/${path}`);
    }
  }
  return [...paths];
}

/** The project's own lists. */
export function projectEntries(read: (file: string) => string): Entry[] {
  const entries: Entry[] = [];
  for (const def of Object.values(endpoints) as { method: string; path: string }[]) {
    entries.push({ list: 'call', key: `${def.method} ${def.path}`, source: 'the contract route table' });
  }
  const routers = ['apps/web/src/app/router.tsx', 'apps/web/src/app/admin-routes.tsx'].map(read);
  for (const path of webRoutes(routers)) entries.push({ list: 'route', key: path, source: 'the web route table' });
  for (const name of Object.keys(NALS_ACTIONS)) {
    entries.push({ list: 'action', key: `action ${name}`, source: 'NALS_ACTIONS' });
  }
  for (const name of Object.keys(NALS_SIGNALS)) {
    entries.push({ list: 'signal', key: `signal ${name}`, source: 'NALS_SIGNALS' });
  }
  for (const [name, file] of Object.entries(BUSINESS_CONSTANTS)) {
    entries.push({ list: 'constant', key: name, source: file });
  }
  return entries;
}

const specLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

/** The spec's own lists, when its folder is there. */
export function specEntries(files: { endpoints: string; routes: string; broker: string }): Entry[] {
  const entries: Entry[] = [];
  for (const line of specLines(files.endpoints)) entries.push({ list: 'call', key: line, source: 'endpoints.txt' });
  for (const line of specLines(files.routes)) entries.push({ list: 'route', key: line, source: 'routes.txt' });
  let direction: 'signal' | 'action' | null = null;
  for (const raw of files.broker.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('## ')) direction = /signal/.test(line) ? 'signal' : /action/.test(line) ? 'action' : null;
    if (!line || line.startsWith('#') || !direction) continue;
    entries.push({ list: direction, key: `${direction} ${line}`, source: 'broker.txt' });
  }
  return entries;
}

export interface Row {
  key: string;
  line: number;
  /** Repository paths the row names (code and tests). */
  files: string[];
}

/** A table row whose first cell starts with a `code` span: that span is its key. */
export function parseRows(markdown: string): Row[] {
  const rows: Row[] = [];
  markdown.split('\n').forEach((text, index) => {
    const match = /^\|\s*`([^`]+)`/.exec(text);
    if (!match) return;
    const files = [...text.matchAll(/`((?:apps|packages|e2e|scripts|bench|docs)\/[\w./-]+\.\w+)/g)].map((m) => m[1]!);
    rows.push({ key: match[1]!, line: index + 1, files });
  });
  return rows;
}

/** A statement row's key: `S`, its SPEC section's number, then its name (`S3.current-user.displayedUsername`). */
export const isStatementKey = (key: string): boolean => /^S\d/.test(key);

/** A test that would fail without the statement: a unit or integration test, or an end-to-end journey. */
export const isTestPath = (file: string): boolean =>
  /\.test\.tsx?$/.test(file) || /^e2e\/tests\/.+\.spec\.ts$/.test(file);

/** Code of the product (not a test, not a test's helper, not a document). */
export const isCodePath = (file: string): boolean =>
  /^(apps|packages)\//.test(file) && !isTestPath(file) && !/(^|\/)test\//.test(file);

/** A statement row without existing code or an existing test: what it is missing. */
function statementProblems(row: Row, exists: (file: string) => boolean): string[] {
  const present = row.files.filter(exists);
  const missing: string[] = [];
  if (!present.some(isCodePath)) missing.push('names no code (an existing file of apps/ or packages/)');
  if (!present.some(isTestPath)) {
    missing.push('names no test (an existing *.test.ts, *.test.tsx or e2e/tests/*.spec.ts)');
  }
  return missing.map((what) => `${DOC}:${row.line}: statement \`${row.key}\` ${what}`);
}

/**
 * What is wrong: entries without a row, rows naming a file that does not exist, statement rows without code or
 * test, constants not where they are said.
 */
export function checkConformance(
  doc: string,
  entries: Entry[],
  exists: (file: string) => boolean,
  read: (file: string) => string,
): string[] {
  const rows = parseRows(doc);
  const keys = new Set(rows.map((row) => normalize(row.key)));
  const problems: string[] = [];
  const reported = new Set<string>();
  for (const entry of entries) {
    const key = normalize(entry.key);
    if (keys.has(key) || reported.has(`${entry.source} ${key}`)) continue;
    reported.add(`${entry.source} ${key}`);
    problems.push(`${DOC}: no row for ${entry.list} \`${entry.key}\` (from ${entry.source})`);
  }
  for (const row of rows) {
    for (const file of row.files) {
      if (!exists(file)) problems.push(`${DOC}:${row.line}: \`${row.key}\` names ${file}, which does not exist`);
    }
    if (isStatementKey(row.key)) problems.push(...statementProblems(row, exists));
  }
  for (const entry of entries.filter((e) => e.list === 'constant')) {
    if (!exists(entry.source) || !new RegExp(`export const ${entry.key}\\b`).test(read(entry.source))) {
      problems.push(`${entry.source} does not export ${entry.key} (scripts/spec-conformance.ts BUSINESS_CONSTANTS)`);
    }
  }
  return problems;
}

/** The check on this repository: the project's lists, and the spec's when `../shared/spec` is there. */
export function checkRepository(specDir: string = SPEC_DIR): string[] {
  const read = (file: string) => readFileSync(join(REPO, file), 'utf8');
  const entries = projectEntries(read);
  if (existsSync(join(specDir, 'endpoints.txt'))) {
    const spec = (name: string) => readFileSync(join(specDir, name), 'utf8');
    entries.push(
      ...specEntries({ endpoints: spec('endpoints.txt'), routes: spec('routes.txt'), broker: spec('broker.txt') }),
    );
  }
  return checkConformance(read(DOC), entries, (file) => existsSync(join(REPO, file)), read);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = checkRepository();
  for (const problem of problems) console.error(problem);
  console.log(problems.length === 0 ? `${DOC}: every entry has its row` : `${problems.length} problem(s)`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}

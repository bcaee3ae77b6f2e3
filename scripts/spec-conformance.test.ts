import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkConformance,
  checkRepository,
  DOC,
  isCodePath,
  isStatementKey,
  isTestPath,
  normalize,
  parseRows,
  projectEntries,
  REPO,
  SPEC_DIR,
  specEntries,
  webRoutes,
  type Entry,
} from './spec-conformance.ts';

const read = (file: string) => readFileSync(join(REPO, file), 'utf8');
const exists = (file: string) => existsSync(join(REPO, file));
const doc = read(DOC);

/** The document without the row whose key is `key`. */
const withoutRow = (key: string) =>
  doc
    .split('\n')
    .filter((line) => !line.startsWith(`| \`${key}\``))
    .join('\n');

describe('docs/spec-conformance.md', () => {
  it('has a row for every call, screen, audio client message and constant, and names only files that exist', () => {
    expect(checkRepository()).toEqual([]);
  });

  it("also covers the spec's own lists where ../shared/spec is present (a user's clone has none: the check passes)", () => {
    expect(checkRepository(join(REPO, 'no-such-folder'))).toEqual([]);
    if (existsSync(join(SPEC_DIR, 'endpoints.txt'))) expect(checkRepository(SPEC_DIR)).toEqual([]);
  });
});

describe('the conformance check', () => {
  const entries = projectEntries(read);

  it('reads every list of the project', () => {
    const count = (list: Entry['list']) => entries.filter((e) => e.list === list).length;
    expect(count('call')).toBeGreaterThanOrEqual(148);
    expect(count('route')).toBeGreaterThanOrEqual(37);
    expect(count('action')).toBe(30);
    expect(count('signal')).toBe(17);
    expect(count('constant')).toBeGreaterThan(10);
  });

  it.each([
    ['a call', 'POST v1/auth/refresh'],
    ['a screen', '/studio/hall'],
    ['an action', 'action set_buffer'],
    ['a signal', 'signal audio_levels'],
    ['a constant', 'MIN_PASSWORD_LENGTH'],
  ])('fails when %s loses its row', (_kind, key) => {
    expect(checkConformance(doc, entries, exists, read)).toEqual([]);
    const problems = checkConformance(withoutRow(key), entries, exists, read);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`\`${key}\``);
  });

  it("fails when a line of the spec's lists has no row, whatever its parameter is called", () => {
    const spec = specEntries({
      endpoints: '# calls\n## sessions\nGET v1/accounts/{accountId}/public\nGET v1/nowhere\n',
      routes: '/studio/open-rehearsal/:id\n',
      broker: '## signals (audio client -> web)\nbye\n## actions (web -> audio client)\nteleport\n',
    });
    const problems = checkConformance(doc, spec, exists, read);
    expect(problems).toEqual([
      expect.stringContaining('call `GET v1/nowhere` (from endpoints.txt)'),
      expect.stringContaining('action `action teleport` (from broker.txt)'),
    ]);
  });

  it('fails when a row names a file that does not exist', () => {
    const broken = doc.replace('`apps/server/test/auth.test.ts`', '`apps/server/test/gone.test.ts`');
    expect(checkConformance(broken, entries, exists, read)).toEqual([
      expect.stringMatching(/names apps\/server\/test\/gone\.test\.ts, which does not exist/),
    ]);
  });

  describe('statement rows (key `S<section>.…`)', () => {
    const statement = (code: string, tests: string) => `| \`S5.example\` | a rule | ${code} | ${tests} |`;
    const withRow = (row: string) => `${doc}\n${row}\n`;
    const CODE = '`apps/web/src/lib/validation.ts: passwordCode`';
    const TEST = '`apps/web/src/features/auth/pages/signup-page.test.tsx`';

    it('pass with existing code and an existing unit, integration or end-to-end test', () => {
      expect(checkConformance(withRow(statement(CODE, TEST)), entries, exists, read)).toEqual([]);
      expect(checkConformance(withRow(statement(CODE, '`e2e/tests/newcomer.spec.ts`')), entries, exists, read)).toEqual(
        [],
      );
    });

    it('fail when one loses its test path, naming the row', () => {
      const problems = checkConformance(withRow(statement(CODE, 'see the journey')), entries, exists, read);
      expect(problems).toEqual([expect.stringMatching(/:\d+: statement `S5\.example` names no test/)]);
    });

    it('fail when its test file does not exist', () => {
      const gone = '`apps/web/src/features/auth/pages/gone.test.tsx`';
      expect(checkConformance(withRow(statement(CODE, gone)), entries, exists, read)).toEqual([
        expect.stringContaining('names apps/web/src/features/auth/pages/gone.test.tsx, which does not exist'),
        expect.stringContaining('statement `S5.example` names no test'),
      ]);
    });

    it('fail when they name a test but no code (a test helper or a document is not code)', () => {
      const helpersOnly = statement(
        '`apps/web/test/render.tsx`, `docs/decisions/0004-error-model-field-codes.md`',
        TEST,
      );
      expect(checkConformance(withRow(helpersOnly), entries, exists, read)).toEqual([
        expect.stringContaining('statement `S5.example` names no code'),
      ]);
    });

    it('of this document: each one that loses its tests is reported', () => {
      const rows = parseRows(doc).filter((row) => isStatementKey(row.key));
      expect(rows.length).toBeGreaterThan(100);
      const row = rows.find((r) => r.key === 'S5.password-min-length')!;
      const line = doc.split('\n')[row.line - 1]!;
      const stripped = row.files
        .filter(isTestPath)
        .reduce((text, file) => text.replaceAll(`\`${file}\``, 'a test'), line);
      expect(checkConformance(doc.replace(line, stripped), entries, exists, read)).toEqual([
        `${DOC}:${row.line}: statement \`S5.password-min-length\` names no test (an existing *.test.ts, *.test.tsx or e2e/tests/*.spec.ts)`,
      ]);
    });

    it('are told from the other keys by `S` and a digit', () => {
      expect(['S3.current-user.displayedUsername', 'S8.403-logout'].map(isStatementKey)).toEqual([true, true]);
      expect(['STORAGE_KEYS', 'SKILL_LEVELS', 'signal status'].map(isStatementKey)).toEqual([false, false, false]);
      expect(isTestPath('e2e/support/ui.ts')).toBe(false);
      expect(isCodePath('apps/nals/test/harness.ts')).toBe(false);
      expect(isCodePath('packages/contract/src/common.ts')).toBe(true);
    });
  });

  it('fails when a constant is no longer exported where the list says', () => {
    const problems = checkConformance(
      doc,
      [{ list: 'constant', key: 'NO_SUCH_LIMIT', source: 'packages/contract/src/common.ts' }],
      exists,
      read,
    );
    expect(problems).toEqual([
      expect.stringContaining('no row for constant `NO_SUCH_LIMIT`'),
      expect.stringContaining('does not export NO_SUCH_LIMIT'),
    ]);
  });

  it('reads keys and files from table rows only', () => {
    const rows = parseRows('text `not/a/row.ts`\n| `GET v1/x` | `apps/a.ts: f` | `e2e/tests/b.spec.ts` |\n|---|\n');
    expect(rows).toEqual([{ key: 'GET v1/x', line: 2, files: ['apps/a.ts', 'e2e/tests/b.spec.ts'] }]);
  });

  it('joins the route table and names parameters alike', () => {
    expect(
      webRoutes(["{ path: '/', children: [{ path: 'me' }, { path: '*' }] }", "page(\n  'admin/x', load)"]),
    ).toEqual(['/', '/me', '/admin/x']);
    expect(normalize('GET v1/accounts/{username}/picture')).toBe(normalize('GET v1/accounts/{id}/picture'));
    expect(normalize('/messages/:conversationId')).toBe(normalize('/messages/:id'));
  });
});

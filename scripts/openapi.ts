/**
 * Writes docs/openapi.json from the running app's routes (themselves registered from the contract's route table).
 * `--check` compares instead and exits 1 when the committed document has drifted from the code.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig, REPO_ROOT } from '../apps/server/src/config.ts';
import { createMemoryMailer } from '../apps/server/src/platform/mail.ts';

const TARGET = join(REPO_ROOT, 'docs', 'openapi.json');

/** Object keys sorted at every level: the file changes only when the API does. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

async function generate(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tutti-openapi-'));
  try {
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'x'.repeat(32), BROKER_ENABLED: 'false' }),
      database: { kind: 'pglite' as const, dataDir: 'memory://' },
    };
    const app = await buildApp(config, { mailer: createMemoryMailer() });
    await app.ready();
    const document = app.swagger();
    await app.close();
    return `${JSON.stringify(sortKeys(document), null, 2)}\n`;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const check = process.argv.includes('--check');
const next = await generate();
if (check) {
  let current = '';
  try {
    current = readFileSync(TARGET, 'utf8');
  } catch {
    current = '';
  }
  if (current !== next) {
    console.error(
      'docs/openapi.json is out of date with the contract and routes: run `npm run openapi` and commit it.',
    );
    process.exit(1);
  }
  console.log('docs/openapi.json is up to date.');
} else {
  writeFileSync(TARGET, next);
  console.log(`wrote ${TARGET}`);
}

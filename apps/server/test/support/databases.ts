import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../../src/config.ts';
import { createPglite, MIGRATIONS_FOLDER, openPglite, openPostgres, type Database } from '../../src/platform/db.ts';

/** One database engine the integration suites run against. */
export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** Once per suite (beforeAll): PGlite loads the migrated dump; PostgreSQL creates a throwaway database. */
  setup(): Promise<void>;
  /** A database for one app: a private copy (PGlite) or a pool on the suite's database (PostgreSQL). */
  open(): Promise<Database>;
  /** Once per suite (afterAll): PostgreSQL drops its database. */
  teardown(): Promise<void>;
}

const GZIP = 'application/x-gzip';

/** Migrations and PGlite's version name the dump, so a new migration never reuses a stale one. */
function dumpKey(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(MIGRATIONS_FOLDER, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

let dumpPromise: Promise<Blob> | undefined;

/** Creating a PGlite cluster takes seconds; loading a dump of a migrated one takes a fraction. The dump is cached
 *  on disk so the test files of one run (in parallel workers) migrate once between them. */
export function migratedDump(): Promise<Blob> {
  dumpPromise ??= (async () => {
    const file = join(tmpdir(), `tutti-pglite-${dumpKey()}.tar.gz`);
    if (existsSync(file)) return new Blob([readFileSync(file)], { type: GZIP });
    const client = await createPglite();
    const database = openPglite(client);
    await database.migrate();
    const dump = await client.dumpDataDir('gzip');
    await database.close();
    const bytes = Buffer.from(await dump.arrayBuffer());
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, bytes);
    renameSync(partial, file); // atomic: a parallel worker never reads half a dump
    return new Blob([bytes], { type: GZIP });
  })();
  return dumpPromise;
}

export function pgliteDatabase(): TestDatabase {
  return {
    name: 'pglite',
    setup: async () => {
      await migratedDump();
    },
    open: async () => openPglite(await createPglite(undefined, { loadDataDir: await migratedDump() })),
    teardown: async () => undefined,
  };
}

/** One statement on its own connection to a PostgreSQL server (CREATE and DROP DATABASE cannot run in a pool's
 *  transaction, nor while connected to the database they name). */
export async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function postgresDatabase(serverUrl: string): TestDatabase {
  const name = `tutti_test_${randomBytes(6).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const admin = (statement: string) => runOnServer(serverUrl, statement);
  return {
    name: 'postgres',
    setup: () => admin(`CREATE DATABASE ${name}`),
    open: async () => openPostgres(url.toString(), 4),
    teardown: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server. Use with describe.each. */
export function databases(): TestDatabase[] {
  const serverUrl = process.env['TEST_DATABASE_URL'];
  return serverUrl ? [pgliteDatabase(), postgresDatabase(serverUrl)] : [pgliteDatabase()];
}

import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../src/config.ts';
import { BackupError, backupDatabase, defaultBackupFile, restoreDatabase } from '../src/platform/backup.ts';
import { createPglite, openPglite, openPostgres, type Database } from '../src/platform/db.ts';
import { call, startTestApp } from './support/app.ts';
import { migratedDump, runOnServer, type TestDatabase } from './support/databases.ts';
import { FAKE_ROOM_SECRET, startFakeRoomServer } from './support/fake-room.ts';
import { createOpenRehearsal, joined, quitOpen } from './support/sessions.ts';
import { createUser, signIn } from './support/users.ts';

// npm run backup / npm run restore: a database populated through the app, backed up, restored into an empty one,
// must hold every row of every table.

type Rows = Record<string, string[]>;
type Query = (text: string) => Promise<Record<string, unknown>[]>;

const TABLES = `select table_schema as s, table_name as t from information_schema.tables
  where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`;

/** Every table's rows, each as JSON, sorted: two databases with the same content give the same snapshot. */
async function snapshot(query: Query): Promise<Rows> {
  const result: Rows = {};
  const json = (row: unknown) => JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
  for (const { s, t } of (await query(TABLES)) as { s: string; t: string }[]) {
    result[`${s}.${t}`] = (await query(`select * from "${s}"."${t}"`)).map(json).sort();
  }
  return result;
}

/** Accounts, devices, sessions, joins and quits, a locale change: rows in most tables, written by the app itself. */
async function populate(database: TestDatabase): Promise<void> {
  const rooms = await startFakeRoomServer();
  const t = await startTestApp(database, { ROOM_SERVER_URL: rooms.url, ROOM_SECRET: FAKE_ROOM_SECRET });
  try {
    const users = [await createUser(t), await createUser(t), await createUser(t)];
    const [owner, guest, other] = users as [(typeof users)[0], (typeof users)[0], (typeof users)[0]];
    await signIn(t, owner.email, owner.password);
    const locale = await call(t, 'PUT', 'v1/me/locale', { token: guest.accessToken, body: { locale: 'fr' } });
    expect(locale.status, locale.text).toBeLessThan(300);
    const session = await createOpenRehearsal(t, owner);
    await joined(t, guest, session.id);
    await joined(t, other, session.id);
    expect((await quitOpen(t, other, session.id)).status).toBeLessThan(300);
    await createOpenRehearsal(t, other, { public: false });
  } finally {
    await t.app.close();
    rmSync(t.dataDir, { recursive: true, force: true });
    await rooms.close();
  }
}

const nonEmpty = (rows: Rows) => Object.entries(rows).filter(([, r]) => r.length > 0).length;

describe('backup and restore: PGlite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tutti-backup-'));
  const source = join(dir, 'source-db');
  const target = join(dir, 'target-db');
  const pglite = (path: string): TestDatabase => ({
    name: 'pglite',
    setup: async () => undefined,
    // A directory like DATA_DIR/db, started from the migrated cluster the other suites load (initdb takes seconds).
    open: async () => openPglite(await createPglite(path, { loadDataDir: await migratedDump() })),
    teardown: async () => undefined,
  });
  const rowsOf = async (path: string) => {
    const client = await createPglite(path);
    try {
      return await snapshot(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
    } finally {
      await client.close();
    }
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // One test, since each step opens an on-disk cluster (seconds each on a loaded machine).
  it(
    'finds every row of every table after a restore into an empty directory; refuses what would lose data',
    {
      timeout: 120_000,
    },
    async () => {
      await populate(pglite(source));
      const file = join(dir, defaultBackupFile({ kind: 'pglite', dataDir: source }));
      // A server has the database open (PGlite leaves this file until it closes): no copy of a changing directory.
      writeFileSync(join(source, 'postmaster.pid'), '-42\n');
      await expect(backupDatabase({ kind: 'pglite', dataDir: source }, file)).rejects.toThrow(/Stop it first/);
      rmSync(join(source, 'postmaster.pid'));

      await backupDatabase({ kind: 'pglite', dataDir: source }, file);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      await expect(backupDatabase({ kind: 'pglite', dataDir: source }, file)).rejects.toThrow(/already exists/);
      await restoreDatabase({ kind: 'pglite', dataDir: target }, file);
      const before = await rowsOf(source);
      expect(nonEmpty(before)).toBeGreaterThanOrEqual(5);
      expect(await rowsOf(target)).toEqual(before);

      // Restoring over a database needs --force, and keeps the replaced one aside.
      await expect(restoreDatabase({ kind: 'pglite', dataDir: target }, file)).rejects.toThrow(BackupError);
      await restoreDatabase({ kind: 'pglite', dataDir: target }, file, { force: true });
      expect(readdirSync(dir).some((name) => name.startsWith('target-db.replaced-'))).toBe(true);
      expect(existsSync(join(target, 'PG_VERSION'))).toBe(true);
    },
  );
});

const serverUrl = process.env['TEST_DATABASE_URL'];

describe.skipIf(!serverUrl)('backup and restore: PostgreSQL', () => {
  const names = [1, 2].map(() => `tutti_backup_${randomBytes(6).toString('hex')}`);
  const urlOf = (name: string) => {
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const admin = (statement: string) => runOnServer(serverUrl as string, statement);
  const rowsOf = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await snapshot(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
    } finally {
      await client.end();
    }
  };
  const dir = mkdtempSync(join(tmpdir(), 'tutti-backup-pg-'));
  beforeAll(async () => {
    for (const name of names) await admin(`CREATE DATABASE ${name}`);
  });
  afterAll(async () => {
    for (const name of names) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'finds every row of every table after pg_dump and pg_restore into an empty database',
    { timeout: 60_000 },
    async () => {
      const [sourceUrl, targetUrl] = names.map(urlOf) as [string, string];
      const source: TestDatabase = {
        name: 'postgres',
        setup: async () => undefined,
        open: async (): Promise<Database> => openPostgres(sourceUrl, 4),
        teardown: async () => undefined,
      };
      await populate(source);
      const config: DatabaseConfig = { kind: 'postgres', url: sourceUrl };
      const file = join(dir, defaultBackupFile(config));
      await backupDatabase(config, file);
      expect(existsSync(file)).toBe(true);
      await restoreDatabase({ kind: 'postgres', url: targetUrl }, file);
      const before = await rowsOf(sourceUrl);
      expect(nonEmpty(before)).toBeGreaterThanOrEqual(5);
      expect(await rowsOf(targetUrl)).toEqual(before);
      // Restoring twice would mix two copies: a database that is not empty is refused.
      await expect(restoreDatabase({ kind: 'postgres', url: targetUrl }, file)).rejects.toThrow(/not empty/);
    },
  );
});

import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { createPglite } from './db.ts';

// Backup and restore of the configured database (npm run backup / npm run restore; docs/deployment.md).
// PGlite: the data directory as PGlite's own tarball (dumpDataDir / loadDataDir), taken with the server stopped,
// since PGlite is one process's database. PostgreSQL: pg_dump's custom format and pg_restore (Debian's
// postgresql-client), consistent while the server runs.

export class BackupError extends Error {
  override name = 'BackupError';
}

export interface BackupOptions {
  /** PGlite: go on although postmaster.pid says the database is open (a server killed without closing it).
   *  Restore: replace an existing PGlite database (moved aside, not deleted). */
  force?: boolean;
}

const GZIP = 'application/x-gzip';
/** PGlite leaves this file in its directory while a process has the database open (and after a SIGKILL). */
const PGLITE_LOCK = 'postmaster.pid';

/** tutti-<engine>-<UTC time>.<ext> in the working directory: sorts by date, never overwrites an older one. */
export function defaultBackupFile(database: DatabaseConfig, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  return database.kind === 'pglite' ? `tutti-pglite-${stamp}.tar.gz` : `tutti-postgres-${stamp}.pgdump`;
}

export async function backupDatabase(database: DatabaseConfig, file: string, options: BackupOptions = {}) {
  if (existsSync(file)) throw new BackupError(`${file} already exists: name another file`);
  if (database.kind === 'pglite') await backupPglite(database.dataDir, file, options);
  else await backupPostgres(database.url, file);
  // A backup holds password hashes and tokens: readable by its owner only.
  chmodSync(file, 0o600);
}

export async function restoreDatabase(database: DatabaseConfig, file: string, options: BackupOptions = {}) {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  if (database.kind === 'pglite') await restorePglite(file, database.dataDir, options);
  else await restorePostgres(file, database.url);
}

function refuseOpenPglite(dataDir: string, options: BackupOptions): void {
  if (!options.force && existsSync(join(dataDir, PGLITE_LOCK))) {
    throw new BackupError(
      `${join(dataDir, PGLITE_LOCK)} exists: a Tutti server is using this database. Stop it first ` +
        '(if none runs, it was killed without closing the database: pass --force)',
    );
  }
}

async function backupPglite(dataDir: string, file: string, options: BackupOptions): Promise<void> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new BackupError(`no PGlite database in ${dataDir}`);
  refuseOpenPglite(dataDir, options);
  const client = await createPglite(dataDir);
  try {
    const dump = await client.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  } finally {
    await client.close();
  }
}

async function restorePglite(file: string, dataDir: string, options: BackupOptions): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) {
    refuseOpenPglite(dataDir, options);
    if (!options.force) {
      throw new BackupError(`${dataDir} already holds a database: pass --force to move it aside and restore`);
    }
    const aside = `${dataDir}.replaced-${Date.now()}`;
    renameSync(dataDir, aside);
  } else if (existsSync(dataDir)) {
    rmSync(dataDir, { recursive: true, force: true }); // an empty or half-created directory: nothing to keep
  }
  const client = await createPglite(dataDir, { loadDataDir: new Blob([readFileSync(file)], { type: GZIP }) });
  try {
    await client.query('select 1'); // proves the restored cluster starts before the directory is left for the server
  } finally {
    await client.close();
  }
}

/** The URL without its password (which would show in the process list) and the password for PGPASSWORD. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs a postgresql-client tool; its messages go to this terminal; fails on a non-zero exit. */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const proc = spawn(tool, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
    proc.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new BackupError(`${tool} not found: install PostgreSQL's client tools (apt-get install postgresql-client)`)
          : err,
      ),
    );
    proc.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new BackupError(`${tool} failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

async function backupPostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  // Owners and grants are the source server's: the restore runs as whoever restores.
  await run(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`],
    env,
  );
}

async function restorePostgres(file: string, url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')",
    );
    if ((rows[0]?.n ?? 0) > 0) {
      throw new BackupError(
        'the target database is not empty: restore into a new database (createdb), then point ' + 'DATABASE_URL at it',
      );
    }
  } finally {
    await client.end();
  }
  const { dbname, env } = connection(url);
  // One transaction: a failed restore leaves the database empty, never half restored.
  await run(
    'pg_restore',
    ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${dbname}`, file],
    env,
  );
}

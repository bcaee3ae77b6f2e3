import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { isDatabaseUnavailable } from './outage.ts';
import * as schema from './schema.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The query surface both drivers share; services only ever see this. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Arbitrary but fixed: serialises migrations when several instances start against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 727_001;

/** The extensions the migrations create (city search, docs/decisions/0029): PGlite ships them as bundles that every
 *  instance opening the data (new, restored from a dump or a backup) must load. */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

/** A PGlite instance with the extensions the schema needs: in memory without dataDir, else in that folder. */
export function createPglite(dataDir?: string, options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create(dataDir, { ...options, extensions: PGLITE_EXTENSIONS });
}

export function openPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    db: db as unknown as Db, // the PGlite flavour only differs in its raw result type, which services never use
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** A server that stops answering (network cut, no reset) fails requests after this long instead of holding them. */
export const PG_CONNECT_TIMEOUT_MS = 10_000;

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
  // A client losing its connection must not crash the process: idle in the pool (the pool's 'error'), or checked out
  // between two queries of a transaction (the client's own 'error', which the pool does not listen to then). The
  // query in flight or the next one fails, the pool drops that client, and the next request reconnects.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg({ client: pool, schema });
  // drizzle checks a client out for a transaction and releases it after COMMIT or ROLLBACK, but not when BEGIN itself
  // fails: a connection that broke while idle in the pool (a PostgreSQL restart, a cut) was never given back, and the
  // pool, one slot short for good, waited for it on close. Each transaction runs on a client checked out here, given
  // back whatever happens, and dropped when its connection broke.
  db.transaction = async (run, config) => {
    const client = await pool.connect();
    let broken = false;
    const lost = () => void (broken = true);
    client.on('error', lost).on('end', lost);
    try {
      return await drizzlePg({ client, schema }).transaction(run, config);
    } catch (error) {
      broken ||= isDatabaseUnavailable(error);
      throw error;
    } finally {
      client.off('error', lost).off('end', lost);
      client.release(broken);
    }
  };
  let closed = false;
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') return openPostgres(config.url);
  if (!config.dataDir.startsWith('memory://')) mkdirSync(config.dataDir, { recursive: true });
  const client = await createPglite(config.dataDir);
  return openPglite(client);
}

/** The constraint a unique violation hit (both drivers, wrapped by drizzle or not), or null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    e = candidate.cause;
  }
  return null;
}

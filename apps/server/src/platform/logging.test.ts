import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite, openPglite, openPostgres, type Database } from './db.ts';
import { loggableError, logSerializers, requestPath } from './logging.ts';

const SECRET = '$argon2id$v=19$m=19456,t=2,p=1$secret-hash';

/** A real failed query on each engine: a parameter PostgreSQL refuses (NUL), next to a password hash. */
async function failedQuery(database: Database): Promise<unknown> {
  return database.db.execute(sql`select ${SECRET}::text as hash, ${'nul\u0000byte'}::text as bad`).then(
    () => {
      throw new Error('expected the query to fail');
    },
    (e: unknown) => e,
  );
}

const engines: Array<[string, () => Promise<Database>]> = [['pglite', async () => openPglite(await createPglite())]];
const serverUrl = process.env['TEST_DATABASE_URL'];
if (serverUrl) engines.push(['postgres', async () => openPostgres(serverUrl, 1)]);

describe.each(engines)('loggableError on %s', (_name, open) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => database?.close());

  it('keeps the SQLSTATE and our stack frames, never the SQL, its parameters or the server message', async () => {
    const error = await failedQuery(database);
    // The raw error says it all, which is why it must not be logged as is.
    expect(JSON.stringify({ message: (error as Error).message, ...(error as object) })).toContain('secret-hash');
    const logged = JSON.stringify(loggableError(error));
    expect(logged).toContain('"code":"22021"');
    expect(logged).toContain('"type":"DatabaseError"');
    expect(logged).toContain('logging.test.ts');
    for (const leak of ['secret-hash', 'argon2', 'select', '\\u0000byte', '::text']) expect(logged).not.toContain(leak);
  });

  it('gives the same answer when applied twice (error handler, then the logger serializer)', async () => {
    const once = loggableError(await failedQuery(database));
    expect(logSerializers.err(once)).toBe(once);
  });
});

describe('loggableError on other errors', () => {
  it('keeps the message and stack of an error that did not come from the database', () => {
    const logged = loggableError(new Error('room server refused'));
    expect(logged).toMatchObject({ type: 'Error', message: 'room server refused' });
    expect(logged.stack).toContain('room server refused');
  });
});

describe('requestPath', () => {
  it('drops the query string', () => {
    expect(requestPath('/bus?token=secret')).toBe('/bus');
    expect(requestPath('/api/broker/auth?secret=s&x=1')).toBe('/api/broker/auth');
    expect(requestPath('/api/v1/me')).toBe('/api/v1/me');
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../src/platform/db.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';

const serverUrl = process.env['TEST_DATABASE_URL'];

/**
 * The fault suite (npm run faults) found it: PostgreSQL going away while a transaction held its connection between
 * two queries crashed the whole process, because pg emits 'error' on a checked-out client and nothing listened.
 */
describe.runIf(serverUrl)('PostgreSQL lost in the middle of a transaction', () => {
  let proxy: TcpProxy;
  let database: Database;
  beforeAll(async () => {
    const target = new URL(serverUrl ?? 'postgres://localhost');
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(target);
    url.host = `127.0.0.1:${proxy.port}`;
    database = openPostgres(url.toString(), 2);
  });
  afterAll(async () => {
    await database?.close();
    await proxy?.close();
  });

  it('fails that transaction, keeps the process alive, and serves again once the server is back', async () => {
    let cutDone: Promise<void> = Promise.resolve();
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      // Idle in transaction, its connection checked out of the pool: the server goes away now.
      cutDone = proxy.cut();
      await cutDone;
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 2`);
    });
    await expect(transaction).rejects.toThrow();
    await proxy.restore();
    await expect(database.ping()).resolves.toBeUndefined();
  });
});

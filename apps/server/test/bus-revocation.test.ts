import { BUS_CLOSE_REVOKED, busTopics } from '@tutti/contract/bus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { busUrl, openBus, type TestBusSocket } from './support/bus-socket.ts';
import { pgliteDatabase, postgresDatabase, type TestDatabase } from './support/databases.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';
import { createUser, currentDeviceId, signIn } from './support/users.ts';

const DATABASE_URL = process.env['TEST_DATABASE_URL'];
const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const redis = new URL(REDIS_URL);
/** Periodic checks far away: these tests prove what happens without them. */
const NO_PERIODIC_CHECK = { BUS_REVERIFY_INTERVAL_MS: String(3600_000) };

/** Redis through a relay the test can cut: REDIS_URL of an instance whose Redis goes down. */
const proxiedRedisUrl = (proxy: TcpProxy) => {
  const url = new URL(REDIS_URL);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return url.toString();
};

describe('revocation while Redis is down, one instance', () => {
  const database = pgliteDatabase();
  let proxy: TcpProxy;
  let t: TestApp;
  const sockets: TestBusSocket[] = [];

  beforeAll(async () => {
    await database.setup();
    proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    t = await startTestApp(database, { REDIS_URL: proxiedRedisUrl(proxy), ...NO_PERIODIC_CHECK });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t?.close();
    await proxy?.close();
    await database.teardown();
  });

  it('closes the signed-out device’s bus connection with 4403 on the instance that signed it out', async () => {
    const user = await createUser(t);
    const other = await signIn(t, user.email, user.password);
    const socket = await openBus(busUrl(t.app, other.accessToken));
    sockets.push(socket);
    socket.subscribe(busTopics.hallSessions());
    await socket.sync();

    await proxy.cut();
    const otherId = await currentDeviceId(t, other.accessToken);
    expect((await call(t, 'DELETE', `v1/devices/${otherId}`, { token: user.accessToken })).status).toBe(204);
    expect((await socket.closed).code).toBe(BUS_CLOSE_REVOKED);
    await proxy.restore();
  });
});

// Two instances must share one database: PGlite is private to its process, so this needs PostgreSQL.
describe.skipIf(!DATABASE_URL)('revocation while one instance lost Redis (skipped without TEST_DATABASE_URL)', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let cut: TestApp;
  let direct: TestApp;
  const sockets: TestBusSocket[] = [];

  beforeAll(async () => {
    database = postgresDatabase(DATABASE_URL as string);
    await database.setup();
    proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    cut = await startTestApp(database, { REDIS_URL: proxiedRedisUrl(proxy), ...NO_PERIODIC_CHECK });
    direct = await startTestApp(database, { REDIS_URL, ...NO_PERIODIC_CHECK });
    await cut.app.listen({ port: 0, host: '127.0.0.1' });
    await direct.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await cut?.close();
    await direct?.close();
    await proxy?.close();
    await database?.teardown();
  });

  it('closes both instances’ connections of the devices revoked meanwhile once Redis is back', async () => {
    const user = await createUser(direct);
    const onCut = await signIn(direct, user.email, user.password);
    const onDirect = await signIn(direct, user.email, user.password);
    const socketOnCut = await openBus(busUrl(cut.app, onCut.accessToken));
    const socketOnDirect = await openBus(busUrl(direct.app, onDirect.accessToken));
    sockets.push(socketOnCut, socketOnDirect);
    await Promise.all([socketOnCut.sync(), socketOnDirect.sync()]);
    const cutDevice = await currentDeviceId(direct, onCut.accessToken);
    const directDevice = await currentDeviceId(direct, onDirect.accessToken);

    await proxy.cut();
    // Revoked on the instance that still has Redis: the other cannot hear it.
    const first = await call(direct, 'DELETE', `v1/devices/${cutDevice}`, { token: user.accessToken });
    expect(first.status).toBe(204);
    // Revoked on the instance without Redis: its announcement reaches no one else.
    const second = await call(cut, 'DELETE', `v1/devices/${directDevice}`, { token: user.accessToken });
    expect(second.status).toBe(204);
    // Both connections are still open for now: the announcements were lost.
    await Promise.all([socketOnCut.sync(), socketOnDirect.sync()]);

    await proxy.restore();
    // The instance that lost Redis checks its own connections, and asks the other to check its connections.
    expect((await socketOnCut.closed).code).toBe(BUS_CLOSE_REVOKED);
    expect((await socketOnDirect.closed).code).toBe(BUS_CLOSE_REVOKED);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTAGE_PROBE_MS, OUTAGE_RETRY_AFTER_SECONDS } from '../src/platform/outage.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { pgliteDatabase, postgresDatabase } from './support/databases.ts';
import { captureLogs, type CapturedLogs } from './support/logs.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';
import { createUser, type SignedInUser } from './support/users.ts';

type ErrorJson = { error: { code: string } };

const OUTAGE_LOG = 'database unavailable: answering 503 until it is back';

/** Several kinds of request that all need the database: a public read, an authenticated one (v1/me may come
 *  from the embedded database's session cache), a sign-in. */
async function expectUnavailable(t: TestApp, user: SignedInUser): Promise<void> {
  for (let round = 0; round < 3; round++) {
    for (const [method, path, options] of [
      ['GET', 'v1/config/countries', {}],
      ['GET', 'v1/me/devices', { token: user.accessToken }],
      ['POST', 'v1/auth', { body: { email: user.email, password: user.password } }],
    ] as const) {
      const res = await call<ErrorJson>(t, method, path, options);
      expect(res.status, `${method} ${path}`).toBe(503);
      expect(res.headers['retry-after']).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
      expect(res.json.error.code).toBe('SERVICE_UNAVAILABLE');
    }
  }
}

/** Error lines only: the access log still has one info line per request. */
const errorMessages = (logs: CapturedLogs) => logs.lines(50).map((l) => l['msg']);

describe('a lost embedded database (PGlite closed under the app)', () => {
  const database = pgliteDatabase();
  let t: TestApp;
  let logs: CapturedLogs;
  let ann: SignedInUser;
  beforeAll(async () => {
    await database.setup();
    logs = captureLogs();
    t = await startTestApp(database, {}, { logger: logs.logger });
    ann = await createUser(t);
  });
  afterAll(async () => {
    await t?.close();
    await database.teardown();
  });

  it('answers 503 with retry-after to every request, and logs the outage once', async () => {
    await t.app.tutti.database.close();
    await expectUnavailable(t, ann);
    expect(errorMessages(logs)).toEqual([OUTAGE_LOG]);
    expect(logs.text()).not.toContain('request failed');
    const health = await call(t, 'GET', 'v1/health');
    expect(health.status).toBe(503);
    expect(health.headers['retry-after']).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
  });
});

const serverUrl = process.env['TEST_DATABASE_URL'];

describe.runIf(serverUrl)('a lost PostgreSQL server, and its return', () => {
  let link: TcpProxy;
  let cut = false;
  let database: ReturnType<typeof postgresDatabase>;
  let t: TestApp;
  let logs: CapturedLogs;
  let ann: SignedInUser;
  beforeAll(async () => {
    const target = new URL(serverUrl ?? 'postgres://localhost');
    link = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(target);
    url.host = `127.0.0.1:${link.port}`;
    database = postgresDatabase(url.toString());
    await database.setup();
    logs = captureLogs();
    t = await startTestApp(database, {}, { logger: logs.logger });
    ann = await createUser(t);
  });
  afterAll(async () => {
    // A failed test may have left the server cut off: the teardown needs it.
    if (cut) await link.restore();
    await t?.close();
    await database?.teardown();
    await link?.close();
  });

  it('answers 503 with retry-after while it is gone, logs once, logs its return, then answers again', async () => {
    await link.cut();
    cut = true;
    await expectUnavailable(t, ann);
    expect(errorMessages(logs)).toEqual([OUTAGE_LOG]);
    await link.restore();
    cut = false;
    await expect
      .poll(() => logs.lines(40).some((l) => l['msg'] === 'database reachable again'), {
        timeout: OUTAGE_PROBE_MS * 4,
      })
      .toBe(true);
    const res = await call(t, 'GET', 'v1/me', { token: ann.accessToken });
    expect(res.status).toBe(200);
    expect(errorMessages(logs)).toEqual([OUTAGE_LOG]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_SECRET_HEADER } from '../src/modules/nals/nals.hooks.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { captureLogs, type CapturedLogs } from './support/logs.ts';
import { createUser, type SignedInUser } from './support/users.ts';

const HOOK_SECRET = 'hook-secret-that-must-stay-out-of-logs';
const QUERY_SECRET = 'query-secret-that-must-stay-out-of-logs';

describe.each(databases())('what requests log on $name', (database) => {
  let t: TestApp;
  let logs: CapturedLogs;
  let ann: SignedInUser;
  beforeAll(async () => {
    await database.setup();
    logs = captureLogs();
    t = await startTestApp(database, { BROKER_HOOK_SECRET: HOOK_SECRET }, { logger: logs.logger });
    ann = await createUser(t);
  });
  afterAll(async () => {
    await t?.close();
    await database.teardown();
  });

  it('logs the path of a request, never its query string nor its Authorization header', async () => {
    const res = await call(t, 'GET', `v1/me?token=${QUERY_SECRET}`, { token: ann.accessToken });
    expect(res.status).toBe(200);
    const line = logs.lines().find((l) => l['msg'] === 'request' && l['path'] === '/api/v1/me');
    expect(line).toMatchObject({ method: 'GET', path: '/api/v1/me', status: 200 });
    expect(logs.text()).not.toContain(QUERY_SECRET);
    expect(logs.text()).not.toContain(ann.accessToken);
    expect(logs.text()).not.toContain(ann.accessToken.split('.')[2]);
  });

  it('keeps the broker hook secret out of the logs, in the query string or the header', async () => {
    for (const [query, headers] of [
      [`?secret=${HOOK_SECRET}`, {}],
      ['', { [BROKER_SECRET_HEADER]: HOOK_SECRET }],
      [`?secret=${HOOK_SECRET}x`, {}],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/broker/auth${query}`,
        headers,
        payload: { username: 'nals', password: 'a-password-that-must-stay-out' },
      });
      expect([200, 401]).toContain(res.statusCode);
    }
    expect(logs.text()).not.toContain(HOOK_SECRET);
    expect(logs.text()).not.toContain('a-password-that-must-stay-out');
    expect(logs.lines().filter((l) => l['path'] === '/api/broker/auth')).toHaveLength(3);
  });

  it('logs refused and failed requests without their query string, body or SQL', async () => {
    // A refused request goes through the error handler (400).
    await call(t, 'POST', `v1/auth?token=${QUERY_SECRET}`, { body: { email: 'not an email', password: 1 } });
    // A string the database refuses (NUL) reached SQL before strings were checked by the contract: whatever the
    // answer, the log says neither the statement nor its parameters.
    const nul = await call(t, 'POST', `v1/auth?token=${QUERY_SECRET}`, {
      body: { email: 'nul\u0000secret-email@example.com', password: 'a-password-that-must-stay-out' },
    });
    expect(nul.status).not.toBe(200);
    const text = logs.text();
    expect(text).not.toContain(QUERY_SECRET);
    expect(text).not.toContain('secret-email');
    expect(text).not.toContain('a-password-that-must-stay-out');
    expect(text).not.toMatch(/select .* from/i);
    expect(text).not.toMatch(/\$argon2/);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, withTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';

type ErrorJson = { error: { code: string } };

describe.each(databases())('auth rate limits on $name', (database) => {
  let t: TestApp;
  withTestApp(database, (app) => (t = app), { RATE_LIMIT_AUTH_MAX: '2' });

  it.each([
    ['sign-in', 'v1/auth', { email: 'a@example.com', password: 'whatever' }],
    ['sign-up', 'v1/accounts', { email: 'bad' }],
    ['forgot-password', 'v1/accounts/forgot-password', { email: 'a@example.com' }],
    ['resend', `v1/accounts/${randomUUID()}/email`, undefined],
  ])('limits %s to RATE_LIMIT_AUTH_MAX per minute per IP with 429 RATE_LIMITED', async (_label, path, body) => {
    const statuses: number[] = [];
    let last: ErrorJson | undefined;
    for (let i = 0; i < 3; i++) {
      const res = await call<ErrorJson>(t, 'POST', path, { body });
      statuses.push(res.status);
      last = res.json;
    }
    expect(statuses.slice(0, 2).every((s) => s !== 429)).toBe(true);
    expect(statuses[2]).toBe(429);
    expect(last?.error.code).toBe('RATE_LIMITED');
  });

  it('does not limit other endpoints', async () => {
    for (let i = 0; i < 5; i++) expect((await call(t, 'GET', 'v1/health')).status).toBe(200);
  });
});

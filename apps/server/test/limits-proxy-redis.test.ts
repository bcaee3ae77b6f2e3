import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLimits, PASSWORD_WINDOW_SECONDS } from '../src/platform/limits.ts';
import { startTestApp, withTestApp, type TestApp } from './support/app.ts';
import { pgliteDatabase } from './support/databases.ts';
import { callFrom, expectRefused, nextAddress } from './support/limits.ts';

/** Redis runs on this machine and in CI; TEST_REDIS_URL points elsewhere when needed. */
const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const MAX = 3;
const PROXY = '192.0.2.10';

const signIn = (t: TestApp, from: string, forwardedFor?: string, email = 'nobody@proxy.test') =>
  callFrom(t, 'POST', 'v1/auth', {
    body: { email, password: 'guess' },
    from,
    ...(forwardedFor !== undefined && { headers: { 'x-forwarded-for': forwardedFor } }),
  });

describe('TRUST_PROXY: X-Forwarded-For names the client only when the peer is a trusted proxy', () => {
  let t: TestApp;
  const database = pgliteDatabase();
  withTestApp(database, (app) => (t = app), { RATE_LIMIT_AUTH_MAX: String(MAX), TRUST_PROXY: `${PROXY}/32` });

  it('behind the trusted proxy, each client has its own budget: one cannot lock the others out', async () => {
    const [noisy, quiet] = [nextAddress(), nextAddress()];
    for (let i = 0; i < MAX; i++) expect((await signIn(t, PROXY, noisy)).status).toBe(401);
    expectRefused(await signIn(t, PROXY, noisy), 'RATE_LIMITED', 60);
    // Same proxy, another client: still answered.
    expect((await signIn(t, PROXY, quiet)).status).toBe(401);
  });

  it('from an untrusted peer the header is ignored: made-up X-Forwarded-For values do not escape the limit', async () => {
    const peer = nextAddress();
    for (let i = 0; i < MAX; i++) expect((await signIn(t, peer, nextAddress())).status).toBe(401);
    expectRefused(await signIn(t, peer, nextAddress()), 'RATE_LIMITED', 60);
  });
});

describe('without TRUST_PROXY (the default), X-Forwarded-For is ignored', () => {
  let t: TestApp;
  const database = pgliteDatabase();
  withTestApp(database, (app) => (t = app), { RATE_LIMIT_AUTH_MAX: String(MAX) });

  it('counts the socket peer, whatever the header says', async () => {
    expect(t.config.trustProxy).toBe(false);
    for (let i = 0; i < MAX; i++) expect((await signIn(t, PROXY, nextAddress())).status).toBe(401);
    expectRefused(await signIn(t, PROXY, nextAddress()), 'RATE_LIMITED', 60);
  });
});

describe('the Redis store: two instances count against one budget', () => {
  const database = pgliteDatabase();
  // A prefix of its own: other runs and suites on this Redis never share these counters.
  const keyPrefix = `tutti-test:${randomBytes(6).toString('hex')}`;
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    await database.setup();
    const env = { RATE_LIMIT_AUTH_MAX: String(MAX), RATE_LIMIT_PASSWORD_MAX: String(MAX) };
    const limits = () => createLimits({ addressMax: MAX, passwordMax: MAX, redisUrl: REDIS_URL, keyPrefix });
    one = await startTestApp(database, env, { limits: limits() });
    two = await startTestApp(database, env, { limits: limits() });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database.teardown();
  });

  it('per address: tries on either instance add up', async () => {
    const from = nextAddress();
    expect((await signIn(one, from, undefined, 'a@redis.test')).status).toBe(401);
    expect((await signIn(two, from, undefined, 'b@redis.test')).status).toBe(401);
    expect((await signIn(one, from, undefined, 'c@redis.test')).status).toBe(401);
    expectRefused(await signIn(two, from, undefined, 'd@redis.test'), 'RATE_LIMITED', 60);
  });

  it('per account: wrong passwords on either instance add up', async () => {
    const email = `victim-${randomBytes(4).toString('hex')}@redis.test`;
    expect((await signIn(one, nextAddress(), undefined, email)).status).toBe(401);
    expect((await signIn(two, nextAddress(), undefined, email)).status).toBe(401);
    expect((await signIn(two, nextAddress(), undefined, email)).status).toBe(401);
    expectRefused(
      await signIn(one, nextAddress(), undefined, email),
      'TOO_MANY_PASSWORD_ATTEMPTS',
      PASSWORD_WINDOW_SECONDS,
    );
  });
});

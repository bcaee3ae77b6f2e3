import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { databases, pgliteDatabase } from './support/databases.ts';
import { createUser, type SignedInUser } from './support/users.ts';

describe.each(databases())('cache headers on $name', (database) => {
  let t: TestApp;
  let ann: SignedInUser;
  beforeAll(async () => {
    await database.setup();
    t = await startTestApp(database);
    ann = await createUser(t);
  });
  afterAll(async () => {
    await t?.close();
    await database.teardown();
  });

  it('marks every authenticated answer no-store, refusals included', async () => {
    for (const [method, path, token] of [
      ['GET', 'v1/me', ann.accessToken],
      ['GET', 'v1/me/devices', ann.accessToken],
      ['GET', 'v1/me', undefined],
      ['GET', 'v1/me', 'forged'],
      ['GET', 'v1/privileges', ann.accessToken],
    ] as const) {
      const res = await call(t, method, path, { ...(token && { token }) });
      expect(res.headers['cache-control'], `${method} ${path} ${res.status}`).toBe('no-store');
    }
  });

  it('marks no-store what a public endpoint answers to a sign-in or to a request with credentials', async () => {
    const signIn = await call(t, 'POST', 'v1/auth', { body: { email: ann.email, password: ann.password } });
    expect(signIn.status).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    const withToken = await call(t, 'GET', 'v1/config/countries', { token: ann.accessToken });
    expect(withToken.status).toBe(200);
    expect(withToken.headers['cache-control']).toBe('no-store');
  });

  it('leaves public reads cacheable', async () => {
    for (const path of ['v1/config', 'v1/config/countries', 'v1/music-styles']) {
      const res = await call(t, 'GET', path);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control'], path).toBeUndefined();
    }
    const page = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(page.headers['cache-control']).not.toBe('no-store');
  });
});

describe('/metrics without configuration', () => {
  const database = pgliteDatabase();
  let t: TestApp;
  beforeAll(async () => {
    await database.setup();
    t = await startTestApp(database);
  });
  afterAll(async () => {
    await t?.close();
    await database.teardown();
  });

  it('is closed: 404 to anyone, with or without a token', async () => {
    for (const headers of [{}, { authorization: 'Bearer anything' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('process_cpu');
    }
  });
});

describe('Content-Security-Policy with the embedded broker on a port picked at start', () => {
  const database = pgliteDatabase();
  let t: TestApp;
  beforeAll(async () => {
    await database.setup();
    t = await startTestApp(database, { BROKER_ENABLED: 'true', BROKER_PORT: '0', PUBLIC_URL: 'https://tutti.test' });
  });
  afterAll(async () => {
    await t?.close();
    await database.teardown();
  });

  it('lets pages connect to the bus and to the broker where it listens, nowhere else', async () => {
    const port = t.app.tutti.broker()?.port;
    expect(port).toBeGreaterThan(0);
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`connect-src 'self' wss://tutti.test ws://tutti.test:${port};`);
    expect(csp).not.toMatch(/connect-src[^;]* wss?:[ ;]/);
  });
});

import { randomUUID } from 'node:crypto';
import { endpoints, fillPath, type EndpointName } from '@tutti/contract/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call, expiredToken, startTestApp, TEST_INDEX_HTML, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { createUser, type SignedInUser } from './support/users.ts';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };

const names = Object.keys(endpoints) as EndpointName[];
const protectedNames = names.filter((n) => endpoints[n].access !== 'public');
const withBody = names.filter((n) => 'body' in endpoints[n]);
/** Routes with an id in their path (a username is any text: a malformed one is simply not found). */
const withParams = names.filter((n) => endpoints[n].path.includes('{id}'));

/** A path for the endpoint with a well-formed (random) id. */
const pathOf = (name: EndpointName) => fillPath(endpoints[name].path, { id: randomUUID(), username: 'someone' });
const bodyShape = (name: EndpointName): string[] => {
  const body = (endpoints[name] as { body?: z.ZodType }).body;
  return body instanceof z.ZodObject ? Object.keys(body.shape) : [];
};

describe.each(databases())('HTTP platform on $name', (database) => {
  let t: TestApp;
  let user: SignedInUser;
  let admin: SignedInUser;
  /** Access is checked before validation: admin and tester endpoints get an admin's token to reach it. */
  const tokenFor = (name: EndpointName) => (endpoints[name].access === 'user' ? user : admin).accessToken;
  beforeAll(async () => {
    await database.setup();
    const adminEmail = `admin-${randomUUID()}@example.com`;
    t = await startTestApp(database, { BODY_LIMIT_BYTES: '2048', ADMIN_EMAILS: adminEmail, METRICS_OPEN: 'true' });
    user = await createUser(t);
    admin = await createUser(t, { email: adminEmail });
  });
  afterAll(async () => {
    await t?.close();
    await database.teardown();
  });

  it('registers every endpoint of the contract (151)', () => {
    expect(names).toHaveLength(151);
    for (const name of names) {
      const def = endpoints[name];
      const url = `/api/${def.path.replace(/\{(\w+)\}/g, ':$1')}`;
      expect(t.app.hasRoute({ method: def.method, url }), `${def.method} ${url}`).toBe(true);
    }
  });

  describe.each(protectedNames)('%s without a valid access token', (name) => {
    const { method } = endpoints[name];

    it('is refused with 401 UNAUTHENTICATED when no token is sent', async () => {
      const res = await call<ErrorJson>(t, method, pathOf(name));
      expect(res.status).toBe(401);
      expect(res.json.error.code).toBe('UNAUTHENTICATED');
    });

    it('is refused with 401 UNAUTHENTICATED for a forged token', async () => {
      const res = await call<ErrorJson>(t, method, pathOf(name), { token: `${user.accessToken.slice(0, -4)}abcd` });
      expect(res.status).toBe(401);
      expect(res.json.error.code).toBe('UNAUTHENTICATED');
    });

    it('is refused with 401 TOKEN_EXPIRED for an expired token', async () => {
      const token = await expiredToken(t, user.id, user.deviceId);
      const res = await call<ErrorJson>(t, method, pathOf(name), { token });
      expect(res.status).toBe(401);
      expect(res.json.error.code).toBe('TOKEN_EXPIRED');
    });
  });

  describe.each(withBody)('%s with a bad body', (name) => {
    const { method } = endpoints[name];

    it('answers 400 BAD_REQUEST to malformed JSON', async () => {
      const res = await call<ErrorJson>(t, method, pathOf(name), { token: tokenFor(name), rawBody: '{"a": ' });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('BAD_REQUEST');
    });

    it('answers 400 VALIDATION_FAILED naming every field sent with a wrong type', async () => {
      const fields = bodyShape(name);
      const body = Object.fromEntries(fields.map((f) => [f, { wrong: ['type'] }]));
      const res = await call<ErrorJson>(t, method, pathOf(name), { token: tokenFor(name), body });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_FAILED');
      // A nested object names the field itself or the paths inside it (name.en).
      const named = Object.keys(res.json.error.fields ?? {}).map((key) => key.split('.')[0]);
      expect([...new Set(named)].sort()).toEqual([...fields].sort());
    });

    it('answers 400 VALIDATION_FAILED when the body is not an object', async () => {
      const res = await call<ErrorJson>(t, method, pathOf(name), { token: tokenFor(name), body: [1, 2] });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_FAILED');
    });

    it('answers 413 PAYLOAD_TOO_LARGE above BODY_LIMIT_BYTES', async () => {
      const rawBody = JSON.stringify({ filler: 'x'.repeat(4096) });
      const res = await call<ErrorJson>(t, method, pathOf(name), { token: tokenFor(name), rawBody });
      expect(res.status).toBe(413);
      expect(res.json.error.code).toBe('PAYLOAD_TOO_LARGE');
    });
  });

  describe.each(withParams)('%s with a malformed id', (name) => {
    it('answers 400 VALIDATION_FAILED with fields.id', async () => {
      const path = fillPath(endpoints[name].path, { id: 'not-a-uuid' });
      const res = await call<ErrorJson>(t, endpoints[name].method, path, { token: tokenFor(name) });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { id: 'invalid' } });
    });
  });

  it('answers 415 to a body in a content type the API does not take', async () => {
    const res = await call<ErrorJson>(t, 'POST', 'v1/auth', {
      rawBody: '<xml/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.status).toBe(415);
    expect(res.json.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 400 BAD_REQUEST in the error format to a malformed URL', async () => {
    const res = await call<ErrorJson>(t, 'DELETE', 'v1/devices/%E0%A4%A', { token: user.accessToken });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('BAD_REQUEST');
  });

  it('treats an empty JSON body as no body', async () => {
    const res = await call<ErrorJson>(t, 'POST', 'v1/auth', { rawBody: '' });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_FAILED');
  });

  it('answers 404 NOT_FOUND in JSON for an unknown API path or method', async () => {
    for (const [method, path] of [
      ['GET', 'v1/nothing-here'],
      ['PATCH', 'v1/me'],
      ['POST', 'v2/accounts'],
    ] as const) {
      const res = await call<ErrorJson>(t, method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json.error.code).toBe('NOT_FOUND');
    }
  });

  it('serves the SPA for other pages, and static files from the web build', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/studio/hall?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(TEST_INDEX_HTML);
    expect(page.headers['cache-control']).toBe('no-cache');
    const config = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(config.json()).toEqual({ api_url: '/api/', landing_url: 'http://localhost' });
    const version = await t.app.inject({ method: 'GET', url: '/version.json' });
    expect(version.json()).toMatchObject({ version: '1.0.0' });
    const post = await t.app.inject({ method: 'POST', url: '/studio/hall' });
    expect(post.statusCode).toBe(404);
  });

  it('sends a Content-Security-Policy the SPA works under', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline'/);
    // The configured bus and broker only (defaults derived from PUBLIC_URL), not WebSockets to any host.
    expect(csp).toContain("connect-src 'self' ws://localhost:8080 ws://localhost:8083;");
    expect(csp).toMatch(/img-src 'self' data: blob:/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the API docs and their OpenAPI document with every endpoint', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
    expect(String(ui.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const spec = doc.json<{ paths: Record<string, Record<string, { operationId: string }>> }>();
    const operations = Object.values(spec.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(operations.sort()).toEqual([...names].sort());
  });

  it('exposes Prometheus metrics with the request histogram (METRICS_OPEN=true)', async () => {
    await call(t, 'GET', 'v1/health');
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/health",status_code="200"\} \d+/,
    );
  });
});

describe('metrics behind a token', () => {
  const [database] = databases();
  let t: TestApp;
  beforeAll(async () => {
    await database!.setup();
    t = await startTestApp(database!, { METRICS_TOKEN: 'scrape-secret-1234' });
  });
  afterAll(async () => {
    await t?.close();
    await database!.teardown();
  });

  it('answers the scraper with the token and refuses anyone else', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    const right = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-secret-1234' },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('process_cpu_user_seconds_total');
  });
});

describe('HTTP platform without a web build', () => {
  const [database] = databases();
  let t: TestApp;
  beforeAll(async () => {
    await database!.setup();
    t = await startTestApp(database!, { WEB_DIST: '/nonexistent/tutti-web-dist' });
  });
  afterAll(async () => {
    await t?.close();
    await database!.teardown();
  });

  it('tells the operator to run npm run build', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/users/login' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('npm run build');
  });
});

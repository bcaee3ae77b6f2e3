import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { COMPRESSION_THRESHOLD_BYTES } from '../src/platform/web.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { pgliteDatabase } from './support/databases.ts';

/** What the web build writes (apps/web/vite/precompress.ts): a hashed script and the page, each with .br and .gz. */
const SCRIPT = `export const rows=[${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"musician ${i}"}`).join(',')}];\n`;
const PAGE = `<!doctype html><html><head><title>Tutti</title>${'<link rel="modulepreload" href="/assets/chunk.js" />'.repeat(40)}</head><body><div id="root"></div></body></html>`;
const SCRIPT_URL = '/assets/index-Ab12Cd34.js';
const PUBLIC = join(REPO_ROOT, 'apps', 'web', 'public');

function precompressed(dir: string, name: string, body: string): { br: Buffer; gz: Buffer } {
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipSync(body, { level: 9 });
  writeFileSync(join(dir, name), body);
  writeFileSync(join(dir, `${name}.br`), br);
  writeFileSync(join(dir, `${name}.gz`), gz);
  return { br, gz };
}

const database = pgliteDatabase();
// Serving does not depend on the database: PGlite only.
describe('compressed and cached pages', () => {
  let t: TestApp;
  let script: { br: Buffer; gz: Buffer };
  let page: { br: Buffer; gz: Buffer };
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  beforeAll(async () => {
    await database.setup();
    t = await startTestApp(database, { METRICS_OPEN: 'true' });
    const dist = t.config.webDist;
    mkdirSync(join(dist, 'assets'), { recursive: true });
    script = precompressed(join(dist, 'assets'), 'index-Ab12Cd34.js', SCRIPT);
    page = precompressed(dist, 'index.html', PAGE);
    for (const name of ['robots.txt', 'manifest.webmanifest', 'favicon.ico', 'favicon.svg', 'apple-touch-icon.png']) {
      copyFileSync(join(PUBLIC, name), join(dist, name));
    }
  });
  afterAll(async () => {
    await t?.close();
    await database.teardown();
  });

  it('sends a hashed asset from its brotli copy, cached for a year as immutable', async () => {
    const res = await get(SCRIPT_URL, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers['vary'])).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(script.br)).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a client that only takes gzip, and the file itself to one that takes neither', async () => {
    const gz = await get(SCRIPT_URL, 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(script.gz)).toBe(true);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const accept of [undefined, 'identity']) {
      const plain = await get(SCRIPT_URL, accept);
      expect(plain.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends the SPA page compressed but always revalidated, on any page path', async () => {
    for (const url of ['/', '/studio/hall', '/users/login?next=%2Fme', '/index.html']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      // The file sent is index.html.br: still the page's policy, not the one of other static files.
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.rawPayload.equals(page.br), url).toBe(true);
    }
    const plain = await get('/studio/hall');
    expect(plain.body).toBe(PAGE);
    expect(plain.headers['cache-control']).toBe('no-cache');
    for (const url of ['/version.json', '/config.json']) {
      expect((await get(url, 'br, gzip')).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('compresses API JSON above the threshold, and leaves tiny answers alone', async () => {
    const plain = await get('/api/v1/config/countries');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const br = await get('/api/v1/config/countries', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await get('/api/v1/config/countries', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const health = await get('/api/v1/health', 'br, gzip');
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.headers['content-type']).toMatch(/^text\/plain/);
    const tiny = await get('/api/v1/nothing-here', 'br, gzip');
    expect(tiny.statusCode).toBe(404);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('keeps /metrics readable: Prometheus text, gzip only when the scraper asks for it', async () => {
    const plain = await get('/metrics');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/^# HELP /m);
    const gz = await get('/metrics', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toMatch(/^# HELP process_cpu_user_seconds_total/m);
  });

  it('never decompresses request bodies: a beacon is read as sent', async () => {
    const url = '/api/v1/open-rehearsal/00000000-0000-4000-8000-000000000000/quit';
    const answers = [];
    for (const headers of [{}, { 'content-encoding': 'gzip' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'accept-encoding': 'br, gzip', ...headers },
        payload: JSON.stringify({ leaveToken: 'x'.repeat(43) }),
      });
      const body = res.body ? (JSON.parse(res.body) as { error?: { code: string } }) : {};
      answers.push({ status: res.statusCode, code: body.error?.code });
    }
    expect(answers[0]!.status).toBeLessThan(500);
    expect(answers[1]).toEqual(answers[0]);
  });

  it('answers robots.txt, the favicon and the manifest with their own content, not the page', async () => {
    const robots = await get('/robots.txt', 'br, gzip');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    const rules = (
      robots.headers['content-encoding'] === 'br' ? brotliDecompressSync(robots.rawPayload) : robots.rawPayload
    ).toString();
    expect(rules).toMatch(/^User-agent: \*$/m);
    for (const path of ['/api/', '/studio/', '/me', '/messages', '/bus'])
      expect(rules).toContain(`Disallow: ${path}\n`);
    expect(rules).not.toContain('<html');

    const ico = await get('/favicon.ico');
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect([...ico.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const touch = await get('/apple-touch-icon.png');
    expect(touch.headers['content-type']).toBe('image/png');

    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const body = manifest.json() as { name: string; start_url: string; theme_color: string; icons: { src: string }[] };
    expect(body).toMatchObject({ name: 'Tutti', start_url: '/studio/hall', theme_color: '#6741d9' });
    // Every icon it names is a real file of the build, not the page.
    for (const icon of body.icons) expect(readFileSync(join(PUBLIC, icon.src)).length, icon.src).toBeGreaterThan(0);
  });
});

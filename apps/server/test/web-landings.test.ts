import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.ts';
import { pgliteDatabase } from './support/databases.ts';

/** What the web build writes (apps/web/vite/preload-app.ts): index.html, a page's own HTML, and which path gets it. */
const page = (name: string) => `<!doctype html><html><head><title>${name}</title></head><body></body></html>`;

const database = pgliteDatabase();
// Serving does not depend on the database: PGlite only.
describe("a page's own HTML", () => {
  let t: TestApp;
  const get = (url: string, encoding = '') =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
  const title = (body: string) => /<title>(.*)<\/title>/.exec(body)?.[1];

  beforeAll(async () => {
    await database.setup();
    t = await startTestApp(database);
    const dist = t.config.webDist;
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), page('index'));
    writeFileSync(join(dist, 'landing-hall.html'), page('hall'));
    writeFileSync(join(dist, 'landing-hall.html.br'), brotliCompressSync(page('hall, compressed')));
    writeFileSync(join(dist, 'secret.html'), page('secret'));
    writeFileSync(
      join(dist, 'landings.json'),
      JSON.stringify({
        '/studio/hall': 'landing-hall.html',
        '/users/login': 'landing-login.html',
        '/me': '../secret.html',
        '/admin': 'secret.html',
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
    await database.teardown();
  });

  it('sends the hall its own HTML, revalidated like index.html, with or without a trailing slash or a query', async () => {
    for (const url of ['/studio/hall', '/studio/hall/', '/studio/hall?tab=mine']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(title(res.body)).toBe('hall');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends index.html to every other page, and to a page whose own HTML is missing from the build', async () => {
    for (const url of ['/', '/sessions', '/users/login', '/constructor', '/__proto__', '/studio/hall/more']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(title(res.body)).toBe('index');
    }
  });

  it('never sends a file that is not a landing page, whatever landings.json says', async () => {
    for (const url of ['/me', '/admin']) expect(title((await get(url)).body)).toBe('index');
  });

  it("sends a landing page's precompressed copy when the browser takes it, still revalidated", async () => {
    const res = await get('/studio/hall', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(title(brotliDecompressSync(res.rawPayload).toString())).toBe('hall, compressed');
  });
});

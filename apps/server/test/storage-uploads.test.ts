import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_PIXELS } from '../src/platform/storage/images.ts';
import type { TestApp } from './support/app.ts';
import { pgliteDatabase } from './support/databases.ts';
import { startS3rver, type TestS3 } from './support/s3rver.ts';
import { createOpenRehearsal, sessionsSuite } from './support/sessions.ts';
import { multipart, uploadCover } from './support/uploads.ts';
import { createUser } from './support/users.ts';

/** How a test tells whether the configured place holds a key: the file on disk, the object in the bucket. */
interface Driver {
  name: 'disk' | 's3';
  holds(t: TestApp, key: string): Promise<boolean>;
}

let s3: TestS3 | undefined;
let s3Client: S3Client | undefined;

const drivers: Driver[] = [
  { name: 'disk', holds: async (t, key) => existsSync(join(t.dataDir, 'uploads', key)) },
  {
    name: 's3',
    holds: async (_t, key) => {
      try {
        await s3Client?.send(new HeadObjectCommand({ Bucket: s3?.bucket, Key: key }));
        return true;
      } catch (e) {
        if ((e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
        throw e;
      }
    },
  },
];

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();

describe.each(drivers)('uploads stored on $name', (driver) => {
  // Filled before the app starts (this hook runs before the suite's own), read by sessionsSuite then.
  const env: Record<string, string> = {};
  beforeAll(async () => {
    if (driver.name !== 's3') return;
    s3 = await startS3rver();
    s3Client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: s3.config.credentials ?? undefined,
    });
    Object.assign(env, s3.env);
  });
  afterAll(async () => {
    s3Client?.destroy();
    await s3?.close();
    s3 = undefined;
    s3Client = undefined;
  });
  const {
    h,
    users: [ann],
  } = sessionsSuite(pgliteDatabase(), [createUser], env);

  it('stores a session cover there and serves it back at its URL; a new cover deletes the old one', async () => {
    const s = await createOpenRehearsal(h.t, ann);
    const first = await uploadCover(h.t, ann, s.id, multipart('file', 'me.jpg', 'image/jpeg', await photo(1600, 900)));
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const url = first.json.coverPicture ?? '';
    expect(url).toMatch(new RegExp(`^/uploads/sessions/${s.id}-[0-9a-f]{32}\\.jpg$`));
    const key = url.slice('/uploads/'.length);
    expect(await driver.holds(h.t, key)).toBe(true);
    // Only the configured place holds it.
    if (driver.name === 's3') expect(existsSync(join(h.t.dataDir, 'uploads', key))).toBe(false);

    const served = await h.t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': String(served.rawPayload.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    const head = await h.t.app.inject({ method: 'HEAD', url });
    expect([head.statusCode, head.headers['content-type'], head.body]).toEqual([200, 'image/jpeg', '']);

    const second = await uploadCover(h.t, ann, s.id, multipart('file', 'b.png', 'image/png', await photo(640, 480)));
    expect(second.status).toBe(200);
    expect(second.json.coverPicture).not.toBe(url);
    expect(await driver.holds(h.t, key)).toBe(false);
    const gone = await h.t.app.inject({ method: 'GET', url });
    expect([gone.statusCode, gone.headers['content-type'], gone.json()]).toEqual([
      404,
      'application/json; charset=utf-8',
      { error: { code: 'NOT_FOUND', message: expect.any(String) } },
    ]);
  });

  it('answers a JSON 404 for any other path under /uploads/, never the web app or a 500', async () => {
    for (const url of [
      '/uploads/sessions/none.jpg',
      '/uploads/sessions/page.html',
      '/uploads/..%2f..%2fjwt-secret',
      '/uploads/sessions/..%2F..%2F..%2Fjwt-secret.jpg',
      '/uploads/sessions',
      '/uploads/',
    ]) {
      const res = await h.t.app.inject({ method: 'GET', url });
      expect([res.statusCode, res.headers['content-type']], url).toEqual([404, 'application/json; charset=utf-8']);
      expect(res.json(), url).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('refuses an SVG, an HTML polyglot and an image over the pixel limit with a clear 4xx, storing nothing', async () => {
    const s = await createOpenRehearsal(h.t, ann);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const polyglot = Buffer.concat([await photo(20, 20), Buffer.from('<html><script>alert(1)</script></html>')]);
    const side = Math.ceil(Math.sqrt(IMAGE_MAX_PIXELS)) + 1;
    const huge = await sharp({ create: { width: side, height: side, channels: 3, background: '#123456' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const answers = [];
    for (const [name, bytes] of [
      ['cover.svg', svg],
      ['cover.jpg', polyglot],
      ['cover.png', huge],
    ] as const) {
      const res = await uploadCover(h.t, ann, s.id, multipart('file', name, 'image/jpeg', bytes));
      answers.push([res.status, res.json.error.code, res.json.error.fields]);
    }
    expect(answers).toEqual([
      [400, 'INVALID_IMAGE', { file: 'invalid' }],
      [400, 'INVALID_IMAGE', { file: 'invalid' }],
      [413, 'IMAGE_TOO_LARGE', { file: 'invalid' }],
    ]);
    const after = await h.t.app.inject({
      method: 'GET',
      url: `/api/v1/sessions/${s.id}/details`,
      headers: { authorization: `Bearer ${ann.accessToken}` },
    });
    expect((after.json() as { coverPicture: unknown }).coverPicture).toBeNull();
  });
});

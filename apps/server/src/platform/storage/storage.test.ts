import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver, type TestS3 } from '../../../test/support/s3rver.ts';
import { createDiskStorage } from './disk.ts';
import { createS3Storage } from './s3.ts';
import { isValidKey, newKey, type Storage } from './storage.ts';

interface Driver {
  name: string;
  /** A fresh storage; the suite closes it. */
  start(): Promise<Storage>;
  stop(): Promise<void>;
  /** publicUrl('a/b.jpg') of that storage. */
  url: string;
}

const tempDirs: string[] = [];
let s3: TestS3 | undefined;

const disk: Driver = {
  name: 'disk',
  start: async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tutti-storage-'));
    tempDirs.push(dir);
    return createDiskStorage(join(dir, 'uploads'));
  },
  stop: async () => undefined,
  url: '/uploads/a/b.jpg',
};

const s3Driver: Driver = {
  name: 's3 (s3rver)',
  start: async () => {
    s3 = await startS3rver();
    return createS3Storage(s3.config);
  },
  stop: async () => s3?.close(),
  url: '/uploads/a/b.jpg',
};

afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

const read = async (storage: Storage, key: string) => {
  const stored = await storage.get(key);
  return stored && { ...stored, body: await text(stored.body) };
};

describe.each([disk, s3Driver])('storage contract: $name', (driver) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await driver.start();
    await storage.check();
  });
  afterAll(async () => {
    await storage.close();
    await driver.stop();
  });

  it('answers what was put, with its content type and size', async () => {
    const key = newKey('sessions', 'owner', 'jpg');
    await storage.put(key, Buffer.from('first bytes'), 'image/jpeg');
    expect(await read(storage, key)).toEqual({ body: 'first bytes', contentType: 'image/jpeg', size: 11 });
    await storage.put(key, Buffer.from('second'), 'image/jpeg');
    expect(await read(storage, key)).toMatchObject({ body: 'second', size: 6 });
  });

  it('answers null for a key it does not hold, and after a delete; deleting a missing key is fine', async () => {
    const key = newKey('sessions', 'owner', 'png');
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, Buffer.from('png bytes'), 'image/png');
    expect((await read(storage, key))?.contentType).toBe('image/png');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('holds keys in nested folders', async () => {
    await storage.put('people/x/avatar-1.webp', Buffer.from('w'), 'image/webp');
    expect(await read(storage, 'people/x/avatar-1.webp')).toMatchObject({ body: 'w', contentType: 'image/webp' });
    expect(await storage.get('people/x/avatar-2.webp')).toBeNull();
  });

  it('serves keys at the server route', () => {
    expect(storage.publicUrl('a/b.jpg')).toBe(driver.url);
  });

  it('refuses keys it could not have made (path escapes, other types) before touching anything', async () => {
    for (const key of ['../escape.jpg', 'a/../../escape.jpg', '/abs.jpg', 'a\\b.jpg', 'a//b.jpg', 'page.html', 'a']) {
      expect(isValidKey(key), key).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toThrow(/storage key/i);
      await expect(storage.get(key), key).rejects.toThrow(/storage key/i);
      await expect(storage.delete(key), key).rejects.toThrow(/storage key/i);
    }
  });

  it('refuses a content type its key does not name (the served type always matches the URL)', async () => {
    await expect(storage.put(newKey('sessions', 'o', 'jpg'), Buffer.from('x'), 'text/html')).rejects.toThrow(
      /is for image\/jpeg/,
    );
  });
});

describe('disk driver', () => {
  it('writes under its folder only, nothing half-written left behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tutti-storage-'));
    tempDirs.push(dir);
    const storage = createDiskStorage(join(dir, 'uploads'));
    await storage.put('sessions/s-1.jpg', Buffer.from('x'), 'image/jpeg');
    expect(readdirSync(dir, { recursive: true }).sort()).toEqual([
      'uploads',
      'uploads/sessions',
      'uploads/sessions/s-1.jpg',
    ]);
  });

  it('answers a file with its key type, whatever else sits in the folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tutti-storage-'));
    tempDirs.push(dir);
    const storage = createDiskStorage(dir);
    writeFileSync(join(dir, 'note.jpg'), '<html>');
    expect((await storage.get('note.jpg'))?.contentType).toBe('image/jpeg');
  });
});

describe('s3 driver', () => {
  let server: TestS3;
  beforeAll(async () => {
    server = await startS3rver('other-bucket');
  });
  afterAll(async () => server.close());

  it('points publicUrl at S3_PUBLIC_URL when the bucket is served from elsewhere', async () => {
    const storage = createS3Storage({ ...server.config, publicUrl: 'https://cdn.example/tutti/' });
    expect(storage.publicUrl('sessions/a.jpg')).toBe('https://cdn.example/tutti/sessions/a.jpg');
    await storage.close();
  });

  // s3rver checks the access key, not version 4 signatures: an unknown key stands for refused credentials.
  it('refuses to start on a bucket that does not exist or with refused credentials', async () => {
    const missing = createS3Storage({ ...server.config, bucket: 'no-such-bucket' });
    await expect(missing.check()).rejects.toThrow(/bucket "no-such-bucket" .* cannot be used/);
    await missing.close();
    const refused = createS3Storage({
      ...server.config,
      credentials: { accessKeyId: 'UNKNOWN-KEY', secretAccessKey: 'S3RVER' },
    });
    await expect(refused.check()).rejects.toThrow(/cannot be used/);
    await refused.close();
  });

  it('answers a file with its key type, whatever type the bucket holds', async () => {
    const storage = createS3Storage(server.config);
    const { S3Client, PutObjectCommand } = await import('@aws-sdk/client-s3');
    const client = new S3Client({
      endpoint: server.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: server.config.credentials ?? undefined,
    });
    await client.send(
      new PutObjectCommand({ Bucket: server.bucket, Key: 'hand/made.jpg', Body: '<html>', ContentType: 'text/html' }),
    );
    client.destroy();
    expect(await read(storage, 'hand/made.jpg')).toMatchObject({ body: '<html>', contentType: 'image/jpeg' });
    await storage.close();
  });
});

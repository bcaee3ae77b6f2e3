import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../../src/platform/storage/config.ts';

/** s3rver's fixed credentials: it checks every request's signature against them. */
const ACCESS_KEY = 'S3RVER';

/** A real S3-compatible server (s3rver) on a free loopback port, its files in a temp folder, with one bucket. */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The storage settings that point at it. */
  config: S3StorageConfig;
  /** The same, as the app's environment variables. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3rver(bucket = 'tutti-test'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'tutti-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    config: {
      endpoint,
      region: 'us-east-1',
      bucket,
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
      forcePathStyle: true,
      publicUrl: null,
    },
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

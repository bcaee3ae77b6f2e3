import { join } from 'node:path';
import { z } from 'zod';
import { emptyAsUndefined, flag, optionalString, optionalUrl } from '../../env.ts';

/** Where uploaded files live: DATA_DIR/uploads, or an S3-compatible bucket when S3_BUCKET is set
 *  (docs/decisions/0028). */
export type StorageConfig = { driver: 'disk'; dir: string } | ({ driver: 's3' } & S3StorageConfig);

export interface S3StorageConfig {
  /** S3_ENDPOINT: the store's URL (MinIO, Garage, R2…); null: AWS S3 of the region. */
  endpoint: string | null;
  region: string;
  bucket: string;
  /** Null: the AWS SDK's own chain (AWS_ACCESS_KEY_ID…, shared files, the instance's role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** https://endpoint/bucket/key instead of https://bucket.endpoint/key (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
  /** S3_PUBLIC_URL: where browsers load the files straight from the bucket (a CDN, a public bucket's URL); null:
   *  the server serves them at /uploads/<key>. */
  publicUrl: string | null;
}

/** The storage's variables, part of the environment's schema (config.ts). */
export const STORAGE_ENV = {
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: flag(false),
  S3_PUBLIC_URL: optionalUrl,
};
type StorageEnv = z.output<z.ZodObject<typeof STORAGE_ENV>>;

/** What the variables cannot say alone: an S3 setting without a bucket is a forgotten S3_BUCKET, not the disk. */
export function storageEnvProblems(e: StorageEnv): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push({ path: 'S3_ACCESS_KEY_ID', message: 'goes with S3_SECRET_ACCESS_KEY' });
  }
  if (!e.S3_BUCKET && [e.S3_ENDPOINT, e.S3_ACCESS_KEY_ID, e.S3_PUBLIC_URL].some((v) => v !== undefined)) {
    problems.push({ path: 'S3_BUCKET', message: 'required with the other S3_ settings' });
  }
  return problems;
}

const withoutTrailingSlash = (url: string | undefined): string | null => url?.replace(/\/+$/, '') ?? null;

export function storageConfig(e: StorageEnv, dataDir: string): StorageConfig {
  if (!e.S3_BUCKET) return { driver: 'disk', dir: join(dataDir, 'uploads') };
  return {
    driver: 's3',
    endpoint: withoutTrailingSlash(e.S3_ENDPOINT),
    region: e.S3_REGION,
    bucket: e.S3_BUCKET,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    publicUrl: withoutTrailingSlash(e.S3_PUBLIC_URL),
  };
}

import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from './config.ts';
import { checkPut, contentTypeOf, STORED_FILE_CACHE_CONTROL, UPLOADS_PREFIX, type Storage } from './storage.ts';

/** An S3-compatible bucket (AWS S3, MinIO, Garage, R2, Scaleway…), so that several instances share the files. */
export function createS3Storage(config: S3StorageConfig): Storage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint && { endpoint: config.endpoint }),
    forcePathStyle: config.forcePathStyle,
    // None: the SDK's own chain (AWS_* variables, shared files, the instance's role).
    ...(config.credentials && { credentials: config.credentials }),
    // Checksums only where S3 requires them: the SDK's newer default (a CRC on every request and response) is not
    // understood by every S3-compatible store, and TLS already guards the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable store fails a request in seconds instead of holding it.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
  });
  const Bucket = config.bucket;
  const publicBase = config.publicUrl ? `${config.publicUrl.replace(/\/+$/, '')}/` : UPLOADS_PREFIX;
  return {
    async put(key, bytes, contentType) {
      checkPut(key, contentType);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          // For browsers loading the bucket directly (S3_PUBLIC_URL): the key is never reused either.
          CacheControl: STORED_FILE_CACHE_CONTROL,
        }),
      );
    },
    async get(key) {
      // Served with its key's type, whatever the bucket says: a file changed in the bucket by hand is still never
      // served as HTML.
      const contentType = contentTypeOf(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(out.Body instanceof Readable)) throw new Error('The S3 client did not answer a Node stream');
        return { body: out.Body, contentType, size: out.ContentLength ?? null };
      } catch (e) {
        if (isNotFound(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      contentTypeOf(key);
      // S3 answers 204 for a key it does not hold.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    publicUrl: (key) => publicBase + key,
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (e) {
        const why = e instanceof S3ServiceException ? `${e.name} (${e.$metadata.httpStatusCode ?? '?'})` : String(e);
        throw new Error(`The S3 bucket "${Bucket}" at ${config.endpoint ?? 'AWS'} cannot be used: ${why}`, {
          cause: e,
        });
      }
    },
    close: async () => client.destroy(),
  };
}

/** NoSuchKey, or a bare 404 (some S3-compatible stores answer without an error code). A missing bucket is not a
 *  missing file: that one is an error (check() refuses it at start). */
const isNotFound = (e: unknown): boolean =>
  e instanceof S3ServiceException &&
  (e.name === 'NoSuchKey' || (e.$metadata.httpStatusCode === 404 && e.name !== 'NoSuchBucket'));

import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: one interface, two drivers (disk under DATA_DIR/uploads, the default, and an
 * S3-compatible bucket shared by several instances; docs/decisions/0028). Services hold keys, never paths or URLs:
 * the key is what the database stores, and `publicUrl` turns it into the address browsers load.
 */

/** Site-relative prefix of the server's own route for stored files: the URL of every key unless an S3 bucket is
 *  served from elsewhere (S3_PUBLIC_URL). */
export const UPLOADS_PREFIX = '/uploads/';

/** A stored file as read back: its bytes as a stream (to be consumed or destroyed) and what it is. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  /** Bytes, when the driver knows them before the body is read. */
  size: number | null;
}

export interface Storage {
  /** Stores the bytes under `key`, replacing what was there (keys are fresh: see newKey). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when no file has this key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes a file; a missing one is fine. */
  delete(key: string): Promise<void>;
  /** The URL browsers load the file from (site-relative, or absolute when the bucket is served elsewhere). */
  publicUrl(key: string): string;
  /** Throws when the storage cannot be used (the bucket is missing, the credentials are refused); run at start. */
  check(): Promise<void>;
  /** Releases connections; the storage is not used afterwards. */
  close(): Promise<void>;
}

/** The content type of each file extension a key may end with: the disk driver answers it, the S3 driver stores it,
 *  and the served URL's extension always agrees with the type it is served with. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
const FILE = /^([A-Za-z0-9][A-Za-z0-9_-]{0,99})\.([a-z0-9]{1,8})$/;

/** Whether `key` is one this module could have made: folders and a file name of letters, digits, `-` and `_`, one
 *  extension of CONTENT_TYPES. No `..`, no leading slash, no backslash: a key read from the database or a URL never
 *  reaches outside the uploads folder or the bucket's namespace. */
export function isValidKey(key: string): boolean {
  if (key.length > 300) return false;
  const parts = key.split('/');
  const file = parts.pop() ?? '';
  const extension = FILE.exec(file)?.[2];
  return extension !== undefined && extension in CONTENT_TYPES && parts.every((p) => SEGMENT.test(p));
}

export class InvalidKeyError extends Error {
  override name = 'InvalidKeyError';
  constructor(key: string) {
    super(`Not a storage key: ${JSON.stringify(key.slice(0, 100))}`);
  }
}

/** The content type of a valid key; throws on a key this module could not have made. */
export function contentTypeOf(key: string): string {
  if (!isValidKey(key)) throw new InvalidKeyError(key);
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** Checks a put: a valid key whose extension names the type given (a mismatch is a caller's bug). */
export function checkPut(key: string, contentType: string): void {
  const expected = contentTypeOf(key);
  if (expected !== contentType) {
    throw new Error(`Storage key ${key} is for ${expected}, not ${contentType}`);
  }
}

/** A fresh, unguessable key: `folder/owner-<128 random bits>.extension`. A key is never reused, so a file never
 *  changes under its URL (served with a year's immutable cache). */
export function newKey(folder: string, owner: string, extension: string): string {
  const key = `${folder}/${owner}-${randomBytes(16).toString('hex')}.${extension}`;
  if (!isValidKey(key)) throw new InvalidKeyError(key);
  return key;
}

/** Cache-Control of a stored file: its key is never reused. */
export const STORED_FILE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Deletes a file nobody points to any more (a replaced picture, one stored for a change that failed). A failure
 *  only leaves an unreachable file behind: logged, never the caller's error. */
export async function deleteQuietly(
  storage: Storage,
  key: string,
  log: { warn(obj: object, msg: string): void },
): Promise<void> {
  try {
    await storage.delete(key);
  } catch (err) {
    log.warn({ err, key }, 'stored file not deleted');
  }
}

import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError, notFound, toErrorResponse } from './errors.ts';

/**
 * Uploaded images: read from a multipart field, checked by their content (never by name or declared type), resized,
 * stored under DATA_DIR/uploads and served at /uploads/. An object storage can replace the folder behind
 * `UploadStorage` later without touching the services.
 */

export const UPLOADS_PREFIX = '/uploads/';
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

export const invalidImage = () =>
  new AppError(400, 'INVALID_IMAGE', 'The file is not a JPEG, PNG or WebP image.', { fields: { file: 'invalid' } });

export interface UploadStorage {
  /** Stores the bytes under a fresh unguessable name in `folder`; answers the site-relative name (folder/file). */
  save(folder: string, prefix: string, bytes: Buffer, extension: string): Promise<string>;
  /** Removes a stored file; a missing one is fine. */
  remove(name: string): Promise<void>;
  /** The URL the file is served at. */
  urlOf(name: string): string;
}

export function createUploadStorage(dataDir: string): UploadStorage {
  const root = join(dataDir, 'uploads');
  // Names come from this module, but a stored name is read back from the database: never leave the folder.
  const pathOf = (name: string) => {
    const path = normalize(join(root, name));
    if (!path.startsWith(root + sep)) throw new Error(`Upload name escapes the uploads folder: ${name}`);
    return path;
  };
  return {
    async save(folder, prefix, bytes, extension) {
      const name = `${folder}/${prefix}-${randomBytes(8).toString('hex')}.${extension}`;
      await mkdir(join(root, folder), { recursive: true });
      await writeFile(pathOf(name), bytes);
      return name;
    },
    async remove(name) {
      await rm(pathOf(name), { force: true });
    },
    urlOf: (name) => UPLOADS_PREFIX + name,
  };
}

/** The one file of a multipart request, as bytes. Not multipart, malformed or no such field: 400 INVALID_IMAGE;
 *  over the limit: 413 (thrown by the multipart plugin). */
export async function readUploadedFile(request: FastifyRequest, field: string): Promise<Buffer> {
  if (!request.isMultipart()) throw invalidImage();
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === field) return await part.toBuffer();
      if (part.type === 'file') part.file.resume();
    }
  } catch (e) {
    // The plugin's limits answer 413; a malformed body (no boundary, cut short) is the client's error, not a 500.
    if ((e as { statusCode?: unknown }).statusCode === 413) throw e;
    throw invalidImage();
  }
  throw invalidImage();
}

/** A cover: JPEG, PNG or WebP by content, cropped to 1200×630, re-encoded as JPEG without its metadata (sharp drops
 *  EXIF, GPS included, unless asked to keep it). */
export async function toCoverJpeg(bytes: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    throw invalidImage();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw invalidImage();
  try {
    return await sharp(bytes).rotate().resize(1200, 630, { fit: 'cover' }).jpeg({ quality: 80 }).toBuffer();
  } catch {
    // A truncated or corrupt file passes the header check and fails to decode.
    throw invalidImage();
  }
}

/** Multipart parsing (5 MB per file, one file) and the /uploads/ folder, served with a long cache: every stored name
 *  is new, so a file never changes under its URL. */
export async function registerUploads(app: FastifyInstance, dataDir: string): Promise<void> {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 } });
  const root = join(dataDir, 'uploads');
  await mkdir(root, { recursive: true });
  await app.register(
    async (scope) => {
      await scope.register(fastifyStatic, {
        root,
        prefix: '/',
        decorateReply: false,
        cacheControl: false,
        setHeaders: (reply) => {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
          reply.header('x-content-type-options', 'nosniff');
        },
      });
      // A removed file is gone: not the web app's page (which the app's not-found handler would serve for a GET).
      scope.setNotFoundHandler((request, reply) => {
        const { status, body } = toErrorResponse(notFound(`No file ${request.url.split('?')[0] ?? ''}`));
        return reply.code(status).send(body);
      });
    },
    { prefix: UPLOADS_PREFIX.slice(0, -1) },
  );
}

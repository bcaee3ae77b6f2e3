import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../errors.ts';
import { IMAGE_MAX_BYTES, invalidImage } from './images.ts';
import { isValidKey, STORED_FILE_CACHE_CONTROL, UPLOADS_PREFIX, type Storage } from './storage.ts';

/** Multipart parsing (one file of IMAGE_MAX_BYTES at most), and every stored file served at /uploads/<key> from
 *  whichever driver holds it: the URL stays the same when the files move from the disk to a bucket. */
export async function registerUploads(app: FastifyInstance, storage: Storage): Promise<void> {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10 } });
  app.get(`${UPLOADS_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    // A key this server could not have made is looked up nowhere (no path, no bucket request).
    const stored = isValidKey(key) ? await storage.get(key) : null;
    // A removed file is gone: a JSON 404, not the web app's page (which a GET of an unknown path gets).
    if (!stored) throw notFound(`No file ${UPLOADS_PREFIX}${key.slice(0, 300)}`);
    void reply
      .type(stored.contentType)
      // Every key is new (storage.ts newKey): a file never changes under its URL.
      .header('cache-control', STORED_FILE_CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff');
    if (stored.size !== null) void reply.header('content-length', stored.size);
    if (request.method === 'HEAD') {
      stored.body.destroy();
      return reply.send();
    }
    return reply.send(stored.body);
  });
  // `/uploads/` itself (the router drops its trailing slash): no listing, and not the web app's page either.
  app.get(UPLOADS_PREFIX.slice(0, -1), { schema: { hide: true } }, async () => {
    throw notFound('No file');
  });
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

/** A multipart form of several images and text fields (a banner: two images and its JSON). */
export interface UploadedParts {
  files: Map<string, Buffer>;
  fields: Map<string, string>;
}

/** Every named part of a multipart request, files as bytes (at most `files` of them, IMAGE_MAX_BYTES each); other
 *  parts are skipped. Not multipart or malformed: 400 INVALID_IMAGE; over a limit: 413. */
export async function readUploadedParts(
  request: FastifyRequest,
  names: { files: readonly string[]; fields: readonly string[] },
): Promise<UploadedParts> {
  if (!request.isMultipart()) throw invalidImage();
  const out: UploadedParts = { files: new Map(), fields: new Map() };
  try {
    for await (const part of request.parts({ limits: { files: names.files.length, fieldSize: 10_000 } })) {
      if (part.type === 'file') {
        if (names.files.includes(part.fieldname) && !out.files.has(part.fieldname)) {
          out.files.set(part.fieldname, await part.toBuffer());
        } else {
          part.file.resume();
        }
      } else if (names.fields.includes(part.fieldname) && typeof part.value === 'string') {
        out.fields.set(part.fieldname, part.value);
      }
    }
  } catch (e) {
    if ((e as { statusCode?: unknown }).statusCode === 413) throw e;
    throw invalidImage();
  }
  return out;
}

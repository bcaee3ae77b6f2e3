import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound, toErrorResponse } from '../../platform/errors.ts';
import { bundleFileName, readmeFileName, readmeText, type NalsBundle, type NalsBundler } from './nals.bundle.ts';
import type { NalsRepository } from './nals.repository.ts';

/** Where the default NALS_DOWNLOAD_BASE_URL points: `<PUBLIC_URL>/downloads/nals/`. */
export const NALS_DOWNLOADS_PREFIX = '/downloads/nals/';

const VERSION_PATTERN = /^\d{1,4}\.\d{1,4}\.\d{1,4}$/;

/**
 * The files behind the addresses `GET v1/nals/download` answers: for each release of nals_versions,
 * `<version>/tutti-nals-<version>.mjs` (the emulator, built on first request, run with `node`) and
 * `<version>/tutti-nals-<version>.txt` (how to run it). Anything else under the prefix is a 404 error body, never the
 * SPA. A page of the site rather than the API: hidden from the OpenAPI document.
 */
export function registerNalsDownloads(
  app: FastifyInstance,
  deps: { repo: NalsRepository; bundler: NalsBundler; brokerUrl: () => string; publicUrl: string },
): void {
  const missing = (what: string) => toErrorResponse(notFound(what));

  app.get<{ Params: { version: string; file: string } }>(
    `${NALS_DOWNLOADS_PREFIX}:version/:file`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { version, file } = request.params;
      const known = VERSION_PATTERN.test(version) && (await deps.repo.findVersion(version)) !== null;
      if (!known) {
        const { status, body } = missing(`No audio client version ${version}.`);
        return reply.code(status).send(body);
      }
      if (file === readmeFileName(version)) {
        return reply
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(readmeText(version, deps.brokerUrl(), deps.publicUrl));
      }
      if (file !== bundleFileName(version)) {
        const { status, body } = missing(`No file ${file} in audio client version ${version}.`);
        return reply.code(status).send(body);
      }
      let bundle: NalsBundle;
      try {
        bundle = await deps.bundler.bundle(version);
      } catch (e) {
        request.log.error({ err: e, version }, 'audio client bundle failed to build');
        throw new AppError(500, 'INTERNAL', 'The audio client could not be prepared for download.');
      }
      // Revalidated on each download: the same address gets a new file when the server's emulator changes.
      reply.header('etag', bundle.etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === bundle.etag) return reply.code(304).send();
      return reply
        .header('content-disposition', `attachment; filename="${file}"`)
        .header('link', `<${readmeFileName(version)}>; rel="describedby"; type="text/plain"`)
        .header('content-length', bundle.size)
        .type('text/javascript; charset=utf-8')
        .send(createReadStream(bundle.path));
    },
  );

  // Any other shape under the prefix (the folder itself, no file, deeper paths) is not a page of the web app either.
  const elsewhere = async (request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = missing(`No download ${request.url.split('?')[0]}.`);
    return reply.code(status).send(body);
  };
  app.get(NALS_DOWNLOADS_PREFIX, { schema: { hide: true } }, elsewhere);
  app.get(`${NALS_DOWNLOADS_PREFIX}*`, { schema: { hide: true } }, elsewhere);
}

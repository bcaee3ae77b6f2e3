import { existsSync, readFileSync } from 'node:fs';
import { basename, join, sep } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Files whose name never changes between builds: always revalidated, so a deploy is seen at once. */
const REVALIDATED = new Set(['index.html', 'config.json', 'version.json']);
/** A page's own HTML (apps/web/vite/preload-app.ts): index.html plus the links of that page's first code. */
const LANDING_PAGE = /^landing-[\w-]+\.html$/u;
/** Which path gets which of them, written by the same build. */
const LANDINGS_FILE = 'landings.json';

/** Answers smaller than this go out as they are: below about a kilobyte, the headers and the CPU cost more than
 *  the bytes saved (health, small API answers, beacons' 204s). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Compressed on the fly (API JSON, documentation, text): text and JSON only. Never octet-stream (uploads,
 *  downloads: often compressed already, and a Content-Length a client may rely on), never event streams. */
const COMPRESSIBLE =
  /^text\/(?!event-stream)|^application\/(?:[\w.+-]+\+)?(?:json|xml|javascript)(?:;|$)|^image\/svg\+xml/u;

export const NOT_BUILT_MESSAGE =
  'The web app is not built yet: run `npm run build` (or `npm start`, which builds it) at the repository root, then reload.\n';

/** Brotli or gzip for the routes registered after it, as the request's Accept-Encoding allows. Request bodies are
 *  never decompressed: a compressed upload or beacon would bypass the body limit's meaning (a small body inflating
 *  to a large one), and no client of Tutti sends one. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    globalDecompression: false,
  });
}

/** The name a served file had before compression: `index-abc.js.br` is cached as `index-abc.js` is. */
function servedName(filePath: string): string {
  return basename(filePath).replace(/\.(?:br|gz)$/u, '');
}

/** Serves the built SPA (WEB_DIST): hashed assets cached for a year, the rest revalidated. Text files are sent from
 *  the `.br` / `.gz` copies written at build time (apps/web/vite/precompress.ts) when the browser accepts them. */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    cacheControl: false,
    preCompressed: true,
    // Missing until the web is built; serveSpa says so instead of a startup warning.
    suppressWarning: true,
    setHeaders: (reply, filePath) => {
      const name = servedName(filePath);
      if (REVALIDATED.has(name) || LANDING_PAGE.test(name)) reply.header('cache-control', 'no-cache');
      else if (filePath.includes(`${sep}assets${sep}`))
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });
}

const landingsByDist = new Map<string, Map<string, string>>();

/** The build's landings.json, read once the build is there: path → a landing page's file name (only names of that form, and
 *  only files the build wrote: checked here once, not on every page served). */
function landings(webDist: string): Map<string, string> {
  const known = landingsByDist.get(webDist);
  if (known) return known;
  const read = new Map<string, string>();
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(webDist, LANDINGS_FILE), 'utf8'));
    if (parsed && typeof parsed === 'object') {
      for (const [path, file] of Object.entries(parsed)) {
        if (typeof file === 'string' && LANDING_PAGE.test(file) && existsSync(join(webDist, file)))
          read.set(path, file);
      }
    }
  } catch {
    // A build without it (serveSpa asks once index.html is there): index.html for every page.
  }
  landingsByDist.set(webDist, read);
  return read;
}

/** The SPA's entry for any other path: the client-side router decides what it is (including its not-found page).
 *  A page the build made its own HTML for (the hall, the login page) gets it: the same entry, with that page's code
 *  requested at once. sendFile picks the `.br` / `.gz` copy like for any other static file. */
export function serveSpa(webDist: string, reply: FastifyReply, path = '/'): FastifyReply {
  if (!existsSync(join(webDist, 'index.html'))) {
    return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
  }
  const page = landings(webDist).get(path.length > 1 ? path.replace(/\/+$/u, '') : path) ?? 'index.html';
  return reply.code(200).header('cache-control', 'no-cache').sendFile(page);
}

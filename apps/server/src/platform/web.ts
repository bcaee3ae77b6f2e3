import { existsSync } from 'node:fs';
import { basename, join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Files whose name never changes between builds: always revalidated, so a deploy is seen at once. */
const REVALIDATED = new Set(['index.html', 'config.json', 'version.json']);

export const NOT_BUILT_MESSAGE =
  'The web app is not built yet: run `npm run build` (or `npm start`, which builds it) at the repository root, then reload.\n';

/** Serves the built SPA (WEB_DIST): hashed assets cached for a year, the rest revalidated. */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    cacheControl: false,
    // Missing until the web is built; serveSpa says so instead of a startup warning.
    suppressWarning: true,
    setHeaders: (reply, filePath) => {
      const name = basename(filePath);
      if (REVALIDATED.has(name)) reply.header('cache-control', 'no-cache');
      else if (filePath.includes(`${sep}assets${sep}`))
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });
}

/** The SPA's entry for any other path: the client-side router decides what it is (including its not-found page). */
export function serveSpa(webDist: string, reply: FastifyReply): FastifyReply {
  if (!existsSync(join(webDist, 'index.html'))) {
    return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
  }
  return reply.code(200).header('cache-control', 'no-cache').sendFile('index.html');
}

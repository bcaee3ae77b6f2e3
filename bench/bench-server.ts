import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@tutti/server/src/config.ts';

/**
 * The configuration of a bench's own Tutti server: the built web, a fresh data folder, free ports, auth limits out of
 * the way, PGlite unless a database is given. `extra` adds what one bench needs (a room server's ports).
 */
export async function benchServerConfig(
  name: string,
  options: { webDist: string; logLevel: string; databaseUrl?: string },
  extra: Record<string, string> = {},
): Promise<{ dataDir: string; config: ReturnType<typeof loadConfig> }> {
  if (!existsSync(path.join(options.webDist, 'index.html')))
    throw new Error('apps/web/dist is not built: run `npm run build` first (the root `npm run bench` does)');
  const dataDir = await mkdtemp(path.join(tmpdir(), `tutti-bench-${name}-`));
  const config = loadConfig({
    DATA_DIR: dataDir,
    // The sample cities: a GeoNames load on this fresh database would compete with what is measured.
    PLACES_DATASET: 'sample',
    LOG_LEVEL: options.logLevel,
    RATE_LIMIT_AUTH_MAX: '1000',
    WEB_DIST: options.webDist,
    HOST: '127.0.0.1',
    PORT: '0',
    BROKER_PORT: '0',
    ...extra,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  });
  return { dataDir, config };
}

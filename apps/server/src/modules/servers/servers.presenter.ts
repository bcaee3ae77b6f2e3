import type { ProviderIdSchema, Region, Server } from '@tutti/contract/servers';
import type { z } from 'zod';
import type { RegionRow } from '../../platform/schema.ts';
import type { ServerWithLoad } from './servers.repository.ts';

export const presentRegion = (row: RegionRow): Region => ({
  id: row.id,
  code: row.code,
  name: row.name,
  latitude: row.latitude,
  longitude: row.longitude,
  createdAt: row.createdAt.toISOString(),
});

/** Everything but the secret, which only the API server needs to call the room server. */
export const presentServer = ({ server, load }: ServerWithLoad): Server => ({
  id: server.id,
  name: server.name,
  regionId: server.regionId,
  // Written only from the validated body or by the start-up registration: always a known provider.
  provider: server.provider as z.infer<typeof ProviderIdSchema>,
  url: server.url,
  capacity: server.capacity,
  status: server.status,
  load,
  lastHealthAt: server.lastHealthAt?.toISOString() ?? null,
  lastHealthOk: server.lastHealthOk,
  createdAt: server.createdAt.toISOString(),
});

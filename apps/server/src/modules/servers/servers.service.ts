import {
  PROVIDERS,
  type CreateRegionBodySchema,
  type CreateServerBodySchema,
  type Region,
  type Server,
  type ServerHealth,
} from '@tutti/contract/servers';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AppError, notFound } from '../../platform/errors.ts';
import { createRoomClient, RoomServerUnavailableError, type RoomClient } from '../../platform/room-client.ts';
import {
  DEFAULT_REGION,
  isControlUrl,
  LOCAL_SERVER_NAME,
  normalizeControlUrl,
  PROVIDER_NAMES,
} from './servers.policy.ts';
import { presentRegion, presentServer } from './servers.presenter.ts';
import type { ServersRepository } from './servers.repository.ts';

/** An administrator waits on the answer: a room server slower than this counts as down. */
const HEALTHCHECK_TIMEOUT_MS = 2000;

type CreateRegionBody = z.infer<typeof CreateRegionBodySchema>;
type CreateServerBody = z.infer<typeof CreateServerBodySchema>;
export type ConnectRoomServer = (url: string, secret: string, options?: { timeoutMs?: number }) => RoomClient;

const serverNotFound = () => notFound('No such room server.');

export function createServersService(deps: {
  repo: ServersRepository;
  log: FastifyBaseLogger;
  now: () => Date;
  /** How to reach a room server (tests may stand one in). */
  connect?: ConnectRoomServer;
}) {
  const { repo, log, now } = deps;
  const connect = deps.connect ?? createRoomClient;

  const loaded = async (id: string): Promise<Server> => {
    const row = await repo.findServer(id);
    if (!row) throw serverNotFound();
    return presentServer(row);
  };

  return {
    listProviders: async () => PROVIDERS.map((id) => ({ id, name: PROVIDER_NAMES[id] })),

    listRegions: async (): Promise<Region[]> => (await repo.listRegions()).map(presentRegion),

    async createRegion(body: CreateRegionBody): Promise<Region> {
      const row = await repo.insertRegion(body, now());
      if (!row) {
        throw new AppError(409, 'CONFLICT', 'A region with this code exists already.', { fields: { code: 'invalid' } });
      }
      return presentRegion(row);
    },

    async deleteRegion(id: string): Promise<void> {
      if (!(await repo.findRegion(id))) throw notFound('No such region.');
      if ((await repo.countServersIn(id)) > 0) {
        throw new AppError(409, 'IN_USE', 'Room servers are registered in this region; remove them first.');
      }
      // A server registered in between makes the foreign key refuse the delete: the same answer then.
      try {
        await repo.deleteRegion(id);
      } catch (e) {
        if (foreignKeyViolation(e)) {
          throw new AppError(409, 'IN_USE', 'Room servers are registered in this region; remove them first.');
        }
        throw e;
      }
    },

    listServers: async (): Promise<Server[]> => (await repo.listServers()).map(presentServer),

    async createServer(body: CreateServerBody): Promise<Server> {
      if (!isControlUrl(body.url)) {
        throw new AppError(400, 'VALIDATION_FAILED', 'A room server is reached over http or https.', {
          fields: { url: 'invalid' },
        });
      }
      if (!(await repo.findRegion(body.regionId))) {
        throw new AppError(400, 'VALIDATION_FAILED', 'No such region.', { fields: { regionId: 'invalid' } });
      }
      const row = await repo.insertServer({ ...body, url: normalizeControlUrl(body.url), status: 'paused' }, now());
      if (!row) {
        throw new AppError(409, 'CONFLICT', 'A room server with this URL is registered already.', {
          fields: { url: 'invalid' },
        });
      }
      return presentServer({ server: row, load: 0 });
    },

    async startServer(id: string): Promise<Server> {
      if (!(await repo.setStatus(id, 'started'))) throw serverNotFound();
      return loaded(id);
    },

    async pauseServer(id: string): Promise<Server> {
      if (!(await repo.setStatus(id, 'paused'))) throw serverNotFound();
      return loaded(id);
    },

    /** Asks the room server itself; a server that is down is an answer (ok false), not an error of this call. */
    async healthcheck(id: string): Promise<ServerHealth> {
      const found = await repo.findServer(id);
      if (!found) throw serverNotFound();
      const { server } = found;
      let health: Omit<ServerHealth, 'checkedAt'>;
      try {
        const report = await connect(server.url, server.secret, { timeoutMs: HEALTHCHECK_TIMEOUT_MS }).health();
        health = {
          ok: true,
          report: { rooms: report.rooms, players: report.players, uptimeSec: report.uptimeSec, cpu: report.load.cpu },
          error: null,
        };
      } catch (e) {
        if (!(e instanceof RoomServerUnavailableError)) throw e;
        health = { ok: false, report: null, error: e.message };
      }
      const checkedAt = now();
      await repo.recordHealth(id, health.ok, checkedAt);
      return { ...health, checkedAt: checkedAt.toISOString() };
    },

    async deleteServer(id: string): Promise<void> {
      if (!(await repo.findServer(id))) throw serverNotFound();
      if ((await repo.countOpenRooms(id)) > 0) {
        throw new AppError(
          409,
          'IN_USE',
          'Sessions have open rooms on this server; pause it and wait for them to end.',
        );
      }
      await repo.deleteServer(id);
    },

    /** The room server this process was configured with (the one `npm start` runs, or ROOM_SERVER_URL) is
     *  registered at start, so sessions have a server without any administration. */
    async registerLocalServer(local: { url: string; secret: string; capacity: number }): Promise<Server> {
      const at = now();
      const region = await repo.ensureRegion(DEFAULT_REGION, at);
      const row = await repo.upsertServerByUrl(
        {
          name: LOCAL_SERVER_NAME,
          regionId: region.id,
          provider: 'self-hosted',
          url: normalizeControlUrl(local.url),
          secret: local.secret,
          capacity: local.capacity,
          status: 'started',
        },
        at,
      );
      log.info({ serverId: row.id, url: row.url, status: row.status }, 'local room server registered');
      return loaded(row.id);
    },
  };
}

/** PostgreSQL's foreign_key_violation, through drizzle's wrapping. */
function foreignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const candidate = e as { code?: unknown; cause?: unknown };
    if (candidate.code === '23503') return true;
    e = candidate.cause;
  }
  return false;
}

export type ServersService = ReturnType<typeof createServersService>;

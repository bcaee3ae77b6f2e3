import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { AllocatedRoom, RoomAllocator } from '../../platform/room-allocator.ts';
import { createRoomClient } from '../../platform/room-client.ts';
import type { ServerRow } from '../../platform/schema.ts';
import { longitudeOfTimeZone, rankServers } from './servers.policy.ts';
import { createServersRepository } from './servers.repository.ts';
import type { ConnectRoomServer } from './servers.service.ts';

/** Long enough for the join that asked for a room to take its slot in it; after that the player's row counts. */
const HOLD_TTL_MS = 30_000;

/** The slot of the first player of a room being opened, held by this process until that player's join admits it. */
interface Hold {
  serverId: string;
  /** The room server's id of the room once it answered; null while POST /rooms is in flight. */
  remoteId: string | null;
  expiresAt: number;
}

const unavailable = () =>
  new AppError(503, 'ROOM_SERVER_UNAVAILABLE', 'No room server can take this session now; try again in a moment.');
const serverFull = () =>
  new AppError(503, 'ROOM_SERVER_UNAVAILABLE', 'The room server of this session is full; try again in a moment.');

/**
 * Opens rehearsal rooms on the registered room servers. A server's load is the players present in its open rooms
 * (session_players), not the rooms' maxPlayers: an open rehearsal takes slots as musicians join, so a few idle
 * sessions no longer fill a server (docs/decisions/0015). Two parts:
 * - allocate() picks a server with a free slot for the join that asked for the room, and holds that slot in this
 *   process from then until the join admits it (or HOLD_TTL_MS), so racing allocations cannot all count one place;
 * - admit(), in the join's transaction before the player's row is inserted, locks the server's row and refuses the
 *   join when the players present (and slots this process holds for other rooms) reach its capacity. The lock makes
 *   that check hold across instances; only allocate's choice may be briefly optimistic on another instance.
 */
export function createRoomAllocator(deps: {
  db: Db;
  log: FastifyBaseLogger;
  now: () => Date;
  /** How to reach a room server (tests may stand one in). */
  connect?: ConnectRoomServer;
}): RoomAllocator {
  const repo = createServersRepository(deps.db);
  const connect = deps.connect ?? createRoomClient;
  const { log } = deps;
  const holds = new Set<Hold>();

  const held = (serverId: string, exceptRemoteId?: string): number => {
    let slots = 0;
    for (const h of holds) if (h.serverId === serverId && h.remoteId !== exceptRemoteId) slots += 1;
    return slots;
  };
  const dropExpired = (): void => {
    const at = deps.now().getTime();
    for (const h of holds) if (h.expiresAt <= at) holds.delete(h);
  };

  const markHealth = async (server: ServerRow, ok: boolean): Promise<void> => {
    if (server.lastHealthOk === ok) return;
    await repo.recordHealth(server.id, ok, deps.now()).catch((err: unknown) => {
      log.warn({ err, serverId: server.id }, 'room server health not recorded');
    });
  };

  return {
    async allocate({ maxPlayers, timeZone, city = null }): Promise<AllocatedRoom> {
      const at = deps.now();
      dropExpired();
      const candidates = (await repo.candidates()).map((c) => ({
        server: c.server,
        stored: c.load,
        id: c.server.id,
        regionCode: c.region.code,
        regionLongitude: c.region.longitude,
        regionLatitude: c.region.latitude,
        load: c.load + held(c.server.id),
        lastHealthOk: c.server.lastHealthOk,
      }));
      const ranked = rankServers(candidates, longitudeOfTimeZone(timeZone, at), city);
      for (const { server, stored } of ranked) {
        // Holds are read again at each try: allocations that ran while this one awaited took their share. One
        // slot is needed, the first player's; the room itself is made for maxPlayers (SESSION_FULL beyond).
        if (stored + held(server.id) + 1 > server.capacity) continue;
        const hold: Hold = { serverId: server.id, remoteId: null, expiresAt: deps.now().getTime() + HOLD_TTL_MS };
        holds.add(hold);
        try {
          const room = await connect(server.url, server.secret).createRehearsalRoom(maxPlayers);
          hold.remoteId = room.id;
          hold.expiresAt = deps.now().getTime() + HOLD_TTL_MS;
          await markHealth(server, true);
          return { serverId: server.id, remoteId: room.id, ip: room.ip, port: room.port };
        } catch (err) {
          holds.delete(hold);
          log.warn({ err, serverId: server.id, url: server.url }, 'room server refused a room: trying the next one');
          await markHealth(server, false);
        }
      }
      log.warn({ maxPlayers, candidates: ranked.length }, 'no room server could open a room');
      throw unavailable();
    },

    async admit(tx, { serverId, remoteId }): Promise<void> {
      dropExpired();
      // A room whose server was removed has nothing to count (and cannot take anyone new anyway: its audio is gone).
      if (serverId === null) return;
      const server = await repo.lockLoad(tx, serverId);
      if (!server) return;
      // This room's own hold is the slot this join takes: counted once, as the player's row from now on.
      if (server.load + held(serverId, remoteId) + 1 > server.capacity) {
        log.warn({ serverId, load: server.load, capacity: server.capacity }, 'join refused: room server full');
        throw serverFull();
      }
      for (const h of holds) if (h.remoteId === remoteId) holds.delete(h);
    },

    async release({ serverId, remoteId }): Promise<void> {
      for (const h of holds) if (h.remoteId === remoteId) holds.delete(h);
      if (serverId === null) return;
      try {
        const address = await repo.serverAddress(serverId);
        if (!address) return;
        await connect(address.url, address.secret).closeRoom(remoteId);
      } catch (err) {
        // A room server that is down or restarted has lost the room anyway: the session is over regardless.
        log.warn({ err, serverId, remoteId }, 'room not closed on its server');
      }
    },

    async dropPlayer({ serverId, remoteId }, slot, revocation): Promise<void> {
      if (serverId === null) return;
      try {
        const address = await repo.serverAddress(serverId);
        if (address) await connect(address.url, address.secret).removePlayer(remoteId, slot, revocation);
      } catch (err) {
        // The room server also drops players after a few seconds of silence: a missed call only delays that.
        log.warn({ err, serverId, remoteId, slot }, 'player not removed from its room');
      }
    },

    async ticket({ serverId, remoteId }, { slot, accountId, issuedAt }): Promise<string> {
      const address = serverId === null ? null : await repo.serverAddress(serverId);
      if (!address) throw unavailable();
      return connect(address.url, address.secret).ticket({ roomId: remoteId, slot, accountId, issuedAt });
    },
  };
}

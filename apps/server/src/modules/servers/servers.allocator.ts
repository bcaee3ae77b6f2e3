import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { AllocatedRoom, RoomAllocator } from '../../platform/room-allocator.ts';
import { createRoomClient } from '../../platform/room-client.ts';
import type { ServerRow } from '../../platform/schema.ts';
import { longitudeOfTimeZone, rankServers } from './servers.policy.ts';
import { createServersRepository } from './servers.repository.ts';
import type { ConnectRoomServer } from './servers.service.ts';

/** Long enough for the caller to record the room; after that its row in the database counts instead. */
const RESERVATION_TTL_MS = 60_000;

interface Reservation {
  serverId: string;
  slots: number;
  /** The room server's id of the room once it answered; null while POST /rooms is in flight. */
  remoteId: string | null;
  expiresAt: number;
}

const unavailable = () =>
  new AppError(503, 'ROOM_SERVER_UNAVAILABLE', 'No room server can take this session now; try again in a moment.');

/**
 * Opens rehearsal rooms on the registered room servers. A server's load comes from the open rooms in the database,
 * but the sessions module inserts a room's row only after allocate() returns: so this process holds each room's
 * slots itself for a minute (counting them instead of their row, never both), and two allocations at once cannot
 * both take a server's last places. Two API instances allocating at the same instant may still overfill a server
 * by one room: its capacity is a planning figure, the room server takes more.
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
  const reservations = new Set<Reservation>();

  const held = (serverId: string): number => {
    let slots = 0;
    for (const r of reservations) if (r.serverId === serverId) slots += r.slots;
    return slots;
  };

  const markHealth = async (server: ServerRow, ok: boolean): Promise<void> => {
    if (server.lastHealthOk === ok) return;
    await repo.recordHealth(server.id, ok, deps.now()).catch((err: unknown) => {
      log.warn({ err, serverId: server.id }, 'room server health not recorded');
    });
  };

  return {
    async allocate({ maxPlayers, timeZone }): Promise<AllocatedRoom> {
      const at = deps.now();
      for (const r of reservations) if (r.expiresAt <= at.getTime()) reservations.delete(r);
      const except = [...reservations].flatMap((r) => (r.remoteId === null ? [] : [r.remoteId]));
      const candidates = (await repo.candidates(except)).map((c) => ({
        server: c.server,
        stored: c.load,
        id: c.server.id,
        regionCode: c.region.code,
        regionLongitude: c.region.longitude,
        load: c.load + held(c.server.id),
        lastHealthOk: c.server.lastHealthOk,
      }));
      const ranked = rankServers(candidates, longitudeOfTimeZone(timeZone, at));
      for (const { server, stored } of ranked) {
        // Reservations are read again at each try: allocations that ran while this one awaited took their share.
        if (stored + held(server.id) + maxPlayers > server.capacity) continue;
        const reservation: Reservation = {
          serverId: server.id,
          slots: maxPlayers,
          remoteId: null,
          expiresAt: deps.now().getTime() + RESERVATION_TTL_MS,
        };
        reservations.add(reservation);
        try {
          const room = await connect(server.url, server.secret).createRehearsalRoom(maxPlayers);
          reservation.remoteId = room.id;
          reservation.expiresAt = deps.now().getTime() + RESERVATION_TTL_MS;
          await markHealth(server, true);
          return { serverId: server.id, remoteId: room.id, ip: room.ip, port: room.port };
        } catch (err) {
          reservations.delete(reservation);
          log.warn({ err, serverId: server.id, url: server.url }, 'room server refused a room: trying the next one');
          await markHealth(server, false);
        }
      }
      log.warn({ maxPlayers, candidates: ranked.length }, 'no room server could open a room');
      throw unavailable();
    },

    async release({ serverId, remoteId }): Promise<void> {
      for (const r of reservations) if (r.remoteId === remoteId) reservations.delete(r);
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

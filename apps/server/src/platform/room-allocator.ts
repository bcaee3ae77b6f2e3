import type { Coordinates } from '@tutti/contract/places';
import type { Db } from './db.ts';
import type { Revocation } from './room-client.ts';

/**
 * Where a session gets its room: a started, healthy room server of the region nearest the organizer, within its
 * capacity (implemented by modules/servers). Sessions only see this interface.
 */
export interface AllocatedRoom {
  serverId: string;
  /** The room server's id of the room (in the tickets of `ticket`, the `charge` of the audio client's `connect`). */
  remoteId: string;
  ip: string;
  port: number;
}

export interface RoomAllocator {
  /** Opens a rehearsal room for up to maxPlayers on a server with a free slot for the first player (the others take
   *  theirs as they join, through admit). timeZone (IANA, the organizer's browser) says roughly where the organizer
   *  is; null: the default region first. `city`, the organizer's city when known, wins over the time zone: the
   *  region nearest it by great circle. Throws AppError 503 ROOM_SERVER_UNAVAILABLE when no server can. */
  allocate(request: { maxPlayers: number; timeZone: string | null; city?: Coordinates | null }): Promise<AllocatedRoom>;
  /** In the join's transaction, before the player's row: takes a slot of the room's server for a new player, or
   *  throws AppError 503 ROOM_SERVER_UNAVAILABLE when its players present reach its capacity. Holds the server's
   *  row until the transaction ends, so concurrent joins on one server take turns. */
  admit(tx: Db, room: { serverId: string | null; remoteId: string }): Promise<void>;
  /** Closes the room on its server. Never throws: a server that is down or restarted has lost the room anyway. */
  release(room: { serverId: string | null; remoteId: string }): Promise<void>;
  /** Drops one player from a room that goes on (they quit or went silent), revoking that account's tickets for the
   *  slot issued until `revocation.through`. Never throws, like release. */
  dropPlayer(room: { serverId: string | null; remoteId: string }, slot: number, revocation?: Revocation): Promise<void>;
  /** The room ticket of a slot, signed with its room server's secret. Throws AppError 503 ROOM_SERVER_UNAVAILABLE
   *  when that server is no longer registered. */
  ticket(
    room: { serverId: string | null; remoteId: string },
    claims: { slot: number; accountId: string; issuedAt: Date },
  ): Promise<string>;
}

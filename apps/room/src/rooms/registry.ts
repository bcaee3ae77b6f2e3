import { randomBytes } from 'node:crypto';
import {
  ROOM_DEFAULT_REHEARSAL_CAPACITY,
  ROOM_IDLE_MS,
  ROOM_PLAYER_SILENCE_MS,
  ROOM_TICKET_TTL_MS,
  type RoomKind,
} from '@tutti/contract/room';
import { EchoRoom } from './echo-room.ts';
import { RehearsalRoom } from './rehearsal-room.ts';
import { endpointId, type Endpoint } from '../endpoint.ts';
import type { Bindings, Room, RoomPlayer } from './room.ts';

export interface SweepResult {
  droppedPlayers: { room: string; slot: number }[];
  closedRooms: string[];
}

export interface RegistryOptions {
  now: () => number;
  silenceMs?: number;
  idleMs?: number;
}

export type KindCounts = Partial<Record<RoomKind, { rooms: number; players: number }>>;

type RoomFactory = (id: string, now: number, bindings: Bindings, capacity: number | undefined) => Room;
const ROOM_FACTORIES: Record<RoomKind, RoomFactory> = {
  echo: (id, now, bindings) => new EchoRoom(id, now, bindings),
  rehearsal: (id, now, bindings, capacity) =>
    new RehearsalRoom(id, now, bindings, capacity ?? ROOM_DEFAULT_REHEARSAL_CAPACITY),
};

/**
 * Every room of this process, and the player each endpoint stands for: one map from address to player, which the
 * audio path reads once per datagram (binary audio names no room: its address and key say who and where). An address
 * is one player on the whole server: a join from an address bound in another room moves it there (audio clients open
 * one socket per room link).
 */
export class RoomRegistry implements Bindings {
  private readonly rooms = new Map<string, Room>();
  private readonly byAddress = new Map<number, RoomPlayer>();
  private readonly silenceMs: number;
  private readonly idleMs: number;

  constructor(private readonly options: RegistryOptions) {
    this.silenceMs = options.silenceMs ?? ROOM_PLAYER_SILENCE_MS;
    this.idleMs = options.idleMs ?? ROOM_IDLE_MS;
  }

  now(): number {
    return this.options.now();
  }

  /** `capacity` only applies to rehearsal rooms: an echo room always takes one player. */
  create(kind: RoomKind, capacity?: number): Room {
    // 96 random bits: tickets let clients in, but an id nobody can guess keeps rooms from being probed.
    const id = randomBytes(12).toString('hex');
    const room = ROOM_FACTORIES[kind](id, this.now(), this, capacity);
    this.rooms.set(id, room);
    return room;
  }

  get(id: string): Room | undefined {
    return this.rooms.get(id);
  }

  close(id: string): Room | undefined {
    const room = this.rooms.get(id);
    if (room) {
      this.rooms.delete(id);
      room.clear(this.now());
    }
    return room;
  }

  closeAll(): Room[] {
    const all = [...this.rooms.values()];
    for (const room of all) this.close(room.id);
    return all;
  }

  /** The player bound to this address, in whichever room: one map lookup, no string built. */
  playerAt(address: string, port: number): RoomPlayer | undefined {
    return this.byAddress.get(endpointId(address, port));
  }

  /** Marks the player at this endpoint as alive (any datagram counts, pings included). */
  touch(endpoint: Endpoint): void {
    const player = this.playerAt(endpoint.address, endpoint.port);
    if (player) player.lastSeen = this.now();
  }

  bind(player: RoomPlayer): void {
    const previous = this.byAddress.get(player.id);
    // The address moved to another room (or slot): it stops being a player where it was.
    if (previous && previous !== player) previous.room.remove(previous.slot, this.now());
    this.byAddress.set(player.id, player);
  }

  unbind(player: RoomPlayer): void {
    if (this.byAddress.get(player.id) === player) this.byAddress.delete(player.id);
  }

  /** Players bound, all rooms together (the map the audio path reads). */
  get boundAddresses(): number {
    return this.byAddress.size;
  }

  /** Drops players silent for longer than the silence limit, then closes rooms empty for longer than the idle limit. */
  sweep(): SweepResult {
    const now = this.now();
    const result: SweepResult = { droppedPlayers: [], closedRooms: [] };
    for (const room of this.rooms.values()) {
      room.pruneRevocations(now - ROOM_TICKET_TTL_MS);
      for (const p of room.players()) {
        if (now - p.lastSeen > this.silenceMs) {
          room.remove(p.slot, now);
          result.droppedPlayers.push({ room: room.id, slot: p.slot });
        }
      }
      if (room.emptySince !== null && now - room.emptySince > this.idleMs) {
        this.close(room.id);
        result.closedRooms.push(room.id);
      }
    }
    return result;
  }

  stats(): { rooms: number; players: number; byKind: KindCounts } {
    let players = 0;
    const byKind: KindCounts = {};
    for (const room of this.rooms.values()) {
      const count = room.players().length;
      players += count;
      const kind = (byKind[room.kind] ??= { rooms: 0, players: 0 });
      kind.rooms++;
      kind.players += count;
    }
    return { rooms: this.rooms.size, players, byKind };
  }
}

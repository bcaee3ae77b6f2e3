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
import { endpointKey, type Endpoint, type Room } from './room.ts';

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

const ROOM_FACTORIES: Record<RoomKind, (id: string, now: number, capacity: number | undefined) => Room> = {
  echo: (id, now) => new EchoRoom(id, now),
  rehearsal: (id, now, capacity) => new RehearsalRoom(id, now, capacity ?? ROOM_DEFAULT_REHEARSAL_CAPACITY),
};

/** Every room of this process, and the player each endpoint stands for (pings carry no room). */
export class RoomRegistry {
  private readonly rooms = new Map<string, Room>();
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
    const room = ROOM_FACTORIES[kind](id, this.now(), capacity);
    this.rooms.set(id, room);
    return room;
  }

  get(id: string): Room | undefined {
    return this.rooms.get(id);
  }

  close(id: string): Room | undefined {
    const room = this.rooms.get(id);
    if (room) this.rooms.delete(id);
    return room;
  }

  closeAll(): Room[] {
    const all = [...this.rooms.values()];
    this.rooms.clear();
    return all;
  }

  /** Marks every player at this endpoint as alive (any datagram counts, pings included). */
  touch(endpoint: Endpoint): void {
    const key = endpointKey(endpoint);
    const now = this.now();
    for (const room of this.rooms.values()) {
      for (const p of room.players()) if (endpointKey(p) === key) p.lastSeen = now;
    }
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
        this.rooms.delete(room.id);
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

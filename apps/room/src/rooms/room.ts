import type { RoomAudio, RoomJoin, RoomKind, RoomRefused, RoomServerDatagram } from '@tutti/contract/room';

/** Where a player's datagrams come from and where the room sends its own. */
export interface Endpoint {
  readonly address: string;
  readonly port: number;
}

export const endpointKey = (e: Endpoint): string => `${e.address}:${e.port}`;

export interface RoomPlayer extends Endpoint {
  readonly slot: number;
  readonly charge: string | undefined;
  /** Clock time of the last datagram from this player; the registry drops silent players. */
  lastSeen: number;
}

export interface Delivery {
  readonly to: Endpoint;
  readonly datagram: RoomServerDatagram;
}

export type AdmitResult =
  { ok: true; player: RoomPlayer; replaced: RoomPlayer[] } | { ok: false; reason: RoomRefused['reason'] };

/**
 * A room: who is in it and where each audio packet goes. The UDP layer and the registry only use this interface, so a
 * rehearsal room (several players, each packet forwarded to the others) is one more implementation of `route`.
 */
export interface Room {
  readonly id: string;
  readonly kind: RoomKind;
  readonly createdAt: number;
  /** Clock time since which the room has had no player (its creation time until someone joins); null when occupied. */
  readonly emptySince: number | null;
  players(): RoomPlayer[];
  playerAt(endpoint: Endpoint): RoomPlayer | undefined;
  admit(join: RoomJoin, from: Endpoint, now: number): AdmitResult;
  remove(slot: number, now: number): RoomPlayer | undefined;
  route(from: RoomPlayer, audio: RoomAudio): Delivery[];
}

/** Slot bookkeeping shared by every kind of room; subclasses decide capacity, replacement and routing. */
export abstract class BaseRoom implements Room {
  abstract readonly kind: RoomKind;
  protected abstract readonly capacity: number;
  private readonly bySlot = new Map<number, RoomPlayer>();
  private emptySinceAt: number | null;

  constructor(
    readonly id: string,
    readonly createdAt: number,
  ) {
    this.emptySinceAt = createdAt;
  }

  get emptySince(): number | null {
    return this.emptySinceAt;
  }

  players(): RoomPlayer[] {
    return [...this.bySlot.values()];
  }

  playerAt(endpoint: Endpoint): RoomPlayer | undefined {
    const key = endpointKey(endpoint);
    return this.players().find((p) => endpointKey(p) === key);
  }

  admit(join: RoomJoin, from: Endpoint, now: number): AdmitResult {
    const holder = this.bySlot.get(join.player);
    // A repeated join (UDP may lose the `joined` answer) refreshes the player instead of refusing it.
    if (holder && endpointKey(holder) === endpointKey(from)) {
      holder.lastSeen = now;
      return { ok: true, player: holder, replaced: [] };
    }
    const replaced = this.playersReplacedBy(join, from);
    for (const p of replaced) this.bySlot.delete(p.slot);
    if (this.bySlot.has(join.player)) return { ok: false, reason: 'SLOT_TAKEN' };
    if (this.playerAt(from)) return { ok: false, reason: 'SLOT_TAKEN' };
    if (this.bySlot.size >= this.capacity) return { ok: false, reason: 'ROOM_FULL' };
    const player: RoomPlayer = {
      address: from.address,
      port: from.port,
      slot: join.player,
      charge: join.charge,
      lastSeen: now,
    };
    this.bySlot.set(join.player, player);
    this.emptySinceAt = null;
    return { ok: true, player, replaced };
  }

  remove(slot: number, now: number): RoomPlayer | undefined {
    const player = this.bySlot.get(slot);
    if (!player) return undefined;
    this.bySlot.delete(slot);
    if (this.bySlot.size === 0) this.emptySinceAt = now;
    return player;
  }

  /** Players a new join pushes out before the slot and capacity checks; none by default. */
  protected playersReplacedBy(_join: RoomJoin, _from: Endpoint): RoomPlayer[] {
    return [];
  }

  abstract route(from: RoomPlayer, audio: RoomAudio): Delivery[];
}

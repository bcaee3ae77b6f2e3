import { randomBytes } from 'node:crypto';
import type { RoomAudio, RoomKind, RoomRefused, RoomServerDatagram } from '@tutti/contract/room';

/** Where a player's datagrams come from and where the room sends its own. */
export interface Endpoint {
  readonly address: string;
  readonly port: number;
}

export const endpointKey = (e: Endpoint): string => `${e.address}:${e.port}`;

/** What a checked ticket admits: a slot, for an account, as of the ticket's issue time (the API's clock). */
export interface Admission {
  readonly slot: number;
  readonly account: string;
  readonly issuedAt: number;
}

export interface RoomPlayer extends Endpoint, Admission {
  /** Sent in `joined` to this address only; its audio and leaves must carry it (a forged source address cannot). */
  readonly key: string;
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
  /** Binds the slot to an endpoint that proved it receives there, with a ticket already checked. */
  admit(admission: Admission, from: Endpoint, now: number): AdmitResult;
  remove(slot: number, now: number): RoomPlayer | undefined;
  /** The API dropped `account` from `slot` at `through`: refuses its tickets issued until then, unbinds it if it holds
   *  the slot. Without account: whoever holds the slot, as of their ticket. Returns the player unbound, if any. */
  revoke(slot: number, now: number, account?: string, through?: number): RoomPlayer | undefined;
  isRevoked(admission: Admission): boolean;
  /** Forgets revocations of tickets that have expired anyway (issued before `issuedBefore`). */
  pruneRevocations(issuedBefore: number): void;
  route(from: RoomPlayer, audio: RoomAudio): Delivery[];
}

/** Slot bookkeeping shared by every kind of room; subclasses decide capacity and routing. */
export abstract class BaseRoom implements Room {
  abstract readonly kind: RoomKind;
  protected abstract readonly capacity: number;
  private readonly bySlot = new Map<number, RoomPlayer>();
  /** `${slot}:${account}` -> latest ticket issue time refused for it. One entry per slot and account at most. */
  private readonly revoked = new Map<string, number>();
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

  admit(admission: Admission, from: Endpoint, now: number): AdmitResult {
    const holder = this.bySlot.get(admission.slot);
    // A repeated join (UDP may lose the `joined` answer) refreshes the player instead of refusing it.
    if (holder && endpointKey(holder) === endpointKey(from) && holder.account === admission.account) {
      holder.lastSeen = now;
      return { ok: true, player: holder, replaced: [] };
    }
    // One endpoint, one slot: a socket cannot collect slots, whatever tickets it holds.
    const elsewhere = this.playerAt(from);
    if (elsewhere && elsewhere.slot !== admission.slot) return { ok: false, reason: 'SLOT_TAKEN' };
    const replaced: RoomPlayer[] = [];
    if (holder) {
      // The same musician from a new address (their audio client restarted), or a newer ticket: the API gave the slot
      // to someone else since, and its drop of the previous holder has not arrived (or got lost).
      const rebind = holder.account === admission.account || admission.issuedAt > holder.issuedAt;
      if (!rebind) return { ok: false, reason: 'SLOT_TAKEN' };
      this.bySlot.delete(holder.slot);
      replaced.push(holder);
    }
    if (this.bySlot.size >= this.capacity) return { ok: false, reason: 'ROOM_FULL' };
    const player: RoomPlayer = {
      address: from.address,
      port: from.port,
      slot: admission.slot,
      account: admission.account,
      issuedAt: admission.issuedAt,
      key: randomBytes(12).toString('base64url'),
      lastSeen: now,
    };
    this.bySlot.set(admission.slot, player);
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

  revoke(slot: number, now: number, account?: string, through?: number): RoomPlayer | undefined {
    const holder = this.bySlot.get(slot);
    const who = account ?? holder?.account;
    if (who === undefined) return undefined;
    const upTo = through ?? (holder?.account === who ? holder.issuedAt : 0);
    const key = `${slot}:${who}`;
    this.revoked.set(key, Math.max(this.revoked.get(key) ?? 0, upTo));
    // A newer ticket of someone else may hold the slot already: that one stays.
    return holder && this.isRevoked(holder) ? this.remove(slot, now) : undefined;
  }

  isRevoked(admission: Admission): boolean {
    const through = this.revoked.get(`${admission.slot}:${admission.account}`);
    return through !== undefined && admission.issuedAt <= through;
  }

  pruneRevocations(issuedBefore: number): void {
    for (const [key, through] of this.revoked) if (through < issuedBefore) this.revoked.delete(key);
  }

  abstract route(from: RoomPlayer, audio: RoomAudio): Delivery[];
}

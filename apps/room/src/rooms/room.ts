import { randomBytes } from 'node:crypto';
import { ROOM_AUDIO_KEY_BYTES, type RoomKind, type RoomRefused } from '@tutti/contract/room';
import { endpointId, type Endpoint } from '../endpoint.ts';

export type { Endpoint } from '../endpoint.ts';

/** What a checked ticket admits: a slot, for an account, as of the ticket's issue time (the API's clock). */
export interface Admission {
  readonly slot: number;
  readonly account: string;
  readonly issuedAt: number;
}

export interface RoomPlayer extends Endpoint, Admission {
  /** `endpointId` of its address: the registry's key for it. */
  readonly id: number;
  readonly room: Room;
  /** Sent in `joined` (base64url) to this address only; its audio and leaves must carry it (a forged source address
   *  cannot). The audio path compares its two 32-bit halves. */
  readonly key: string;
  readonly keyHigh: number;
  readonly keyLow: number;
  /** Clock time of the last datagram from this player; the registry drops silent players. */
  lastSeen: number;
  /** Where its audio goes, kept by the room as players come and go, so forwarding builds nothing per packet. */
  recipients: readonly RoomPlayer[];
}

export type AdmitResult =
  { ok: true; player: RoomPlayer; replaced: RoomPlayer[] } | { ok: false; reason: RoomRefused['reason'] };

/** The registry's index of players by address: a room tells it whenever a slot is bound or unbound. */
export interface Bindings {
  bind(player: RoomPlayer): void;
  unbind(player: RoomPlayer): void;
}

/**
 * A room: who is in it and where each audio packet goes. The UDP layer and the registry only use this interface, so a
 * rehearsal room (several players, each packet forwarded to the others) is one more implementation of `recipientsOf`.
 */
export interface Room {
  readonly id: string;
  readonly kind: RoomKind;
  readonly createdAt: number;
  /** Clock time since which the room has had no player (its creation time until someone joins); null when occupied. */
  readonly emptySince: number | null;
  players(): readonly RoomPlayer[];
  playerAt(endpoint: Endpoint): RoomPlayer | undefined;
  /** Binds the slot to an endpoint that proved it receives there, with a ticket already checked. */
  admit(admission: Admission, from: Endpoint, now: number): AdmitResult;
  remove(slot: number, now: number): RoomPlayer | undefined;
  /** Unbinds every player (the room is closed). */
  clear(now: number): void;
  /** The API dropped `account` from `slot` at `through`: refuses its tickets issued until then, unbinds it if it holds
   *  the slot. Without account: whoever holds the slot, as of their ticket. Returns the player unbound, if any. */
  revoke(slot: number, now: number, account?: string, through?: number): RoomPlayer | undefined;
  isRevoked(admission: Admission): boolean;
  /** Forgets revocations of tickets that have expired anyway (issued before `issuedBefore`). */
  pruneRevocations(issuedBefore: number): void;
}

/** Slot bookkeeping shared by every kind of room; subclasses decide capacity and routing. */
export abstract class BaseRoom implements Room {
  abstract readonly kind: RoomKind;
  protected abstract readonly capacity: number;
  private readonly bySlot = new Map<number, RoomPlayer>();
  private members: RoomPlayer[] = [];
  /** `${slot}:${account}` -> latest ticket issue time refused for it. One entry per slot and account at most. */
  private readonly revoked = new Map<string, number>();
  private emptySinceAt: number | null;

  constructor(
    readonly id: string,
    readonly createdAt: number,
    private readonly bindings: Bindings,
  ) {
    this.emptySinceAt = createdAt;
  }

  get emptySince(): number | null {
    return this.emptySinceAt;
  }

  players(): readonly RoomPlayer[] {
    return this.members;
  }

  playerAt(endpoint: Endpoint): RoomPlayer | undefined {
    const id = endpointId(endpoint.address, endpoint.port);
    return this.members.find((p) => p.id === id);
  }

  admit(admission: Admission, from: Endpoint, now: number): AdmitResult {
    const holder = this.bySlot.get(admission.slot);
    const id = endpointId(from.address, from.port);
    // A repeated join (UDP may lose the `joined` answer) refreshes the player instead of refusing it.
    if (holder && holder.id === id && holder.account === admission.account) {
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
      this.unbind(holder, now);
      replaced.push(holder);
    }
    if (this.bySlot.size >= this.capacity) return { ok: false, reason: 'ROOM_FULL' };
    const key = randomBytes(ROOM_AUDIO_KEY_BYTES);
    const player: RoomPlayer = {
      id,
      room: this,
      address: from.address,
      port: from.port,
      slot: admission.slot,
      account: admission.account,
      issuedAt: admission.issuedAt,
      key: key.toString('base64url'),
      keyHigh: key.readUInt32BE(0),
      keyLow: key.readUInt32BE(4),
      lastSeen: now,
      recipients: [],
    };
    this.bySlot.set(admission.slot, player);
    this.emptySinceAt = null;
    this.changed();
    this.bindings.bind(player);
    return { ok: true, player, replaced };
  }

  remove(slot: number, now: number): RoomPlayer | undefined {
    const player = this.bySlot.get(slot);
    if (player) this.unbind(player, now);
    return player;
  }

  clear(now: number): void {
    for (const p of this.members) this.unbind(p, now);
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

  /** Where `player`'s audio goes among `members` (the room's players, `player` included). */
  protected abstract recipientsOf(player: RoomPlayer, members: readonly RoomPlayer[]): RoomPlayer[];

  private unbind(player: RoomPlayer, now: number): void {
    if (this.bySlot.get(player.slot) !== player) return;
    this.bySlot.delete(player.slot);
    if (this.bySlot.size === 0) this.emptySinceAt = now;
    this.changed();
    player.recipients = [];
    this.bindings.unbind(player);
  }

  private changed(): void {
    this.members = [...this.bySlot.values()];
    for (const p of this.members) p.recipients = this.recipientsOf(p, this.members);
  }
}

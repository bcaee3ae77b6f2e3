import { z } from 'zod';

/**
 * The room server (apps/room): UDP datagrams between audio clients and a room, and the HTTP control calls the API
 * server makes. Every datagram is one JSON object with a `t` (type) field. All rooms of a process share its UDP port;
 * a datagram names its room. The audio client gets a room ticket as the `charge` of the `connect` action: it reads the
 * room id from it (`parseRoomTicket`) and presents the whole ticket in its join (docs/decisions/0011).
 */

/** Header carrying the shared secret on control calls (every HTTP call but GET /health). */
export const ROOM_SECRET_HEADER = 'x-room-secret';
/** A player who sends nothing (audio, ping) for this long is dropped from its room. */
export const ROOM_PLAYER_SILENCE_MS = 10_000;
/** A room nobody has been in for this long is closed, so rooms whose owner never closed them do not pile up. */
export const ROOM_IDLE_MS = 10 * 60_000;
/** Largest datagram the server reads; anything bigger is ignored. */
export const ROOM_MAX_DATAGRAM_BYTES = 16 * 1024;
/** Largest base64 audio frame accepted in an `audio` datagram. */
export const ROOM_MAX_FRAME_CHARS = 12 * 1024;

const RoomId = z.string().min(1).max(64);
const Player = z.number().int().min(0).max(15);
/** Return-routability cookie: the server sends it to the address a join came from; only a client that receives there
 *  can put it in its next join. */
const Cookie = z.string().min(1).max(64);

// Room tickets. The API signs one per join (room, slot, account, times) with the room server's secret; the room server
// admits a join only with a valid one. The signing and checking live in apps/room/src/ticket.ts (node:crypto); this is
// the layout every side shares, readable without the secret: `t1.<room>.<slot>.<account>.<issuedAt>.<expiresAt>.<mac>`
// (times in epoch milliseconds of the API's clock, mac = base64url HMAC-SHA256 of everything before it).

/** Longest life of a ticket: the API issues them for this long, the room server refuses any that claims longer. */
export const ROOM_TICKET_TTL_MS = 6 * 3600_000;

export interface RoomTicketClaims {
  room: string;
  slot: number;
  /** The account the API gave the slot to. */
  account: string;
  issuedAt: number;
  expiresAt: number;
}

const TICKET_VERSION = 't1';
const TICKET_PATTERN =
  /^t1\.([A-Za-z0-9_-]{1,64})\.(\d{1,2})\.([A-Za-z0-9-]{1,64})\.(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/** The canonical text a ticket's mac covers: one encoding for given claims, so no two texts verify for them. */
export const roomTicketPayload = (c: RoomTicketClaims): string =>
  [TICKET_VERSION, c.room, c.slot, c.account, c.issuedAt, c.expiresAt].join('.');

/** A ticket's claims and mac, unverified (the client reads its room id here); null when it is not a ticket. */
export function parseRoomTicket(ticket: string): { claims: RoomTicketClaims; payload: string; mac: string } | null {
  const m = TICKET_PATTERN.exec(ticket);
  if (!m) return null;
  const [, room = '', slot = '', account = '', issuedAt = '', expiresAt = '', mac = ''] = m;
  const claims = { room, slot: Number(slot), account, issuedAt: Number(issuedAt), expiresAt: Number(expiresAt) };
  const payload = roomTicketPayload(claims);
  // Leading zeros and out-of-range slots would give a second spelling of the same claims.
  if (claims.slot > 15 || `${payload}.${mac}` !== ticket) return null;
  return { claims, payload, mac };
}

// Client -> server.
/** Without `cookie`, a valid ticket is answered with a `challenge` to the sender's address; the same join with that
 *  cookie admits the sender. */
export const RoomJoinSchema = z.object({
  t: z.literal('join'),
  room: RoomId,
  player: Player,
  /** The room ticket (`connect`'s charge). */
  charge: z.string().max(256).optional(),
  cookie: Cookie.optional(),
});
/** Answered for anyone, joined or not, so a client can measure its round trip before and while it is in a room. */
export const RoomPingSchema = z.object({ t: z.literal('ping'), id: z.number().int().min(0), sentAt: z.number() });
/** The binding key of `joined`: sent to the admitted address only, so a datagram forged with that address (by
 *  someone who cannot receive there) lacks it. */
const BindingKey = z.string().min(1).max(32);
export const RoomAudioSchema = z.object({
  t: z.literal('audio'),
  room: RoomId,
  player: Player,
  seq: z.number().int().min(0),
  /** Base64 PCM, 16-bit little-endian. */
  frame: z.string().max(ROOM_MAX_FRAME_CHARS),
  /** The sender's binding key; the server removes it before forwarding. */
  key: BindingKey.optional(),
});
export const RoomLeaveSchema = z.object({
  t: z.literal('leave'),
  room: RoomId,
  player: Player,
  key: BindingKey.optional(),
});

// Server -> client.
export const RoomJoinedSchema = z.object({
  t: z.literal('joined'),
  room: RoomId,
  player: Player,
  key: BindingKey.optional(),
});
/** Asks the sender to prove it receives at its address: it joins again with this cookie. Never larger than the join. */
export const RoomChallengeSchema = z.object({
  t: z.literal('challenge'),
  room: RoomId,
  player: Player,
  cookie: Cookie,
});
/** BAD_TICKET: missing, forged, or for another room or slot; TICKET_REVOKED: the API dropped that slot since. */
export const ROOM_REFUSAL_REASONS = [
  'UNKNOWN_ROOM',
  'ROOM_FULL',
  'SLOT_TAKEN',
  'NOT_JOINED',
  'BAD_TICKET',
  'TICKET_EXPIRED',
  'TICKET_REVOKED',
] as const;
export const RoomRefusedSchema = z.object({
  t: z.literal('refused'),
  room: z.string().optional(),
  reason: z.enum(ROOM_REFUSAL_REASONS),
});
export const RoomPongSchema = z.object({ t: z.literal('pong'), id: z.number().int().min(0), sentAt: z.number() });

/** What a client may send; anything else is ignored by the server. */
export const RoomClientDatagramSchema = z.discriminatedUnion('t', [
  RoomJoinSchema,
  RoomPingSchema,
  RoomAudioSchema,
  RoomLeaveSchema,
]);
/** What the server sends: `audio` is an echo (echo rooms) or another player's packet (rehearsal rooms). */
export const RoomServerDatagramSchema = z.discriminatedUnion('t', [
  RoomJoinedSchema,
  RoomChallengeSchema,
  RoomRefusedSchema,
  RoomPongSchema,
  RoomAudioSchema,
]);
export type RoomJoin = z.infer<typeof RoomJoinSchema>;
export type RoomPing = z.infer<typeof RoomPingSchema>;
export type RoomAudio = z.infer<typeof RoomAudioSchema>;
export type RoomLeave = z.infer<typeof RoomLeaveSchema>;
export type RoomJoined = z.infer<typeof RoomJoinedSchema>;
export type RoomChallenge = z.infer<typeof RoomChallengeSchema>;
export type RoomRefused = z.infer<typeof RoomRefusedSchema>;
export type RoomPong = z.infer<typeof RoomPongSchema>;
export type RoomClientDatagram = z.infer<typeof RoomClientDatagramSchema>;
export type RoomServerDatagram = z.infer<typeof RoomServerDatagramSchema>;

// HTTP control and health.
/** Echo rooms return every packet to its sender (self-check); rehearsal rooms forward each player's packets to the
 *  other players of the room, unmixed (each audio client mixes what it receives). */
export const ROOM_KINDS = ['echo', 'rehearsal'] as const;
export const RoomKindSchema = z.enum(ROOM_KINDS);
export type RoomKind = z.infer<typeof RoomKindSchema>;

/** Players one rehearsal room takes at most (the slot numbers of `Player` above). */
export const ROOM_MAX_CAPACITY = 16;
/** A rehearsal room's capacity when POST /rooms names none. */
export const ROOM_DEFAULT_REHEARSAL_CAPACITY = 8;

export const CreateRoomBodySchema = z.object({
  kind: RoomKindSchema,
  /** Most players at once in a rehearsal room (default 8); an echo room always takes one, whatever is sent. */
  capacity: z.number().int().min(1).max(ROOM_MAX_CAPACITY).optional(),
});
export type CreateRoomBody = z.infer<typeof CreateRoomBodySchema>;
/** 201 answer of POST /rooms: where clients send their datagrams, and the room id they put in them. */
export const CreatedRoomSchema = z.object({ id: RoomId, ip: z.string(), port: z.number().int().min(1).max(65535) });
export type CreatedRoom = z.infer<typeof CreatedRoomSchema>;

/**
 * Query of DELETE /rooms/{id}/players/{slot}: the API dropped that account from the slot at `through` (epoch ms of its
 * clock, the player's leave time). The room server then refuses every ticket of that account for that slot issued
 * up to then, and unbinds the slot only if that account holds it. Without them: whoever holds the slot, and their
 * ticket's issue time.
 */
export const RemovePlayerQuerySchema = z.object({
  account: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/)
    .optional(),
  through: z.coerce.number().int().min(0).optional(),
});
export type RemovePlayerQuery = z.infer<typeof RemovePlayerQuerySchema>;

const KindCountsSchema = z.object({ rooms: z.number().int(), players: z.number().int() });

export const RoomHealthSchema = z.object({
  status: z.literal('ok'),
  rooms: z.number().int(),
  players: z.number().int(),
  /** The same counts per kind of room; optional so an API server still reads an older room server's report. */
  byKind: z.partialRecord(RoomKindSchema, KindCountsSchema).optional(),
  uptimeSec: z.number(),
  /** The room server's process id: the API's supervisor checks the answer comes from its own child, not from a
   *  stale server left on the port. Optional so an API server still reads an older room server's report. */
  pid: z.number().int().optional(),
  load: z.object({
    /** One-minute load average divided by the number of CPUs (1 = every core busy). */
    cpu: z.number(),
    rssBytes: z.number().int(),
    datagramsIn: z.number().int(),
    datagramsOut: z.number().int(),
    /** Datagrams ignored because they were not valid JSON or did not match a schema. */
    malformed: z.number().int(),
  }),
});
export type RoomHealth = z.infer<typeof RoomHealthSchema>;

import { z } from 'zod';

/**
 * The room server (apps/room): UDP datagrams between audio clients and a room, and the HTTP control calls the API
 * server makes. Control datagrams (join, challenge, joined, refused, leave, ping, pong) are one JSON object with a `t`
 * (type) field, and name their room; audio datagrams are binary (below, docs/room-protocol.md), tied to their room by
 * the address they come from. All rooms of a process share its UDP port. The audio client gets a room ticket as the `charge` of the `connect` action: it reads the
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
/** The binding key of `joined` (base64url of ROOM_AUDIO_KEY_BYTES bytes): sent to the admitted address only, so a
 *  datagram forged with that address (by someone who cannot receive there) lacks it. Audio carries its bytes. */
const BindingKey = z.string().min(1).max(32);
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

/** The JSON datagrams a client may send (audio is binary, below); anything else is ignored by the server. */
export const RoomClientDatagramSchema = z.discriminatedUnion('t', [RoomJoinSchema, RoomPingSchema, RoomLeaveSchema]);
/** The JSON datagrams the server sends (it also forwards binary audio, below). */
export const RoomServerDatagramSchema = z.discriminatedUnion('t', [
  RoomJoinedSchema,
  RoomChallengeSchema,
  RoomRefusedSchema,
  RoomPongSchema,
]);
export type RoomJoin = z.infer<typeof RoomJoinSchema>;
export type RoomPing = z.infer<typeof RoomPingSchema>;
export type RoomLeave = z.infer<typeof RoomLeaveSchema>;
export type RoomJoined = z.infer<typeof RoomJoinedSchema>;
export type RoomChallenge = z.infer<typeof RoomChallengeSchema>;
export type RoomRefused = z.infer<typeof RoomRefusedSchema>;
export type RoomPong = z.infer<typeof RoomPongSchema>;
export type RoomClientDatagram = z.infer<typeof RoomClientDatagramSchema>;
export type RoomServerDatagram = z.infer<typeof RoomServerDatagramSchema>;

// Binary audio (docs/room-protocol.md). A client sends ROOM_AUDIO_IN: the type and version, its binding key, then the
// body (slot, format, frame size, sequence number, payload). The room checks the key against the player bound to the
// source address, writes the forwarded type, version and the bound slot over the last header bytes before the body,
// and sends that tail (ROOM_AUDIO_OUT) as is: the key is cut off, the payload is never read nor copied.

/** First byte of a client's audio datagram (a JSON datagram starts with `{`, 0x7b). */
export const ROOM_AUDIO_IN = 0xa1;
/** First byte of a forwarded audio datagram. */
export const ROOM_AUDIO_OUT = 0xa2;
export const ROOM_AUDIO_VERSION = 1;
/** Bytes of the binding key (`joined.key` is their base64url). */
export const ROOM_AUDIO_KEY_BYTES = 8;
/** Header of a forwarded datagram: type, version, slot, format, frame size (2), sequence number (2). */
export const ROOM_AUDIO_OUT_HEADER = 8;
/** Header of a client's datagram: type, version, key, then the forwarded header's last six bytes. */
export const ROOM_AUDIO_IN_HEADER = 2 + ROOM_AUDIO_KEY_BYTES + ROOM_AUDIO_OUT_HEADER - 2;
/** Where a forwarded datagram starts inside the client's one. */
export const ROOM_AUDIO_FORWARD_OFFSET = ROOM_AUDIO_IN_HEADER - ROOM_AUDIO_OUT_HEADER;
/** Longest payload accepted: a 1024-sample stereo PCM 24-bit frame (6144 bytes); anything longer is dropped. */
export const ROOM_AUDIO_MAX_PAYLOAD = 1024 * 2 * 3;
/** Frame sizes in samples per channel (SPEC section 7's buffer sizes, and Jamulus's 64 and 128). */
export const ROOM_AUDIO_FRAME_MIN = 16;
export const ROOM_AUDIO_FRAME_MAX = 1024;

/** Codec ids (the format byte's low nibble); bit 4 of that byte is set for stereo. */
export const ROOM_AUDIO_CODECS = { pcm16: 1, pcm24: 2, opus: 3 } as const;
export type RoomAudioCodec = keyof typeof ROOM_AUDIO_CODECS;
const CODEC_BY_ID: Record<number, RoomAudioCodec | undefined> = { 1: 'pcm16', 2: 'pcm24', 3: 'opus' };
const STEREO_BIT = 0x10;

export interface RoomAudioFrame {
  slot: number;
  codec: RoomAudioCodec;
  channels: 1 | 2;
  /** Samples per channel in this frame. */
  frameSize: number;
  /** The sender's counter modulo 2^16 (receivers unwrap it: `unwrapRoomSeq`). */
  seq: number;
  payload: Uint8Array;
}

/** Why an audio datagram is dropped (counted by the room server under these names). */
export type RoomAudioProblem = 'short' | 'version' | 'format' | 'frameSize' | 'oversize' | 'payload';

/**
 * Checks a datagram's version and the header of its body, whose forwarded form starts at `at` (slot, format, frame
 * size, sequence number), against its length, without reading the payload: null when it is well formed. A PCM payload
 * must hold exactly one frame. The type byte is the caller's to check (it picks `at`).
 */
export function roomAudioProblem(bytes: Uint8Array, at: number): RoomAudioProblem | null {
  if (bytes.length < at + ROOM_AUDIO_OUT_HEADER) return 'short';
  if (bytes[1] !== ROOM_AUDIO_VERSION) return 'version';
  const payload = bytes.length - at - ROOM_AUDIO_OUT_HEADER;
  if (payload > ROOM_AUDIO_MAX_PAYLOAD) return 'oversize';
  const format = bytes[at + 3] ?? 0;
  const codec = format & ~STEREO_BIT;
  if (codec < 1 || codec > 3) return 'format';
  const frameSize = ((bytes[at + 4] ?? 0) << 8) | (bytes[at + 5] ?? 0);
  if (frameSize < ROOM_AUDIO_FRAME_MIN || frameSize > ROOM_AUDIO_FRAME_MAX) return 'frameSize';
  const channels = format & STEREO_BIT ? 2 : 1;
  if (codec === ROOM_AUDIO_CODECS.opus) return payload > 0 ? null : 'payload';
  return payload === frameSize * channels * (codec === ROOM_AUDIO_CODECS.pcm16 ? 2 : 3) ? null : 'payload';
}

/** Writes the body from its slot byte on (`at` is where the forwarded form starts; its type and version are not
 *  written: in a client's datagram those two bytes belong to the key). */
function writeBody(out: Uint8Array, at: number, frame: RoomAudioFrame): void {
  out[at + 2] = frame.slot;
  out[at + 3] = ROOM_AUDIO_CODECS[frame.codec] | (frame.channels === 2 ? STEREO_BIT : 0);
  out[at + 4] = frame.frameSize >> 8;
  out[at + 5] = frame.frameSize & 0xff;
  out[at + 6] = (frame.seq >> 8) & 0xff;
  out[at + 7] = frame.seq & 0xff;
  out.set(frame.payload, at + ROOM_AUDIO_OUT_HEADER);
}

function readBody(bytes: Uint8Array, at: number): RoomAudioFrame | null {
  if (roomAudioProblem(bytes, at) !== null) return null;
  const format = bytes[at + 3] ?? 0;
  return {
    slot: bytes[at + 2] ?? 0,
    codec: CODEC_BY_ID[format & ~STEREO_BIT] ?? 'pcm16',
    channels: format & STEREO_BIT ? 2 : 1,
    frameSize: ((bytes[at + 4] ?? 0) << 8) | (bytes[at + 5] ?? 0),
    seq: ((bytes[at + 6] ?? 0) << 8) | (bytes[at + 7] ?? 0),
    payload: bytes.subarray(at + ROOM_AUDIO_OUT_HEADER),
  };
}

/** A client's audio datagram: its binding key (ROOM_AUDIO_KEY_BYTES bytes) and one frame (`seq` taken modulo 2^16). */
export function encodeRoomAudioIn(key: Uint8Array, frame: RoomAudioFrame): Uint8Array {
  if (key.length !== ROOM_AUDIO_KEY_BYTES) throw new RangeError(`the binding key has ${ROOM_AUDIO_KEY_BYTES} bytes`);
  const out = new Uint8Array(ROOM_AUDIO_IN_HEADER + frame.payload.length);
  out[0] = ROOM_AUDIO_IN;
  out[1] = ROOM_AUDIO_VERSION;
  out.set(key, 2);
  writeBody(out, ROOM_AUDIO_FORWARD_OFFSET, frame);
  return out;
}

/** A client's audio datagram read back (tests, tools); null when it is not one or is malformed. */
export function decodeRoomAudioIn(bytes: Uint8Array): { key: Uint8Array; frame: RoomAudioFrame } | null {
  if (bytes[0] !== ROOM_AUDIO_IN) return null;
  const frame = readBody(bytes, ROOM_AUDIO_FORWARD_OFFSET);
  return frame && { key: bytes.slice(2, 2 + ROOM_AUDIO_KEY_BYTES), frame };
}

/** A forwarded audio datagram, as the room sends it. */
export function encodeRoomAudioOut(frame: RoomAudioFrame): Uint8Array {
  const out = new Uint8Array(ROOM_AUDIO_OUT_HEADER + frame.payload.length);
  out[0] = ROOM_AUDIO_OUT;
  out[1] = ROOM_AUDIO_VERSION;
  writeBody(out, 0, frame);
  return out;
}

/** A forwarded audio datagram read (the payload is a view into `bytes`); null when it is not one or is malformed. */
export function decodeRoomAudioOut(bytes: Uint8Array): RoomAudioFrame | null {
  return bytes[0] === ROOM_AUDIO_OUT ? readBody(bytes, 0) : null;
}

/**
 * The full sequence number of a 16-bit `seq`, given the last full one received from that sender (-1 before any): the
 * value congruent to `seq` modulo 2^16 that is nearest to it, so wrap-arounds count forward and late packets backward.
 */
export function unwrapRoomSeq(last: number, seq: number): number {
  if (last < 0) return seq;
  const delta = (((seq - last) % 0x10000) + 0x10000) % 0x10000;
  const forward = delta >= 0x8000 ? delta - 0x10000 : delta;
  return Math.max(0, last + forward);
}

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
    /** Audio datagrams forwarded and JSON control datagrams read; optional so an API server still reads an older room
     *  server's report. */
    audio: z.number().int().optional(),
    control: z.number().int().optional(),
    /** Datagrams dropped, by reason: not of the protocol, too large, audio from an address no player is bound to,
     *  audio from a player's address without its binding key. */
    dropped: z
      .object({
        malformed: z.number().int(),
        oversize: z.number().int(),
        unbound: z.number().int(),
        badKey: z.number().int(),
      })
      .optional(),
  }),
});
export type RoomHealth = z.infer<typeof RoomHealthSchema>;

import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  parseRoomTicket,
  roomTicketPayload,
  ROOM_TICKET_TTL_MS,
  type RoomRefused,
  type RoomTicketClaims,
} from '@tutti/contract/room';

/**
 * Room tickets: the API signs them with a room server's secret (it imports this file as `@tutti/room/ticket`), the
 * room server checks them. One module for both sides, so the two can never disagree on the encoding; it lives here
 * and not in packages/contract because the contract holds no node:crypto code (the web bundles it).
 */

/** Separates ticket macs from any other use of the same secret (it also authenticates control calls). */
const DOMAIN = 'tutti-room-ticket\n';

const macOf = (secret: string, payload: string): string =>
  createHmac('sha256', secret).update(DOMAIN).update(payload).digest('base64url');

export function signRoomTicket(secret: string, claims: RoomTicketClaims): string {
  const payload = roomTicketPayload(claims);
  return `${payload}.${macOf(secret, payload)}`;
}

export type TicketCheck =
  | { ok: true; claims: RoomTicketClaims }
  | { ok: false; reason: Extract<RoomRefused['reason'], 'BAD_TICKET' | 'TICKET_EXPIRED'> };

/** Valid: signed with `secret`, for this room and slot, not expired, and no longer-lived than the contract allows. */
export function verifyRoomTicket(
  secret: string,
  ticket: string | undefined,
  expected: { room: string; slot: number; now: number },
): TicketCheck {
  const parsed = ticket === undefined ? null : parseRoomTicket(ticket);
  if (!parsed) return { ok: false, reason: 'BAD_TICKET' };
  const given = Buffer.from(parsed.mac);
  const wanted = Buffer.from(macOf(secret, parsed.payload));
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return { ok: false, reason: 'BAD_TICKET' };
  const { claims } = parsed;
  if (claims.room !== expected.room || claims.slot !== expected.slot) return { ok: false, reason: 'BAD_TICKET' };
  if (claims.expiresAt - claims.issuedAt > ROOM_TICKET_TTL_MS) return { ok: false, reason: 'BAD_TICKET' };
  if (expected.now >= claims.expiresAt) return { ok: false, reason: 'TICKET_EXPIRED' };
  return { ok: true, claims };
}

import {
  CreatedRoomSchema,
  ROOM_SECRET_HEADER,
  ROOM_TICKET_TTL_MS,
  RoomHealthSchema,
  type CreatedRoom,
  type RoomHealth,
} from '@tutti/contract/room';
import { signRoomTicket } from '@tutti/room/ticket';
import type { z } from 'zod';
import type { RoomConfig } from '../config.ts';
import { loadStoredSecret } from './tokens.ts';

/** A room server that takes longer is treated as down: the self-check and session joins wait on it. */
const ROOM_TIMEOUT_MS = 3000;

export type RoomAddress = CreatedRoom;

/** The room server did not answer, answered an error, or answered something else than its API promises. */
export class RoomServerUnavailableError extends Error {
  override name = 'RoomServerUnavailableError';
}

/** Who the API gave a slot of a room to, and when (a ticket's claims; it expires ROOM_TICKET_TTL_MS later). */
export interface TicketRequest {
  roomId: string;
  slot: number;
  accountId: string;
  issuedAt: Date;
}

/** The API dropped this account from the slot at this time: the room server refuses its tickets issued until then. */
export interface Revocation {
  accountId: string;
  through: Date;
}

export interface RoomClient {
  /** Where the client calls (for logs). */
  baseUrl: string;
  health(): Promise<RoomHealth>;
  createEchoRoom(): Promise<RoomAddress>;
  /** A room where each player's packets go to the others; capacity = most players at once (1 to 16). */
  createRehearsalRoom(capacity: number): Promise<RoomAddress>;
  /** False when the room server does not know the room (closed already, or lost in a restart). */
  closeRoom(id: string): Promise<boolean>;
  /** Drops the player of a slot and revokes their tickets for it; false when the room server does not know the room. */
  removePlayer(roomId: string, slot: number, revocation?: Revocation): Promise<boolean>;
  /** The ticket the audio client presents to join (`connect`'s charge), signed with this server's secret. */
  ticket(request: TicketRequest): string;
}

/** ROOM_SECRET when set, else DATA_DIR/room-secret (created on the first start): main.ts hands it to the child. */
export const loadRoomSecret = (config: RoomConfig, dataDir: string): string =>
  loadStoredSecret(config.secret, dataDir, 'room-secret');

/** Where to reach a server listening on host: loopback for a wildcard, else the address itself. */
const connectHost = (host: string): string => {
  if (host === '' || host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
};

/** ROOM_SERVER_URL, or the child main.ts starts on ROOM_HTTP_PORT of this machine (on its bind host). */
export const roomServerUrl = (config: RoomConfig): string =>
  config.serverUrl ?? `http://${connectHost(config.bindHost)}:${config.httpPort}`;

export function createRoomClient(baseUrl: string, secret: string, options: { timeoutMs?: number } = {}): RoomClient {
  const timeoutMs = options.timeoutMs ?? ROOM_TIMEOUT_MS;
  const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
    try {
      return await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          [ROOM_SECRET_HEADER]: secret,
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      throw new RoomServerUnavailableError(`Room server ${baseUrl} unreachable: ${(e as Error).message}`);
    }
  };
  const parse = async <T>(res: Response, schema: z.ZodType<T>, what: string): Promise<T> => {
    const parsed = schema.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success) throw new RoomServerUnavailableError(`Room server answered an unexpected ${what}.`);
    return parsed.data;
  };
  const failed = (res: Response, what: string) =>
    new RoomServerUnavailableError(`Room server answered ${res.status} to ${what}.`);

  return {
    baseUrl,
    async health() {
      const res = await call('GET', '/health');
      if (!res.ok) throw failed(res, 'the health check');
      return parse(res, RoomHealthSchema, 'health');
    },
    async createEchoRoom() {
      const res = await call('POST', '/rooms', { kind: 'echo' });
      if (res.status !== 201) throw failed(res, 'an echo room request');
      return parse(res, CreatedRoomSchema, 'room');
    },
    async createRehearsalRoom(capacity) {
      const res = await call('POST', '/rooms', { kind: 'rehearsal', capacity });
      if (res.status !== 201) throw failed(res, 'a rehearsal room request');
      return parse(res, CreatedRoomSchema, 'room');
    },
    async closeRoom(id) {
      const res = await call('DELETE', `/rooms/${encodeURIComponent(id)}`);
      await res.body?.cancel();
      if (res.status === 404) return false;
      if (res.status !== 204 && !res.ok) throw failed(res, 'a room closing');
      return true;
    },
    async removePlayer(roomId, slot, revocation) {
      const query = revocation
        ? `?${new URLSearchParams({ account: revocation.accountId, through: String(revocation.through.getTime()) })}`
        : '';
      const res = await call('DELETE', `/rooms/${encodeURIComponent(roomId)}/players/${slot}${query}`);
      await res.body?.cancel();
      if (res.status === 404) return false;
      if (res.status !== 204 && !res.ok) throw failed(res, 'a player removal');
      return true;
    },
    ticket({ roomId, slot, accountId, issuedAt }) {
      const at = issuedAt.getTime();
      return signRoomTicket(secret, {
        room: roomId,
        slot,
        account: accountId,
        issuedAt: at,
        expiresAt: at + ROOM_TICKET_TTL_MS,
      });
    },
  };
}

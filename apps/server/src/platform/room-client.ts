import {
  CreatedRoomSchema,
  ROOM_SECRET_HEADER,
  RoomHealthSchema,
  type CreatedRoom,
  type RoomHealth,
} from '@tutti/contract/room';
import type { z } from 'zod';
import type { RoomConfig } from '../config.ts';
import { loadStoredSecret } from './tokens.ts';

/** A room server that takes longer is treated as down: the self-check waits on it. */
const ROOM_TIMEOUT_MS = 3000;

export type RoomAddress = CreatedRoom;

/** The room server did not answer, answered an error, or answered something else than its API promises. */
export class RoomServerUnavailableError extends Error {
  override name = 'RoomServerUnavailableError';
}

export interface RoomClient {
  /** Where the client calls (for logs). */
  baseUrl: string;
  health(): Promise<RoomHealth>;
  createEchoRoom(): Promise<RoomAddress>;
  /** False when the room server does not know the room (closed already, or lost in a restart). */
  closeRoom(id: string): Promise<boolean>;
}

/** ROOM_SECRET when set, else DATA_DIR/room-secret (created on the first start): main.ts hands it to the child. */
export const loadRoomSecret = (config: RoomConfig, dataDir: string): string =>
  loadStoredSecret(config.secret, dataDir, 'room-secret');

/** ROOM_SERVER_URL, or the child main.ts starts on ROOM_HTTP_PORT of this machine. */
export const roomServerUrl = (config: RoomConfig): string => config.serverUrl ?? `http://127.0.0.1:${config.httpPort}`;

export function createRoomClient(baseUrl: string, secret: string): RoomClient {
  const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
    try {
      return await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          [ROOM_SECRET_HEADER]: secret,
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(ROOM_TIMEOUT_MS),
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
    async closeRoom(id) {
      const res = await call('DELETE', `/rooms/${encodeURIComponent(id)}`);
      await res.body?.cancel();
      if (res.status === 404) return false;
      if (res.status !== 204 && !res.ok) throw failed(res, 'a room closing');
      return true;
    },
  };
}

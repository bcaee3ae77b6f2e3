import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CreateRoomBodySchema,
  ROOM_DEFAULT_REHEARSAL_CAPACITY,
  parseRoomTicket,
  ROOM_SECRET_HEADER,
  type RoomKind,
} from '@tutti/contract/room';

export const FAKE_ROOM_SECRET = 'fake-room-secret-for-tests';

/** The room server's id of the room a join's ticket (`room.charge`) is for. */
export function roomOf(charge: string): string {
  const parsed = parseRoomTicket(charge);
  if (!parsed) throw new Error(`not a room ticket: ${charge}`);
  return parsed.claims.room;
}

/** A stand-in for apps/room's control API (GET /health, POST /rooms, DELETE /rooms/{id}), so server tests need no
 *  UDP room server. The real one is tested in apps/room and end to end. */
export interface FakeRoomServer {
  url: string;
  /** Open rooms by id. */
  rooms: Map<string, FakeRoom>;
  /** Requests received, as "METHOD /path" (without the query). */
  calls: string[];
  /** Player drops received (DELETE /rooms/{id}/players/{slot}), with their revocation query. */
  drops: { room: string; slot: number; account: string | null; through: number | null }[];
  /** Answers 500 to the control calls while true. */
  failing: boolean;
  close(): Promise<void>;
}

export interface FakeRoom {
  kind: RoomKind;
  port: number;
  /** Rehearsal rooms only: the players it takes. */
  capacity?: number;
}

/** What the real room server accepts in POST /rooms, with its defaults. */
function roomRequest(body: unknown): Omit<FakeRoom, 'port'> | null {
  const parsed = CreateRoomBodySchema.safeParse(body);
  if (!parsed.success) return null;
  const { kind, capacity } = parsed.data;
  return kind === 'echo' ? { kind } : { kind, capacity: capacity ?? ROOM_DEFAULT_REHEARSAL_CAPACITY };
}

export async function startFakeRoomServer(secret = FAKE_ROOM_SECRET): Promise<FakeRoomServer> {
  const rooms = new Map<string, FakeRoom>();
  const calls: string[] = [];
  const drops: FakeRoomServer['drops'] = [];
  let nextPort = 7500;
  const send = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const readJson = async (req: IncomingMessage): Promise<unknown> => {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  };

  const fake: FakeRoomServer = {
    url: '',
    rooms,
    calls,
    drops,
    failing: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname;
      calls.push(`${req.method} ${path}`);
      if (req.method === 'GET' && path === '/health') {
        const load = { cpu: 0.1, rssBytes: 1, datagramsIn: 0, datagramsOut: 0, malformed: 0 };
        return send(res, 200, { status: 'ok', rooms: rooms.size, players: 0, uptimeSec: 1, load });
      }
      if (req.headers[ROOM_SECRET_HEADER] !== secret) return send(res, 401, { error: 'secret' });
      if (fake.failing) return send(res, 500, { error: 'failing' });
      if (req.method === 'POST' && path === '/rooms') {
        const request = roomRequest(await readJson(req));
        if (!request) return send(res, 400, { error: 'kind or capacity' });
        const id = randomUUID();
        const port = nextPort++;
        rooms.set(id, { ...request, port });
        return send(res, 201, { id, ip: '127.0.0.1', port });
      }
      const player = /^\/rooms\/([^/]+)\/players\/(\d+)$/.exec(path);
      if (req.method === 'DELETE' && player?.[1]) {
        const through = url.searchParams.get('through');
        drops.push({
          room: decodeURIComponent(player[1]),
          slot: Number(player[2]),
          account: url.searchParams.get('account'),
          through: through === null ? null : Number(through),
        });
        return rooms.has(decodeURIComponent(player[1])) ? send(res, 204) : send(res, 404, { error: 'unknown' });
      }
      const match = /^\/rooms\/([^/]+)$/.exec(path);
      if (req.method === 'DELETE' && match?.[1]) {
        return rooms.delete(decodeURIComponent(match[1])) ? send(res, 204) : send(res, 404, { error: 'unknown' });
      }
      send(res, 404, { error: 'route' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

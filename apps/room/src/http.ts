import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cpus, loadavg } from 'node:os';
import type { Logger } from 'pino';
import {
  CreateRoomBodySchema,
  RemovePlayerQuerySchema,
  ROOM_SECRET_HEADER,
  type CreatedRoom,
  type RoomHealth,
} from '@tutti/contract/room';
import type { RoomRegistry } from './rooms/registry.ts';
import { DROP_REASONS, type UdpCounters } from './udp.ts';

const MAX_BODY_BYTES = 4096;

export interface ControlContext {
  registry: RoomRegistry;
  counters: UdpCounters;
  secret: string;
  publicHost: string;
  udpPort: () => number;
  startedAt: number;
  log: Logger;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Constant-time comparison (through digests, so lengths leak nothing either). */
function secretMatches(given: string | string[] | undefined, secret: string): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  return timingSafeEqual(digest(given), digest(secret));
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', 'body too large');
    chunks.push(buf);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'BAD_REQUEST', 'body is not valid JSON');
  }
}

export function health(ctx: ControlContext): RoomHealth {
  const { rooms, players, byKind } = ctx.registry.stats();
  return {
    status: 'ok',
    rooms,
    players,
    byKind,
    uptimeSec: Math.round((ctx.registry.now() - ctx.startedAt) / 1000),
    pid: process.pid,
    load: {
      cpu: Math.round(((loadavg()[0] ?? 0) / Math.max(1, cpus().length)) * 100) / 100,
      rssBytes: process.memoryUsage.rss(),
      ...ctx.counters,
      dropped: { ...ctx.counters.dropped },
    },
  };
}

/** The same counters in Prometheus's text format, for a scraper (no secret, as /health). */
export function metrics(ctx: ControlContext): string {
  const { rooms, players } = ctx.registry.stats();
  const c = ctx.counters;
  const lines = [
    '# HELP tutti_room_datagrams_in_total UDP datagrams received.',
    '# TYPE tutti_room_datagrams_in_total counter',
    `tutti_room_datagrams_in_total ${c.datagramsIn}`,
    '# HELP tutti_room_datagrams_out_total UDP datagrams sent (forwarded audio and answers).',
    '# TYPE tutti_room_datagrams_out_total counter',
    `tutti_room_datagrams_out_total ${c.datagramsOut}`,
    '# HELP tutti_room_datagrams_accepted_total Datagrams read, by kind (audio forwarded, JSON control).',
    '# TYPE tutti_room_datagrams_accepted_total counter',
    `tutti_room_datagrams_accepted_total{kind="audio"} ${c.audio}`,
    `tutti_room_datagrams_accepted_total{kind="control"} ${c.control}`,
    '# HELP tutti_room_datagrams_dropped_total Datagrams dropped, by reason.',
    '# TYPE tutti_room_datagrams_dropped_total counter',
    ...DROP_REASONS.map((r) => `tutti_room_datagrams_dropped_total{reason="${r}"} ${c.dropped[r]}`),
    '# HELP tutti_room_rooms Rooms open.',
    '# TYPE tutti_room_rooms gauge',
    `tutti_room_rooms ${rooms}`,
    '# HELP tutti_room_players Players bound.',
    '# TYPE tutti_room_players gauge',
    `tutti_room_players ${players}`,
  ];
  return `${lines.join('\n')}\n`;
}

async function route(req: IncomingMessage, res: ServerResponse, ctx: ControlContext): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://room');
  const path = url.pathname;
  if (path === '/health') {
    if (req.method !== 'GET') throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'use GET');
    sendJson(res, 200, health(ctx));
    return;
  }
  if (path === '/metrics') {
    if (req.method !== 'GET') throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'use GET');
    const text = metrics(ctx);
    res.writeHead(200, {
      'content-type': 'text/plain; version=0.0.4; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
    return;
  }
  const roomMatch = /^\/rooms(?:\/([A-Za-z0-9_-]{1,64})(?:\/players\/(\d{1,2}))?)?$/.exec(path);
  if (!roomMatch) throw new HttpError(404, 'NOT_FOUND', 'no such route');
  if (!secretMatches(req.headers[ROOM_SECRET_HEADER], ctx.secret)) {
    throw new HttpError(401, 'UNAUTHENTICATED', `missing or wrong ${ROOM_SECRET_HEADER} header`);
  }
  const id = roomMatch[1];
  const slot = roomMatch[2];
  if (id !== undefined && slot !== undefined) {
    if (req.method !== 'DELETE') throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'use DELETE');
    // The API drops a musician who quit, ran out of minutes or went silent: their audio client may not have said so
    // (a closed tab), and the others must stop hearing it. Their tickets for the slot are refused from now on, and
    // their next datagram is refused NOT_JOINED, which ends the client's link.
    const query = RemovePlayerQuerySchema.safeParse(Object.fromEntries(url.searchParams));
    if (!query.success) throw new HttpError(400, 'VALIDATION_FAILED', 'invalid account or through');
    const room = ctx.registry.get(id);
    if (!room) throw new HttpError(404, 'NOT_FOUND', 'no such room');
    const removed = room.revoke(Number(slot), ctx.registry.now(), query.data.account, query.data.through);
    ctx.log.info({ room: id, slot: Number(slot), removed: removed !== undefined }, 'player revoked');
    res.writeHead(204).end();
    return;
  }
  if (id === undefined && req.method === 'POST') {
    const parsed = CreateRoomBodySchema.safeParse(await readJson(req));
    if (!parsed.success) {
      const fields = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || 'body', i.message]));
      throw new HttpError(400, 'VALIDATION_FAILED', 'invalid room request', fields);
    }
    const room = ctx.registry.create(parsed.data.kind, parsed.data.capacity);
    const created: CreatedRoom = { id: room.id, ip: ctx.publicHost, port: ctx.udpPort() };
    ctx.log.info({ room: room.id, kind: room.kind, capacity: parsed.data.capacity }, 'room created');
    sendJson(res, 201, created);
    return;
  }
  if (id !== undefined && req.method === 'DELETE') {
    if (!ctx.registry.close(id)) throw new HttpError(404, 'NOT_FOUND', 'no such room');
    ctx.log.info({ room: id }, 'room closed');
    res.writeHead(204).end();
    return;
  }
  throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'method not allowed on this route');
}

/** The control and health HTTP handler: every failure becomes the project's error body, never a crash. */
export function controlHandler(ctx: ControlContext) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    route(req, res, ctx).catch((err: unknown) => {
      if (err instanceof HttpError) {
        const error = { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) };
        if (!res.headersSent) sendJson(res, err.status, { error });
        return;
      }
      ctx.log.error({ err }, 'control call failed');
      if (!res.headersSent) sendJson(res, 500, { error: { code: 'INTERNAL', message: 'internal error' } });
    });
  };
}

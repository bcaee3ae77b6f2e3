import { createSocket } from 'node:dgram';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino, type Logger } from 'pino';
import { Cookies } from './cookies.ts';
import { controlHandler, type ControlContext } from './http.ts';
import { RoomRegistry, type SweepResult } from './rooms/registry.ts';
import { UdpHandler } from './udp.ts';

export interface RoomServerOptions {
  /** 0 picks a free port (tests). */
  udpPort: number;
  httpPort: number;
  /** Interface both sockets listen on. */
  bindHost?: string;
  /** Address handed to clients in POST /rooms answers. */
  publicHost: string;
  /** Shared secret required in the x-room-secret header of control calls; it also signs the API's room tickets. */
  secret: string;
  logger?: Logger;
  /** Clock in milliseconds; tests inject one to exercise the silence drop. */
  now?: () => number;
  /** How often silent players are dropped; 0 turns the timer off (tests call sweep()). */
  sweepIntervalMs?: number;
  silenceMs?: number;
  idleMs?: number;
}

export interface RoomServer {
  udpPort: number;
  httpPort: number;
  registry: RoomRegistry;
  sweep(): SweepResult;
  close(): Promise<void>;
}

export async function startRoomServer(options: RoomServerOptions): Promise<RoomServer> {
  if (!options.secret) throw new Error('the room server needs a secret for its control calls');
  const log = options.logger ?? pino({ level: 'silent' });
  const now = options.now ?? Date.now;
  const bindHost = options.bindHost ?? '0.0.0.0';
  const registry = new RoomRegistry({ now, silenceMs: options.silenceMs, idleMs: options.idleMs });

  const socket = createSocket('udp4');
  const udp = new UdpHandler(socket, registry, options.secret, new Cookies(now), log);
  socket.on('message', (msg, rinfo) => {
    try {
      udp.handle(msg, rinfo.address, rinfo.port);
    } catch (err) {
      // The handler is written not to throw; this guard keeps one unforeseen datagram from stopping every room.
      log.error({ err }, 'datagram handling failed');
    }
  });
  socket.on('error', (err) => log.error({ err }, 'udp socket error'));
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(options.udpPort, bindHost, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  const udpPort = socket.address().port;

  const ctx: ControlContext = {
    registry,
    counters: udp.counters,
    secret: options.secret,
    publicHost: options.publicHost,
    udpPort: () => udpPort,
    startedAt: now(),
    log,
  };
  const http = createServer(controlHandler(ctx));
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.httpPort, bindHost, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const httpPort = (http.address() as AddressInfo).port;

  const sweep = (): SweepResult => {
    const result = registry.sweep();
    for (const d of result.droppedPlayers) log.info(d, 'silent player dropped');
    for (const id of result.closedRooms) log.info({ room: id }, 'idle room closed');
    return result;
  };
  const interval = options.sweepIntervalMs ?? 1000;
  const timer = interval > 0 ? setInterval(sweep, interval) : null;
  timer?.unref();

  log.info({ udpPort, httpPort, publicHost: options.publicHost }, 'room server listening');
  return {
    udpPort,
    httpPort,
    registry,
    sweep,
    close: async () => {
      if (timer) clearInterval(timer);
      registry.closeAll();
      await Promise.all([
        new Promise<void>((resolve) => socket.close(() => resolve())),
        new Promise<void>((resolve) => {
          http.close(() => resolve());
          http.closeAllConnections();
        }),
      ]);
    },
  };
}

import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { createWebSocketStream, WebSocketServer, type WebSocket } from 'ws';
import type { BrokerLimitsConfig } from '../config.ts';
import { mayUse, type BrokerIdentity } from './broker-acl.ts';
import { createConnectionCounter } from './connection-limits.ts';

/**
 * A WebSocket as a stream that sends each MQTT packet as one frame. mqtt-packet corks the stream while it writes a
 * packet's pieces (fixed header, topic, packet id, payload) and uncorks on the next tick; ws's stream has no `_writev`,
 * so each piece left as a frame of its own: five or six frames per PUBLISH, each one a 'message' event, a Buffer and
 * a stream push on the receiving page, ten times a second for the level meters (issue 9).
 */
export function packetFramedStream(socket: WebSocket): Duplex {
  const stream = createWebSocketStream(socket);
  stream._writev = (chunks, callback) => {
    const pieces = chunks.map(({ chunk, encoding }) =>
      Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk), encoding),
    );
    // What Node passes with a Buffer; ws's _write reads the chunk only.
    stream._write(Buffer.concat(pieces), 'buffer' as BufferEncoding, callback);
  };
  return stream;
}

/** Decides who a connection is; null refuses the CONNECT (bad user name or password). */
export interface BrokerAuthenticator {
  identify(username: string, password: string): Promise<BrokerIdentity | null>;
}

export interface BrokerOptions {
  port: number;
  host: string;
  tls: { certFile: string; keyFile: string } | null;
  authenticator: BrokerAuthenticator;
  /** Caps per address and per token, and the deadline for the upgrade and MQTT CONNECT (BROKER_MAX_…). */
  limits: BrokerLimitsConfig;
  log: FastifyBaseLogger;
}

export interface Broker {
  /** The bound port (the configured one, or the one picked for port 0). */
  port: number;
  tls: boolean;
  /** Ends every connection bound to this token, browser or audio client; answers how many. */
  disconnectToken(token: string): number;
  /** Connections authenticated right now (for tests and diagnostics). */
  connectionCount(): number;
  close(): Promise<void>;
}

/** MQTT 3.1.1 CONNACK code 4 (MQTT 5: 0x86), what MQTT.js reports as "Bad username or password". */
const BAD_USERNAME_OR_PASSWORD = 4;
/** MQTT 3.1.1 CONNACK code 3, "Server unavailable": the token already holds its connections; clients retry later
 *  (unlike code 4, which tells them their credentials are wrong). */
const SERVER_UNAVAILABLE = 3;
/** Written to a socket over its address's cap before it is closed: an HTTP client (the WebSocket handshake) reads a
 *  clear refusal instead of a reset. */
const TOO_MANY_CONNECTIONS =
  'HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: 21\r\n\r\n' +
  'Too many connections\n';
/** A refused socket whose peer does not close its side is cut after this. */
const REFUSAL_LINGER_MS = 1_000;
/** Protocol messages are small JSON documents; the ws default (100 MiB) would let one frame fill the memory. */
const MAX_FRAME_BYTES = 512 * 1024;
/** Refused publishes are re-addressed here. No connection can subscribe to it (see authorizeSubscribe), and a `$`
 *  topic never matches wildcards, so nothing receives them. */
const REFUSED_TOPIC = '$tutti/refused';

/**
 * The embedded MQTT broker (Aedes) over WebSocket, between the web page and the audio client.
 *
 * Every connection authenticates; its identity binds it to one nalsToken, and the ACL (broker-acl.ts) lets it use
 * only that token's topics in its own direction. A refused SUBSCRIBE is answered with granted QoS 128 and the
 * connection stays. A refused PUBLISH cannot be answered negatively in MQTT 3.1.1, and Aedes would disconnect on an
 * authorizePublish error: the packet is acknowledged and dropped instead (MQTT-3.3.5-2 allows either).
 */
export async function startBroker(options: BrokerOptions): Promise<Broker> {
  const { log, authenticator, limits } = options;
  const identities = new WeakMap<Client, BrokerIdentity>();
  const live = new Set<Client>();
  const perAddress = createConnectionCounter(limits.maxConnectionsPerAddress);
  const perToken = createConnectionCounter(limits.maxConnectionsPerToken);

  const aedes = await Aedes.createBroker({
    // A WebSocket that never sends CONNECT is closed after this (Aedes's default keeps it 30 s).
    connectTimeout: limits.connectTimeoutMs,
    authenticate(client, username, password, done) {
      const refuse = () => {
        const error = new Error('Bad user name or password') as AuthenticateError;
        error.returnCode = BAD_USERNAME_OR_PASSWORD;
        done(error, false);
      };
      if (!username || !password) return refuse();
      authenticator.identify(username, password.toString('utf8')).then(
        (identity) => {
          if (!identity) {
            log.info({ username }, 'broker: connection refused');
            return refuse();
          }
          if (client.closed) return refuse();
          // The new connection is refused, not the oldest closed: whoever holds the token cannot push the owner's
          // own connections out in a loop, and a dead connection frees its place with its keepalive.
          if (!perToken.tryAdd(identity.nalsToken)) {
            log.info({ kind: identity.kind }, 'broker: too many connections for one token, refused');
            const error = new Error('Too many connections for this token') as AuthenticateError;
            error.returnCode = SERVER_UNAVAILABLE;
            return done(error, false);
          }
          identities.set(client, identity);
          live.add(client);
          client.conn.once('close', () => {
            live.delete(client);
            perToken.remove(identity.nalsToken);
          });
          done(null, true);
        },
        (err: unknown) => {
          log.error({ err }, 'broker: authentication failed');
          refuse();
        },
      );
    },
    authorizeSubscribe(client, subscription, callback) {
      const identity = identities.get(client);
      if (identity && mayUse(identity, subscription.topic, 'subscribe')) return callback(null, subscription);
      log.info({ kind: identity?.kind, topic: subscription.topic }, 'broker: subscription refused');
      callback(null, null);
    },
    authorizePublish(client, packet, callback) {
      const identity = client ? identities.get(client) : undefined;
      if (identity && mayUse(identity, packet.topic, 'publish')) return callback(null);
      log.info({ kind: identity?.kind, topic: packet.topic }, 'broker: publish refused, dropped');
      packet.topic = REFUSED_TOPIC;
      packet.retain = false;
      callback(null);
    },
    // A second check at delivery: only a connection allowed to subscribe to a topic ever receives from it.
    authorizeForward(client, packet) {
      const identity = identities.get(client);
      return identity && mayUse(identity, packet.topic, 'subscribe') ? packet : null;
    },
  });

  const onRequest = (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(426, { 'content-type': 'text/plain; charset=utf-8', upgrade: 'websocket' });
    res.end('MQTT over WebSocket only.\n');
  };
  const server = options.tls
    ? createHttpsServer(
        {
          cert: readFileSync(options.tls.certFile),
          key: readFileSync(options.tls.keyFile),
          handshakeTimeout: limits.connectTimeoutMs,
        },
        onRequest,
      )
    : createHttpServer(onRequest);
  // Every TCP connection counts against its address from accept to close, before the upgrade and after: sockets that
  // never upgrade, never send CONNECT, or do, all hold a descriptor. Over the cap, refused before any parsing.
  const upgrading = new WeakMap<Socket, ReturnType<typeof setTimeout>>();
  let refusedSince: number | null = null;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    if (!perAddress.tryAdd(address)) {
      if (refusedSince === null || Date.now() - refusedSince > 60_000) {
        refusedSince = Date.now();
        log.warn({ address }, 'broker: too many connections from one address, refusing (logged once a minute)');
      }
      socket.end(TOO_MANY_CONNECTIONS);
      setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS).unref();
      return;
    }
    socket.once('close', () => perAddress.remove(address));
  });
  // Until the upgrade, the same deadline as for CONNECT afterwards (Aedes's connectTimeout). With TLS, from the end of
  // the handshake (limited by handshakeTimeout), on the TLS socket the upgrade then carries.
  server.on(options.tls ? 'secureConnection' : 'connection', (socket: Socket) => {
    if (socket.writableEnded) return; // refused above
    const deadline = setTimeout(() => socket.destroy(), limits.connectTimeoutMs);
    deadline.unref();
    upgrading.set(socket, deadline);
    socket.once('close', () => clearTimeout(deadline));
  });
  server.on('upgrade', (_request: IncomingMessage, socket: Socket) => clearTimeout(upgrading.get(socket)));
  // Any path: MQTT.js asks for /mqtt by default, other clients for /.
  const wss = new WebSocketServer({ server, maxPayload: MAX_FRAME_BYTES });
  wss.on('connection', (socket, request) => {
    const stream = packetFramedStream(socket);
    // Aedes listens for stream errors once it handles the stream; until then a reset must not crash the process.
    stream.on('error', (err) => log.debug({ err }, 'broker: websocket stream error'));
    aedes.handle(stream, request);
  });
  wss.on('error', (err) => log.error({ err }, 'broker: websocket server error'));
  aedes.on('clientError', (client, err) => log.debug({ err, client: client.id }, 'broker: client error'));

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (e) {
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
    throw new Error(
      `The MQTT broker cannot listen on port ${options.port}: ${(e as Error).message}. ` +
        'Set BROKER_PORT to a free port, or BROKER_ENABLED=false to use an external broker.',
      { cause: e },
    );
  }
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    tls: options.tls !== null,
    disconnectToken(token) {
      let count = 0;
      for (const client of live) {
        if (identities.get(client)?.nalsToken !== token) continue;
        live.delete(client);
        client.close();
        count++;
      }
      if (count > 0) log.info({ count }, 'broker: connections of a rotated token closed');
      return count;
    },
    connectionCount: () => live.size,
    async close() {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      for (const socket of wss.clients) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

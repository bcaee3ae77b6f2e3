import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Aedes, type AuthenticateError } from 'aedes';
import { createWebSocketStream, WebSocketServer, type WebSocket } from 'ws';
import { decodeRemainingLength } from '../src/lib/mqtt/packets';

/** MQTT 3.1.1 CONNACK code 4, what the product's broker answers a bad or expired access token. */
const BAD_USERNAME_OR_PASSWORD = 4;

async function listen(): Promise<{ http: Server; wss: WebSocketServer; url: string }> {
  const http = createServer();
  const wss = new WebSocketServer({ server: http });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  const { port } = http.address() as AddressInfo;
  return { http, wss, url: `ws://127.0.0.1:${port}` };
}

async function shut(http: Server, wss: WebSocketServer): Promise<void> {
  for (const ws of wss.clients) ws.terminate();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  await new Promise<void>((resolve) => http.close(() => resolve()));
}

export interface AedesHandle {
  url: string;
  /** Each CONNECT as the broker read it, accepted or not. */
  connects: { clientId: string; username: string; password: string; keepalive: number; clean: boolean }[];
  /** What happened, in order: `publish <topic> <payload>` from clients, `subscribe <topic>`, `disconnect`. */
  events: string[];
  /** The password the broker accepts now. */
  acceptPassword: string;
  /** Delivers a message to subscribers, as the audio client's publish would. */
  publish(topic: string, payload: string): Promise<void>;
  /** Cuts every connection without MQTT's goodbye (a network drop). */
  dropAll(): void;
  connectionCount(): number;
  close(): Promise<void>;
}

/** A real Aedes broker over WebSocket, checking the password as the product's broker checks the access token. */
export async function startAedes(acceptPassword: string): Promise<AedesHandle> {
  const broker = await Aedes.createBroker();
  const { http, wss, url } = await listen();
  wss.on('connection', (ws, req) => broker.handle(createWebSocketStream(ws), req));
  const handle: AedesHandle = {
    url,
    connects: [],
    events: [],
    acceptPassword,
    publish: (topic, payload) =>
      new Promise<void>((resolve, reject) =>
        broker.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, dup: false, retain: false },
          (error) => (error ? reject(error) : resolve()),
        ),
      ),
    dropAll: () => {
      for (const ws of wss.clients) ws.terminate();
    },
    connectionCount: () => broker.connectedClients,
    close: async () => {
      await shut(http, wss);
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
  broker.preConnect = (_client, packet, done) => {
    const { clientId, username = '', password, keepalive = 0, clean = false, protocolVersion } = packet;
    handle.connects.push({ clientId, username, password: password?.toString('utf8') ?? '', keepalive, clean });
    done(null, protocolVersion === 4);
  };
  broker.authenticate = (_client, _username, password, done) => {
    const presented = password?.toString('utf8') ?? '';
    if (presented === handle.acceptPassword) return done(null, true);
    const error = new Error('Bad user name or password') as AuthenticateError;
    error.returnCode = BAD_USERNAME_OR_PASSWORD;
    done(error, false);
  };
  broker.on('publish', (packet, client) => {
    if (client) handle.events.push(`publish ${packet.topic} ${packet.payload.toString()}`);
  });
  broker.on('subscribe', (subscriptions) => {
    for (const s of subscriptions) handle.events.push(`subscribe ${s.topic}`);
  });
  broker.on('clientDisconnect', () => handle.events.push('disconnect'));
  return handle;
}

/** One packet a scripted server received: its type (high nibble of the first byte) and its body. */
export interface RawPacket {
  type: number;
  flags: number;
  body: Buffer;
}

export interface RawSocket {
  ws: WebSocket;
  /** Packets received, in order (the client sends each packet as one frame). */
  packets: RawPacket[];
  send(...frames: Uint8Array[]): void;
}

export interface RawHandle {
  url: string;
  sockets: RawSocket[];
  close(): Promise<void>;
}

/** A WebSocket server that plays the broker from a script: `onPacket` answers each packet the client sends. */
export async function startRawServer(onPacket: (packet: RawPacket, socket: RawSocket) => void): Promise<RawHandle> {
  const { http, wss, url } = await listen();
  const sockets: RawSocket[] = [];
  wss.on('connection', (ws) => {
    const socket: RawSocket = { ws, packets: [], send: (...frames) => frames.forEach((frame) => ws.send(frame)) };
    sockets.push(socket);
    ws.on('message', (data: Buffer) => {
      const first = data[0] ?? 0;
      const length = decodeRemainingLength(data, 1);
      if (!length) throw new Error('test server: a packet split across frames');
      const packet = { type: first >> 4, flags: first & 0x0f, body: data.subarray(1 + length.size) };
      socket.packets.push(packet);
      onPacket(packet, socket);
    });
  });
  return { url, sockets, close: () => shut(http, wss) };
}

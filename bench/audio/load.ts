/**
 * The audio bench's load (a child process of run.ts, so its own CPU never counts as the server's): one UDP socket per
 * musician, each sending one real Opus frame every `frame` samples at 48 kHz, to a Tutti room server (its binary
 * audio, after the ticket and cookie admission) or to Jamulus servers (their minimal protocol: transport properties,
 * channel info, acknowledgements, and the disconnection at the end). It counts what each socket receives during the
 * measured window and, for Tutti, the time from sending a frame to receiving it forwarded (by slot and sequence).
 */
import { createSocket, type Socket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { encodeRoomAudioIn, parseRoomTicket, ROOM_AUDIO_OUT } from '@tutti/contract/room';
import {
  ackn,
  channelInfo,
  JAMULUS,
  JAMULUS_CODEC,
  jamulusFrame,
  jitterBuffer,
  readJamulusFrame,
  transportProps,
} from './jamulus-wire.ts';

export interface LoadConfig {
  server: 'jamulus' | 'tutti';
  frame: 128 | 64;
  framesFile: string;
  frameBytes: number;
  /** Jamulus: one server port per room; Tutti: the one port, and a ticket per musician. */
  rooms: { port: number; tickets: string[] }[];
  warmupMs: number;
  measureMs: number;
}

export interface LoadReport {
  clients: number;
  sentInWindow: number;
  receivedPerClientSecond: number[];
  bytesPerClientSecond: number[];
  latencyMs: { p50: number; p99: number; samples: number } | null;
  clientPorts: number[];
}

interface Musician {
  socket: Socket;
  port: number;
  room: number;
  slot: number;
  key: Buffer;
  seq: number;
  counter: number;
  received: number;
  bytes: number;
  /** Send times by 16-bit sequence number (Tutti latency). */
  sentAt: Float64Array;
}

const config = JSON.parse(process.env.AUDIO_LOAD ?? '{}') as LoadConfig;
const frames = readFileSync(config.framesFile);
const frameCount = Math.floor(frames.length / config.frameBytes);
const intervalMs = (config.frame / 48_000) * 1000;
const musicians: Musician[] = [];
let measuring = false;
let sentInWindow = 0;
const latencies: number[] = [];

function open(room: number, slot: number): Promise<Musician> {
  const socket = createSocket({ type: 'udp4', recvBufferSize: 1 << 20 });
  return new Promise((resolve) => {
    socket.bind(0, '127.0.0.1', () => {
      resolve({
        socket,
        port: socket.address().port,
        room,
        slot,
        key: Buffer.alloc(8),
        seq: 0,
        counter: 0,
        received: 0,
        bytes: 0,
        sentAt: new Float64Array(0x10000),
      });
    });
  });
}

/** Tutti: join with the ticket, answer the challenge, keep the binding key. */
async function admit(m: Musician, port: number, ticket: string): Promise<void> {
  const claims = parseRoomTicket(ticket)?.claims;
  if (!claims) throw new Error('bad ticket');
  const join = { t: 'join', room: claims.room, player: claims.slot, charge: ticket };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no joined in time')), 5000);
    const onMessage = (msg: Buffer) => {
      if (msg[0] !== 0x7b) return;
      const d = JSON.parse(msg.toString('utf8')) as { t: string; cookie?: string; key?: string };
      if (d.t === 'challenge') m.socket.send(JSON.stringify({ ...join, cookie: d.cookie }), port, '127.0.0.1');
      if (d.t === 'joined') {
        Buffer.from(d.key ?? '', 'base64url').copy(m.key);
        clearTimeout(timer);
        m.socket.off('message', onMessage);
        resolve();
      }
      if (d.t === 'refused') reject(new Error(`refused: ${msg.toString()}`));
    };
    m.socket.on('message', onMessage);
    m.socket.send(JSON.stringify(join), port, '127.0.0.1');
  });
}

function listenTutti(m: Musician, byRoomSlot: Map<string, Musician>): void {
  m.socket.on('message', (msg) => {
    if (msg[0] !== ROOM_AUDIO_OUT) return;
    if (!measuring) return;
    m.received++;
    m.bytes += msg.length;
    const from = byRoomSlot.get(`${m.room}:${msg[2]}`);
    const sent = from?.sentAt[msg.readUInt16BE(6)] ?? 0;
    if (sent > 0) latencies.push(performance.now() - sent);
  });
}

function listenJamulus(m: Musician, port: number): void {
  const send = (b: Buffer) => m.socket.send(b, port, '127.0.0.1');
  const reliable = (id: number, data?: Uint8Array) => send(jamulusFrame(id, m.counter++, data));
  m.socket.on('message', (msg) => {
    const frame = readJamulusFrame(msg);
    if (!frame) {
      if (measuring) {
        m.received++;
        m.bytes += msg.length;
      }
      return;
    }
    if (frame.id < 1000 && frame.id !== JAMULUS.ACKN) send(ackn(frame.id, frame.counter));
    const codec = config.frame === 64 ? JAMULUS_CODEC.opus64 : JAMULUS_CODEC.opus;
    if (frame.id === JAMULUS.REQ_NETW_TRANSPORT_PROPS) {
      reliable(JAMULUS.NETW_TRANSPORT_PROPS, transportProps(config.frameBytes, codec));
    } else if (frame.id === JAMULUS.REQ_CHANNEL_INFOS) {
      reliable(JAMULUS.CHANNEL_INFOS, channelInfo(`bench ${m.room}.${m.slot}`));
    } else if (frame.id === JAMULUS.REQ_SPLIT_MESS_SUPPORT) {
      reliable(JAMULUS.SPLIT_MESS_SUPPORTED);
    } else if (frame.id === JAMULUS.REQ_JITT_BUF_SIZE) {
      reliable(JAMULUS.JITT_BUF_SIZE, jitterBuffer(2));
    }
  });
}

function payloadFor(m: Musician): Buffer {
  const i = (m.seq + m.slot * 37) % frameCount;
  return frames.subarray(i * config.frameBytes, (i + 1) * config.frameBytes);
}

function sendFrame(m: Musician): void {
  const port = config.rooms[m.room]?.port ?? 0;
  const payload = payloadFor(m);
  const seq = m.seq & 0xffff;
  if (config.server === 'tutti') {
    const bytes = encodeRoomAudioIn(m.key, {
      slot: m.slot,
      codec: 'opus',
      channels: 1,
      frameSize: config.frame,
      seq,
      payload,
    });
    m.sentAt[seq] = performance.now();
    m.socket.send(bytes, port, '127.0.0.1');
  } else {
    m.socket.send(payload, port, '127.0.0.1');
  }
  m.seq++;
  if (measuring) sentInWindow++;
}

async function main(): Promise<void> {
  const byRoomSlot = new Map<string, Musician>();
  for (const [r, room] of config.rooms.entries()) {
    for (const [slot, ticket] of room.tickets.entries()) {
      const m = await open(r, slot);
      musicians.push(m);
      byRoomSlot.set(`${r}:${slot}`, m);
      if (config.server === 'tutti') {
        await admit(m, room.port, ticket);
        listenTutti(m, byRoomSlot);
      } else {
        listenJamulus(m, room.port);
        m.socket.send(
          jamulusFrame(
            JAMULUS.NETW_TRANSPORT_PROPS,
            m.counter++,
            transportProps(config.frameBytes, config.frame === 64 ? JAMULUS_CODEC.opus64 : JAMULUS_CODEC.opus),
          ),
          room.port,
          '127.0.0.1',
        );
      }
    }
  }
  // Each musician on its own phase, as independent sound cards would be; exactly 48000/frame datagrams per second.
  const start = performance.now();
  const due = musicians.map((_, i) => start + (intervalMs * i) / musicians.length);
  let running = true;
  const tick = () => {
    const now = performance.now();
    for (let i = 0; i < musicians.length; i++) {
      while ((due[i] ?? Infinity) <= now) {
        sendFrame(musicians[i] as Musician);
        due[i] = (due[i] ?? 0) + intervalMs;
      }
    }
    if (running) setTimeout(tick, 1);
  };
  tick();
  await new Promise((r) => setTimeout(r, config.warmupMs));
  measuring = true;
  const windowStart = performance.now();
  process.send?.({ t: 'measure-start' });
  await new Promise((r) => setTimeout(r, config.measureMs));
  measuring = false;
  const windowSec = (performance.now() - windowStart) / 1000;
  process.send?.({ t: 'measure-end' });
  running = false;
  // Goodbyes: Jamulus keeps mixing a silent channel for a while without its disconnection message.
  for (const m of musicians) {
    const room = config.rooms[m.room];
    if (!room) continue;
    for (let i = 0; i < 3; i++) {
      if (config.server === 'jamulus')
        m.socket.send(jamulusFrame(JAMULUS.CLM_DISCONNECTION, 0), room.port, '127.0.0.1');
    }
  }
  await new Promise((r) => setTimeout(r, 300));
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const report: LoadReport = {
    clients: musicians.length,
    sentInWindow,
    receivedPerClientSecond: musicians.map((m) => m.received / windowSec),
    bytesPerClientSecond: musicians.map((m) => m.bytes / windowSec),
    latencyMs: latencies.length ? { p50: pick(0.5), p99: pick(0.99), samples: latencies.length } : null,
    clientPorts: musicians.map((m) => m.port),
  };
  process.send?.({ t: 'report', report });
  for (const m of musicians) m.socket.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

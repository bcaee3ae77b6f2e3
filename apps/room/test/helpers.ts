import { createSocket, type Socket } from 'node:dgram';
import { afterEach, beforeEach } from 'vitest';
import {
  decodeRoomAudioOut,
  encodeRoomAudioIn,
  ROOM_AUDIO_FRAME_MIN,
  ROOM_AUDIO_KEY_BYTES,
  RoomServerDatagramSchema,
  ROOM_TICKET_TTL_MS,
  type RoomServerDatagram,
} from '@tutti/contract/room';
import { startRoomServer, type RoomServer } from '../src/server.ts';
import { signRoomTicket } from '../src/ticket.ts';

/** The control secret of the servers `roomServerForEachTest` starts. */
export const SECRET = 'test-secret-0123456789';

/** A forwarded audio datagram as a test peer records it: the slot the room stamped, the sequence number, and the
 *  payload as base64. */
export interface HeardAudio {
  t: 'audio';
  player: number;
  seq: number;
  frame: string;
}
export type Heard = RoomServerDatagram | HeardAudio;

/** What tests send as audio: `frame` is base64 16-bit PCM (mono), zero-padded to whole frames of the smallest size;
 *  `key` (base64url) replaces the peer's binding key for the room, `null` sends a key of zeros. */
export interface TestAudio {
  t: 'audio';
  room: string;
  player: number;
  seq: number;
  frame: string;
  key?: string | null;
}

const FRAME_BYTES = ROOM_AUDIO_FRAME_MIN * 2;
const testPayload = (frame: string): Buffer => {
  const bytes = Buffer.from(frame, 'base64');
  const out = Buffer.alloc(Math.max(1, Math.ceil(bytes.length / FRAME_BYTES)) * FRAME_BYTES);
  bytes.copy(out);
  return out;
};
/** What the others hear of a test audio datagram. */
export const heardAs = (a: TestAudio): HeardAudio => ({
  t: 'audio',
  player: a.player,
  seq: a.seq,
  frame: testPayload(a.frame).toString('base64'),
});

/** The binary datagram of a test audio datagram, with the given binding key (base64url; zeros when none). */
export function encodeTestAudio(a: TestAudio, key: string | null | undefined): Buffer {
  const keyBytes = Buffer.alloc(ROOM_AUDIO_KEY_BYTES);
  if (key) Buffer.from(key, 'base64url').copy(keyBytes);
  const payload = testPayload(a.frame);
  const frame = { slot: a.player, codec: 'pcm16' as const, channels: 1 as const, seq: a.seq & 0xffff, payload };
  return Buffer.from(encodeRoomAudioIn(keyBytes, { ...frame, frameSize: payload.length / 2 }));
}

/** A UDP peer for tests: sends raw, JSON or audio datagrams to the room server and collects its answers. */
export class UdpPeer {
  readonly received: Heard[] = [];
  /** The binding key of each room this peer was admitted to: `send` adds it to audio and leaves (`key: null`: not). */
  readonly keys = new Map<string, string>();
  /** Bytes sent to the server and received from it, to measure what the server sends for what it gets. */
  bytesOut = 0;
  bytesIn = 0;
  private waiters: { match: (d: Heard) => boolean; resolve: (d: Heard) => void }[] = [];

  private constructor(
    private readonly socket: Socket,
    private readonly port: number,
  ) {
    socket.on('message', (msg) => {
      this.bytesIn += msg.length;
      const d = UdpPeer.read(msg);
      this.received.push(d);
      if (d.t === 'joined' && d.key !== undefined) this.keys.set(d.room, d.key);
      const waiter = this.waiters.find((w) => w.match(d));
      if (waiter) {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        waiter.resolve(d);
      }
    });
  }

  /** A server datagram: binary audio, or JSON that must match the contract (anything else fails the test). */
  static read(msg: Buffer): Heard {
    if (msg[0] !== 0x7b) {
      const audio = decodeRoomAudioOut(msg);
      if (!audio) throw new Error(`the room server sent an unreadable datagram: ${msg.toString('hex')}`);
      return { t: 'audio', player: audio.slot, seq: audio.seq, frame: Buffer.from(audio.payload).toString('base64') };
    }
    return RoomServerDatagramSchema.parse(JSON.parse(msg.toString('utf8')));
  }

  static async open(serverPort: number): Promise<UdpPeer> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
    return new UdpPeer(socket, serverPort);
  }

  get localPort(): number {
    return this.socket.address().port;
  }

  sendRaw(payload: Buffer | string): void {
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
    this.bytesOut += bytes.length;
    this.socket.send(bytes, this.port, '127.0.0.1');
  }

  send(datagram: object): void {
    if ((datagram as { t?: unknown }).t === 'audio') {
      const a = datagram as TestAudio;
      this.sendRaw(encodeTestAudio(a, 'key' in a ? a.key : this.keys.get(a.room)));
      return;
    }
    const d = datagram as { t?: unknown; room?: unknown; key?: unknown };
    const key = typeof d.room === 'string' ? this.keys.get(d.room) : undefined;
    const keyed = d.t === 'leave' && !('key' in d) && key !== undefined;
    const { key: given, ...rest } = d;
    this.sendRaw(JSON.stringify(keyed ? { ...d, key } : given === null ? rest : d));
  }

  /** The next datagram matching `match` (including one already received after `since`). */
  next(match: (d: Heard) => boolean = () => true, timeoutMs = 2000): Promise<Heard> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching datagram in time')), timeoutMs);
      this.waiters.push({
        match,
        resolve: (d) => {
          clearTimeout(timer);
          resolve(d);
        },
      });
    });
  }

  /** Sends and waits for the answer matching `match`. */
  async request(datagram: object, match: (d: Heard) => boolean = () => true): Promise<Heard> {
    const answer = this.next(match);
    this.send(datagram);
    return answer;
  }

  /** Resolves true if nothing arrives within `ms`. */
  async silentFor(ms: number): Promise<boolean> {
    const before = this.received.length;
    await new Promise((r) => setTimeout(r, ms));
    return this.received.length === before;
  }

  /** The whole admission: the join with its ticket, then again with the challenge's cookie. Returns the last answer
   *  (`joined`, or the refusal of either step). */
  async join(room: string, player: number, charge?: string): Promise<Heard> {
    const join = { t: 'join', room, player, ...(charge !== undefined && { charge }) };
    const first = await this.request(join, (d) => d.t !== 'audio');
    if (first.t !== 'challenge') return first;
    return this.request({ ...join, cookie: first.cookie }, (d) => d.t !== 'audio');
  }

  /** The whole admission, from a socket that already holds a slot of the room: the server answers its refusals
   *  with silence there (see udp.ts), so this only waits a moment after each step. */
  async joinSilently(room: string, player: number, charge?: string): Promise<void> {
    const join = { t: 'join', room, player, ...(charge !== undefined && { charge }) };
    const from = this.received.length;
    this.send(join);
    await new Promise((r) => setTimeout(r, 100));
    const challenge = this.received.slice(from).find((d) => d.t === 'challenge');
    if (challenge?.t === 'challenge') this.send({ ...join, cookie: challenge.cookie });
    await new Promise((r) => setTimeout(r, 100));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}

export interface TicketOptions {
  account?: string;
  /** Defaults to the server's clock. */
  issuedAt?: number;
  expiresAt?: number;
  secret?: string;
}

export interface TestRoomServer {
  /** The running test's server. */
  readonly server: RoomServer;
  /** The server's clock in milliseconds: a test moves it (`fixture.clock += ms`), then calls `server.sweep()`. */
  clock: number;
  /** The control API's address. */
  base(): string;
  /** A UDP peer of the server, closed after the test. */
  peer(): Promise<UdpPeer>;
  /** A ticket as the API signs it (account `acct-<slot>` unless given). */
  ticket(room: string, slot: number, options?: TicketOptions): string;
}

/** For each test of the suite: a room server on free ports of 127.0.0.1 that hands out `publicHost`, with its clock
 *  starting at `clockStart` and no sweep timer; after the test, its peers and the server closed. */
export function roomServerForEachTest(publicHost: string, clockStart: number): TestRoomServer {
  let current: RoomServer | undefined;
  const peers: UdpPeer[] = [];
  const fixture: TestRoomServer = {
    get server() {
      if (!current) throw new Error('the room server runs during tests only');
      return current;
    },
    clock: clockStart,
    base: () => `http://127.0.0.1:${fixture.server.httpPort}`,
    peer: async () => {
      const p = await UdpPeer.open(fixture.server.udpPort);
      peers.push(p);
      return p;
    },
    ticket: (room, slot, options = {}) => {
      const issuedAt = options.issuedAt ?? fixture.clock;
      return signRoomTicket(options.secret ?? SECRET, {
        room,
        slot,
        account: options.account ?? `acct-${slot}`,
        issuedAt,
        expiresAt: options.expiresAt ?? issuedAt + ROOM_TICKET_TTL_MS,
      });
    },
  };
  beforeEach(async () => {
    fixture.clock = clockStart;
    current = await startRoomServer({
      udpPort: 0,
      httpPort: 0,
      bindHost: '127.0.0.1',
      publicHost,
      secret: SECRET,
      now: () => fixture.clock,
      sweepIntervalMs: 0,
    });
  });
  afterEach(async () => {
    await Promise.all(peers.splice(0).map((p) => p.close()));
    await current?.close();
    current = undefined;
  });
  return fixture;
}

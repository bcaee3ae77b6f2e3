import { createSocket, type Socket } from 'node:dgram';
import { afterEach, beforeEach } from 'vitest';
import { RoomServerDatagramSchema, ROOM_TICKET_TTL_MS, type RoomServerDatagram } from '@tutti/contract/room';
import { startRoomServer, type RoomServer } from '../src/server.ts';
import { signRoomTicket } from '../src/ticket.ts';

/** The control secret of the servers `roomServerForEachTest` starts. */
export const SECRET = 'test-secret-0123456789';

/** A UDP peer for tests: sends raw or JSON datagrams to the room server and collects its answers. */
export class UdpPeer {
  readonly received: RoomServerDatagram[] = [];
  /** The binding key of each room this peer was admitted to: `send` adds it to audio and leaves (`key: null`: not). */
  readonly keys = new Map<string, string>();
  /** Bytes sent to the server and received from it, to measure what the server sends for what it gets. */
  bytesOut = 0;
  bytesIn = 0;
  private waiters: { match: (d: RoomServerDatagram) => boolean; resolve: (d: RoomServerDatagram) => void }[] = [];

  private constructor(
    private readonly socket: Socket,
    private readonly port: number,
  ) {
    socket.on('message', (msg) => {
      this.bytesIn += msg.length;
      const d = RoomServerDatagramSchema.parse(JSON.parse(msg.toString('utf8')));
      this.received.push(d);
      if (d.t === 'joined' && d.key !== undefined) this.keys.set(d.room, d.key);
      const waiter = this.waiters.find((w) => w.match(d));
      if (waiter) {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        waiter.resolve(d);
      }
    });
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
    const d = datagram as { t?: unknown; room?: unknown; key?: unknown };
    const key = typeof d.room === 'string' ? this.keys.get(d.room) : undefined;
    const keyed = (d.t === 'audio' || d.t === 'leave') && !('key' in d) && key !== undefined;
    const { key: given, ...rest } = d;
    this.sendRaw(JSON.stringify(keyed ? { ...d, key } : given === null ? rest : d));
  }

  /** The next datagram matching `match` (including one already received after `since`). */
  next(match: (d: RoomServerDatagram) => boolean = () => true, timeoutMs = 2000): Promise<RoomServerDatagram> {
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
  async request(datagram: object, match: (d: RoomServerDatagram) => boolean = () => true): Promise<RoomServerDatagram> {
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
  async join(room: string, player: number, charge?: string): Promise<RoomServerDatagram> {
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

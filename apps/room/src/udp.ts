import type { Socket } from 'node:dgram';
import type { Logger } from 'pino';
import {
  ROOM_AUDIO_FORWARD_OFFSET,
  ROOM_AUDIO_IN,
  ROOM_AUDIO_OUT,
  ROOM_AUDIO_VERSION,
  ROOM_MAX_DATAGRAM_BYTES,
  RoomClientDatagramSchema,
  roomAudioProblem,
  type RoomClientDatagram,
  type RoomJoin,
  type RoomLeave,
  type RoomServerDatagram,
} from '@tutti/contract/room';
import type { Cookies } from './cookies.ts';
import type { Endpoint } from './endpoint.ts';
import type { RoomRegistry } from './rooms/registry.ts';
import { verifyRoomTicket } from './ticket.ts';

/** Why a datagram was dropped: not a datagram of the protocol, too large, audio from an address no player is bound
 *  to, audio from a player's address without its binding key. */
export const DROP_REASONS = ['malformed', 'oversize', 'unbound', 'badKey'] as const;
export type DropReason = (typeof DROP_REASONS)[number];

export interface UdpCounters {
  datagramsIn: number;
  datagramsOut: number;
  /** Audio datagrams accepted and forwarded, and JSON control datagrams read. */
  audio: number;
  control: number;
  /** The same as dropped.malformed (kept for API servers that read only it). */
  malformed: number;
  dropped: Record<DropReason, number>;
}

const OPEN_BRACE = 0x7b;

/**
 * Reads client datagrams and answers them. Never throws: a bad datagram is counted and ignored.
 *
 * Audio (binary, one per frame) takes the hot path: one map lookup by source address, a constant-time check of the
 * binding key, then the forwarded header is written into the received buffer and its tail sent to each recipient.
 * Nothing is parsed past the header nor copied, nothing is allocated but the view the socket sends.
 *
 * Admission (JSON): a join needs a ticket the API signed for that room and slot (ticket.ts), then a second join
 * carrying the cookie the first one was answered with (cookies.ts), which proves the sender receives at its address.
 * Nothing is forwarded to an endpoint before that, and no direct answer is ever larger than the datagram it answers,
 * so a forged source address cannot turn this server into an amplifier towards someone else.
 */
export class UdpHandler {
  readonly counters: UdpCounters = {
    datagramsIn: 0,
    datagramsOut: 0,
    audio: 0,
    control: 0,
    malformed: 0,
    dropped: { malformed: 0, oversize: 0, unbound: 0, badKey: 0 },
  };
  /** One callback for every send, so a forwarded packet allocates no closure. */
  private readonly sent = (err: Error | null): void => {
    // Unreachable peers (ICMP errors) are normal on UDP: log, never crash.
    if (err) this.log.debug({ err }, 'datagram not sent');
  };

  constructor(
    private readonly socket: Socket,
    private readonly registry: RoomRegistry,
    private readonly secret: string,
    private readonly cookies: Cookies,
    private readonly log: Logger,
  ) {}

  handle(msg: Buffer, address: string, port: number): void {
    this.counters.datagramsIn++;
    if (msg.length > ROOM_MAX_DATAGRAM_BYTES) return this.drop('oversize');
    const first = msg[0];
    if (first === ROOM_AUDIO_IN) return this.audio(msg, address, port);
    if (first !== OPEN_BRACE) return this.drop('malformed');
    this.control(msg, { address, port });
  }

  private drop(reason: DropReason): void {
    this.counters.dropped[reason]++;
    if (reason === 'malformed') this.counters.malformed++;
  }

  private audio(msg: Buffer, address: string, port: number): void {
    const problem = roomAudioProblem(msg, ROOM_AUDIO_FORWARD_OFFSET);
    if (problem !== null) return this.drop(problem === 'oversize' ? 'oversize' : 'malformed');
    const player = this.registry.playerAt(address, port);
    if (!player) {
      this.drop('unbound');
      // Tells a client whose room was closed or who was dropped that it must join again (an address bound to no
      // player anywhere on this server: a forged source gets at most as many bytes as were sent).
      this.reply({ address, port }, { t: 'refused', reason: 'NOT_JOINED' }, msg.length);
      return;
    }
    // Constant time: both halves always compared, no early exit. A forged source lacks the key: silence.
    const diff = (msg.readUInt32BE(2) ^ player.keyHigh) | (msg.readUInt32BE(6) ^ player.keyLow);
    if (diff !== 0) return this.drop('badKey');
    this.counters.audio++;
    player.lastSeen = this.registry.now();
    msg[ROOM_AUDIO_FORWARD_OFFSET] = ROOM_AUDIO_OUT;
    msg[ROOM_AUDIO_FORWARD_OFFSET + 1] = ROOM_AUDIO_VERSION;
    msg[ROOM_AUDIO_FORWARD_OFFSET + 2] = player.slot;
    // The key ends before the forwarded tail: the others never see it.
    const forwarded = msg.subarray(ROOM_AUDIO_FORWARD_OFFSET);
    const recipients = player.recipients;
    for (let i = 0; i < recipients.length; i++) {
      const to = recipients[i] as Endpoint;
      this.counters.datagramsOut++;
      this.socket.send(forwarded, to.port, to.address, this.sent);
    }
  }

  private control(msg: Buffer, from: Endpoint): void {
    const datagram = this.parse(msg);
    if (!datagram) {
      this.drop('malformed');
      this.log.debug({ from: `${from.address}:${from.port}`, bytes: msg.length }, 'malformed datagram ignored');
      return;
    }
    this.counters.control++;
    this.registry.touch(from);
    const reply = (answer: RoomServerDatagram) => this.reply(from, answer, msg.length);
    switch (datagram.t) {
      case 'ping':
        reply({ t: 'pong', id: datagram.id, sentAt: datagram.sentAt });
        return;
      case 'join':
        this.join(datagram, from, reply);
        return;
      case 'leave':
        this.leave(datagram, from);
        return;
    }
  }

  /** A direct answer, never larger than the datagram it answers (a refusal loses its room id to fit, or is not sent). */
  private reply(to: Endpoint, datagram: RoomServerDatagram, budget: number): void {
    let payload = Buffer.from(JSON.stringify(datagram));
    if (payload.length > budget && datagram.t === 'refused') {
      payload = Buffer.from(JSON.stringify({ t: 'refused', reason: datagram.reason }));
    }
    if (payload.length > budget) {
      this.log.debug({ to: `${to.address}:${to.port}`, t: datagram.t }, 'answer larger than its request not sent');
      return;
    }
    this.counters.datagramsOut++;
    this.socket.send(payload, to.port, to.address, this.sent);
  }

  private parse(msg: Buffer): RoomClientDatagram | null {
    let json: unknown;
    try {
      json = JSON.parse(msg.toString('utf8'));
    } catch {
      return null;
    }
    const parsed = RoomClientDatagramSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  }

  private join(join: RoomJoin, from: Endpoint, answer: (d: RoomServerDatagram) => void): void {
    const now = this.registry.now();
    const room = this.registry.get(join.room);
    // A refusal sent to a player would end its link: a failing join "from" a bound address is forged (its real client
    // only joins again with its own valid ticket), so it gets no answer.
    const bound = this.registry.playerAt(from.address, from.port) !== undefined;
    const reply = (d: RoomServerDatagram) => (d.t === 'refused' && bound ? undefined : answer(d));
    const ticket = verifyRoomTicket(this.secret, join.charge, { room: join.room, slot: join.player, now });
    if (!ticket.ok) {
      reply({ t: 'refused', room: join.room, reason: ticket.reason });
      return;
    }
    if (!room) {
      reply({ t: 'refused', room: join.room, reason: 'UNKNOWN_ROOM' });
      return;
    }
    const { claims } = ticket;
    const admission = { slot: claims.slot, account: claims.account, issuedAt: claims.issuedAt };
    if (room.isRevoked(admission)) {
      reply({ t: 'refused', room: join.room, reason: 'TICKET_REVOKED' });
      return;
    }
    if (join.cookie === undefined || !this.cookies.check(join.cookie, from, claims)) {
      // Stateless until proven: the cookie goes to the claimed address, and only its real owner can send it back.
      reply({ t: 'challenge', room: room.id, player: claims.slot, cookie: this.cookies.issue(from, claims) });
      return;
    }
    const result = room.admit(admission, from, now);
    if (!result.ok) {
      reply({ t: 'refused', room: join.room, reason: result.reason });
      return;
    }
    for (const p of result.replaced) {
      this.log.info({ room: room.id, slot: p.slot, from: `${p.address}:${p.port}` }, 'player rebound by a new join');
    }
    this.log.info({ room: room.id, slot: join.player, from: `${from.address}:${from.port}` }, 'player joined');
    reply({ t: 'joined', room: room.id, player: join.player, key: result.player.key });
  }

  /** Only the endpoint bound to the slot, with its key, can leave it: from anywhere else it changes nothing. */
  private leave(leave: RoomLeave, from: Endpoint): void {
    const player = this.registry.playerAt(from.address, from.port);
    if (!player || player.room.id !== leave.room || player.slot !== leave.player || leave.key !== player.key) return;
    player.room.remove(player.slot, this.registry.now());
    this.log.info({ room: leave.room, slot: player.slot }, 'player left');
  }
}

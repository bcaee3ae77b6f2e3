import type { Socket } from 'node:dgram';
import type { Logger } from 'pino';
import {
  ROOM_MAX_DATAGRAM_BYTES,
  RoomClientDatagramSchema,
  type RoomAudio,
  type RoomClientDatagram,
  type RoomJoin,
  type RoomLeave,
  type RoomServerDatagram,
} from '@tutti/contract/room';
import type { Cookies } from './cookies.ts';
import type { RoomRegistry } from './rooms/registry.ts';
import type { Endpoint } from './rooms/room.ts';
import { verifyRoomTicket } from './ticket.ts';

export interface UdpCounters {
  datagramsIn: number;
  datagramsOut: number;
  malformed: number;
}

/**
 * Reads client datagrams and answers them. Never throws: a bad datagram is counted and ignored.
 *
 * Admission: a join needs a ticket the API signed for that room and slot (ticket.ts), then a second join carrying the
 * cookie the first one was answered with (cookies.ts), which proves the sender receives at its address. Nothing is
 * forwarded to an endpoint before that, and no direct answer is ever larger than the datagram it answers, so a forged
 * source address cannot turn this server into an amplifier towards someone else.
 */
export class UdpHandler {
  readonly counters: UdpCounters = { datagramsIn: 0, datagramsOut: 0, malformed: 0 };

  constructor(
    private readonly socket: Socket,
    private readonly registry: RoomRegistry,
    private readonly secret: string,
    private readonly cookies: Cookies,
    private readonly log: Logger,
  ) {}

  handle(msg: Buffer, from: Endpoint): void {
    this.counters.datagramsIn++;
    const datagram = this.parse(msg);
    if (!datagram) {
      this.counters.malformed++;
      this.log.debug({ from: `${from.address}:${from.port}`, bytes: msg.length }, 'malformed datagram ignored');
      return;
    }
    this.registry.touch(from);
    const reply = (answer: RoomServerDatagram) => this.reply(from, answer, msg.length);
    switch (datagram.t) {
      case 'ping':
        reply({ t: 'pong', id: datagram.id, sentAt: datagram.sentAt });
        return;
      case 'join':
        this.join(datagram, from, reply);
        return;
      case 'audio':
        this.audio(datagram, from, reply);
        return;
      case 'leave':
        this.leave(datagram, from);
        return;
    }
  }

  /** To a player that proved its address (forwarded audio, echoes). */
  send(to: Endpoint, datagram: RoomServerDatagram): void {
    this.write(to, Buffer.from(JSON.stringify(datagram)));
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
    this.write(to, payload);
  }

  private write(to: Endpoint, payload: Buffer): void {
    this.counters.datagramsOut++;
    this.socket.send(payload, to.port, to.address, (err) => {
      // Unreachable peers (ICMP errors) are normal on UDP: log, never crash.
      if (err) this.log.debug({ err, to: `${to.address}:${to.port}` }, 'datagram not sent');
    });
  }

  private parse(msg: Buffer): RoomClientDatagram | null {
    if (msg.length === 0 || msg.length > ROOM_MAX_DATAGRAM_BYTES) return null;
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
    // A refusal sent to a player of the room would end its link: a failing join "from" a player's address is forged
    // (its real client only joins again with its own valid ticket), so it gets no answer.
    const bound = room?.playerAt(from) !== undefined;
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

  private audio(audio: RoomAudio, from: Endpoint, reply: (d: RoomServerDatagram) => void): void {
    const room = this.registry.get(audio.room);
    const player = room?.playerAt(from);
    // Forged with a player's own address: ignored, and not answered either (a refusal would end their link).
    if (player && audio.key !== player.key) return;
    if (!room || !player || player.slot !== audio.player) {
      // Tells a client whose room was closed or who was dropped that it must join again.
      reply({ t: 'refused', room: audio.room, reason: room ? 'NOT_JOINED' : 'UNKNOWN_ROOM' });
      return;
    }
    // The key is the sender's alone: the others get the packet without it.
    const { key: _key, ...forwarded } = audio;
    for (const delivery of room.route(player, forwarded)) this.send(delivery.to, delivery.datagram);
  }

  /** Only the endpoint bound to the slot, with its key, can leave it: from anywhere else it changes nothing. */
  private leave(leave: RoomLeave, from: Endpoint): void {
    const room = this.registry.get(leave.room);
    const player = room?.playerAt(from);
    if (!room || !player || player.slot !== leave.player || leave.key !== player.key) return;
    room.remove(player.slot, this.registry.now());
    this.log.info({ room: room.id, slot: player.slot }, 'player left');
  }
}

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
import type { RoomRegistry } from './rooms/registry.ts';
import type { Endpoint } from './rooms/room.ts';

export interface UdpCounters {
  datagramsIn: number;
  datagramsOut: number;
  malformed: number;
}

/** Reads client datagrams and answers them. Never throws: a bad datagram is counted and ignored. */
export class UdpHandler {
  readonly counters: UdpCounters = { datagramsIn: 0, datagramsOut: 0, malformed: 0 };

  constructor(
    private readonly socket: Socket,
    private readonly registry: RoomRegistry,
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
    switch (datagram.t) {
      case 'ping':
        this.send(from, { t: 'pong', id: datagram.id, sentAt: datagram.sentAt });
        return;
      case 'join':
        this.join(datagram, from);
        return;
      case 'audio':
        this.audio(datagram, from);
        return;
      case 'leave':
        this.leave(datagram, from);
        return;
    }
  }

  send(to: Endpoint, datagram: RoomServerDatagram): void {
    const payload = Buffer.from(JSON.stringify(datagram));
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

  private join(join: RoomJoin, from: Endpoint): void {
    const room = this.registry.get(join.room);
    if (!room) {
      this.send(from, { t: 'refused', room: join.room, reason: 'UNKNOWN_ROOM' });
      return;
    }
    const result = room.admit(join, from, this.registry.now());
    if (!result.ok) {
      this.send(from, { t: 'refused', room: join.room, reason: result.reason });
      return;
    }
    for (const p of result.replaced) this.log.info({ room: room.id, slot: p.slot }, 'player replaced by a new join');
    this.log.info({ room: room.id, slot: join.player, from: `${from.address}:${from.port}` }, 'player joined');
    this.send(from, { t: 'joined', room: room.id, player: join.player });
  }

  private audio(audio: RoomAudio, from: Endpoint): void {
    const room = this.registry.get(audio.room);
    const player = room?.playerAt(from);
    if (!room || !player || player.slot !== audio.player) {
      // Tells a client whose room was closed or who was dropped that it must join again.
      this.send(from, { t: 'refused', room: audio.room, reason: room ? 'NOT_JOINED' : 'UNKNOWN_ROOM' });
      return;
    }
    for (const delivery of room.route(player, audio)) this.send(delivery.to, delivery.datagram);
  }

  private leave(leave: RoomLeave, from: Endpoint): void {
    const room = this.registry.get(leave.room);
    const player = room?.playerAt(from);
    if (!room || !player || player.slot !== leave.player) return;
    room.remove(player.slot, this.registry.now());
    this.log.info({ room: room.id, slot: player.slot }, 'player left');
  }
}

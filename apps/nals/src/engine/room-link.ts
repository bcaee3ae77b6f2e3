import { createSocket, type Socket } from 'node:dgram';
import { performance } from 'node:perf_hooks';
import {
  decodeRoomAudioOut,
  encodeRoomAudioIn,
  parseRoomTicket,
  ROOM_AUDIO_KEY_BYTES,
  ROOM_AUDIO_OUT,
  RoomServerDatagramSchema,
  unwrapRoomSeq,
  type RoomClientDatagram,
  type RoomServerDatagram,
} from '@tutti/contract/room';
import type { Log } from '../log.ts';
import type { Faults } from './faults.ts';
import type { Mixer } from './mixer.ts';
import { decodeFrame, encodeFrame, rms, SIM_SAMPLE_RATE, type SimulatedInput } from './signal.ts';
import type { SignalSink } from './signal-sink.ts';
import type { EngineTiming } from './timing.ts';

export interface RoomTarget {
  ip: string;
  port: number;
  player: number;
  charge?: string;
}

type DisReason = 'requested' | 'lost' | 'refused';

interface Link {
  target: RoomTarget;
  room: string;
  socket: Socket;
  phase: 'joining' | 'connected';
  /** The room server's return-routability cookie, sent back in every join once received. */
  cookie: string | null;
  /** The binding key of `joined`, in every audio and leave datagram (rooms without one send none: zeros in audio). */
  key: string | undefined;
  keyBytes: Uint8Array;
  timers: NodeJS.Timeout[];
  lastHeardAt: number;
  lastRttMs: number | null;
  seq: number;
  framesSent: number;
  framesReceived: number;
  /** Per slot heard, the newest full sequence number (16-bit on the wire, unwrapped). */
  heard: Map<number, number>;
  /** Sends the join (with the cookie once there is one). */
  join: () => void;
  /** Sums of squares over the current levels window (RMS = sqrt(sum / count)), what is heard kept per slot. */
  window: LevelsWindow;
}

interface LevelsWindow {
  inSq: number;
  inN: number;
  /** By the slot of the player whose frames they are (the `player` of each audio datagram). */
  out: Map<number, { sq: number; n: number }>;
}

const emptyWindow = (): LevelsWindow => ({ inSq: 0, inN: 0, out: new Map() });

/**
 * The audio path to a room server: a real UDP exchange (join, simulated audio frames, pings) with loss detection.
 * Everything it learns goes out through the signal sink: cnx, dis, ping, audio_levels, and error ROOM_UNREACHABLE.
 */
export class RoomLink {
  private link: Link | null = null;
  private pingId = 0;
  private readonly pending = new Map<number, (rttMs: number | null) => void>();

  constructor(
    private readonly emit: SignalSink,
    private readonly input: SimulatedInput,
    private readonly mixer: Mixer,
    private readonly faults: Faults,
    private readonly timing: EngineTiming,
    private readonly log: Log,
  ) {}

  get connected(): boolean {
    return this.link?.phase === 'connected';
  }

  snapshot() {
    const l = this.link;
    if (!l) return null;
    return {
      phase: l.phase,
      ip: l.target.ip,
      port: l.target.port,
      player: l.target.player,
      room: l.room,
      lastRttMs: l.lastRttMs,
      framesSent: l.framesSent,
      framesReceived: l.framesReceived,
    };
  }

  /** Starts joining; `cnx` (or `error` + `dis`) follows when the room answers or the join times out. */
  async connect(target: RoomTarget): Promise<void> {
    if (this.link) this.end('requested');
    if (!target.charge) {
      this.fail('connect needs the room ticket in "charge"');
      return;
    }
    // A ticket names its room; a charge that is no ticket is taken as a bare room id (room servers without tickets).
    const room = parseRoomTicket(target.charge)?.claims.room ?? target.charge;
    const socket = createSocket('udp4');
    socket.on('error', (err) => this.log.warn('room socket error', { err }));
    await new Promise<void>((resolve) => socket.bind(0, () => resolve()));
    const link: Link = {
      target,
      room,
      socket,
      phase: 'joining',
      cookie: null,
      key: undefined,
      keyBytes: new Uint8Array(ROOM_AUDIO_KEY_BYTES),
      join: () => undefined,
      timers: [],
      lastHeardAt: performance.now(),
      lastRttMs: null,
      seq: 0,
      framesSent: 0,
      framesReceived: 0,
      heard: new Map(),
      window: emptyWindow(),
    };
    this.link = link;
    socket.on('message', (msg) => this.receive(link, msg));
    const join = (): void =>
      this.send(link, {
        t: 'join',
        room: link.room,
        player: target.player,
        charge: target.charge,
        ...(link.cookie !== null && { cookie: link.cookie }),
      });
    link.join = join;
    join();
    link.timers.push(setInterval(join, this.timing.joinRetryMs));
    link.timers.push(
      setTimeout(() => {
        if (this.link === link && link.phase === 'joining') {
          this.fail(`no answer from the room server at ${target.ip}:${target.port} in ${this.timing.joinTimeoutMs} ms`);
        }
      }, this.timing.joinTimeoutMs),
    );
    this.log.info('joining room', { ip: target.ip, port: target.port, room: link.room, player: target.player });
  }

  /** Leaves the room (if any) and reports `dis {reason: 'requested'}`. */
  disconnect(): void {
    if (this.link) this.end('requested');
    else this.emit('dis', { reason: 'requested' });
  }

  /** One UDP round trip to the room server in ms, or null when not connected or the pong never came. */
  ping(): Promise<number | null> {
    const link = this.link;
    if (!link || link.phase !== 'connected') return Promise.resolve(null);
    const id = this.pingId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve(null);
      }, this.timing.pingTimeoutMs);
      this.pending.set(id, (rtt) => {
        clearTimeout(timer);
        resolve(rtt);
      });
      this.send(link, { t: 'ping', id, sentAt: performance.now() });
    });
  }

  /** Drops the link without any signal (process exit). */
  close(): void {
    if (this.link) this.teardown(this.link, true);
  }

  private receive(link: Link, msg: Buffer): void {
    if (this.link !== link) return;
    if (msg[0] === ROOM_AUDIO_OUT) {
      this.hear(link, msg);
      return;
    }
    let datagram: RoomServerDatagram;
    try {
      const parsed = RoomServerDatagramSchema.safeParse(JSON.parse(msg.toString('utf8')));
      if (!parsed.success) return;
      datagram = parsed.data;
    } catch {
      return;
    }
    link.lastHeardAt = performance.now();
    switch (datagram.t) {
      case 'challenge':
        // The server checks that we receive at our address: the same join again, with its cookie, right away.
        if (link.phase === 'joining' && datagram.room === link.room && datagram.player === link.target.player) {
          link.cookie = datagram.cookie;
          link.join();
        }
        return;
      case 'joined':
        if (link.phase === 'joining' && datagram.room === link.room) {
          link.key = datagram.key;
          if (datagram.key !== undefined) Buffer.from(datagram.key, 'base64url').copy(link.keyBytes);
          this.joined(link);
        }
        return;
      case 'refused':
        if (link.phase === 'joining') this.fail(`the room server refused the join: ${datagram.reason}`, 'refused');
        // Our room was closed or we were dropped while connected: the connection is gone. Audio names no room, so its
        // NOT_JOINED names none: the server sends it only to an address bound to no player (a forged datagram from a
        // player's address gets silence). A refusal naming another room is not about our link.
        else if (datagram.room === link.room || (datagram.room === undefined && datagram.reason === 'NOT_JOINED')) {
          this.end('lost');
        }
        return;
      case 'pong': {
        const rtt = performance.now() - datagram.sentAt;
        link.lastRttMs = rtt;
        this.pending.get(datagram.id)?.(rtt);
        this.pending.delete(datagram.id);
        return;
      }
    }
  }

  /** A forwarded frame: its slot's level. A late or repeated frame (by its unwrapped sequence number) is not heard. */
  private hear(link: Link, msg: Buffer): void {
    const audio = decodeRoomAudioOut(msg);
    if (!audio || audio.codec !== 'pcm16') return;
    link.lastHeardAt = performance.now();
    const newest = link.heard.get(audio.slot) ?? -1;
    const seq = unwrapRoomSeq(newest, audio.seq);
    if (seq <= newest) return;
    link.heard.set(audio.slot, seq);
    link.framesReceived++;
    const samples = decodeFrame(audio.payload);
    const slot = link.window.out.get(audio.slot) ?? { sq: 0, n: 0 };
    slot.sq += rms(samples) ** 2;
    slot.n++;
    link.window.out.set(audio.slot, slot);
  }

  private joined(link: Link): void {
    link.phase = 'connected';
    for (const t of link.timers) clearTimeout(t);
    const samplesPerFrame = Math.round((SIM_SAMPLE_RATE * this.timing.frameIntervalMs) / 1000);
    link.timers = [
      setInterval(() => this.sendFrame(link, samplesPerFrame), this.timing.frameIntervalMs),
      setInterval(() => this.reportLevels(link), this.timing.levelsIntervalMs),
      setInterval(() => void this.periodicPing(), this.timing.pingIntervalMs),
      setInterval(
        () => {
          if (performance.now() - link.lastHeardAt > this.timing.lostAfterMs) {
            this.log.warn('room silent: connection lost', { room: link.room });
            this.end('lost');
          }
        },
        Math.min(250, this.timing.lostAfterMs),
      ),
    ];
    this.log.info('joined room', { room: link.room, player: link.target.player });
    this.emit('cnx', { ip: link.target.ip, port: link.target.port, player: link.target.player });
    void this.periodicPing();
  }

  private sendFrame(link: Link, samples: number): void {
    const frame = this.input.next(samples);
    const level = rms(frame);
    link.window.inSq += level ** 2;
    link.window.inN++;
    link.framesSent++;
    const payload = encodeFrame(frame);
    const seq = link.seq++ & 0xffff;
    const slot = link.target.player;
    const audio = { slot, codec: 'pcm16' as const, channels: 1 as const, frameSize: samples, seq, payload };
    this.send(link, encodeRoomAudioIn(link.keyBytes, audio));
  }

  private reportLevels(link: Link): void {
    const w = link.window;
    const input = w.inN ? Math.sqrt(w.inSq / w.inN) : 0;
    link.window = emptyWindow();
    // Each slot heard, through its monitor-mix gain. In an echo room that is one's own slot, coming back from the
    // server; in a rehearsal room, the other players. The output adds the slots' powers (uncorrelated sources).
    const slots: Record<string, number> = {};
    let outputSq = 0;
    for (const [slot, { sq, n }] of [...w.out].sort(([a], [b]) => a - b)) {
      const level = Math.min(1, Math.sqrt(sq / n) * this.mixer.gain(slot));
      slots[String(slot)] = round3(level);
      outputSq += level ** 2;
    }
    this.emit('audio_levels', {
      input: round3(input),
      output: round3(Math.min(1, Math.sqrt(outputSq))),
      slots,
    });
  }

  private async periodicPing(): Promise<void> {
    const rtt = await this.ping();
    if (rtt !== null) this.emit('ping', { rttMs: round3(rtt) });
  }

  /** A JSON control datagram, or binary audio. */
  private send(link: Link, datagram: RoomClientDatagram | Uint8Array, sent?: () => void): void {
    // The injected fault stands for a firewall: datagrams leave nothing behind.
    if (this.faults.has('ROOM_UNREACHABLE')) {
      sent?.();
      return;
    }
    // `--latency`: the datagram leaves later, as over a distant network (a ping's clock already runs).
    if (this.timing.roomDelayMs > 0) {
      setTimeout(() => this.transmit(link, datagram, sent), this.timing.roomDelayMs);
      return;
    }
    this.transmit(link, datagram, sent);
  }

  private transmit(link: Link, datagram: RoomClientDatagram | Uint8Array, sent?: () => void): void {
    const bytes = datagram instanceof Uint8Array ? datagram : JSON.stringify(datagram);
    try {
      link.socket.send(bytes, link.target.port, link.target.ip, (err) => {
        if (err) this.log.debug('datagram not sent', { err });
        sent?.();
      });
    } catch (err) {
      // The socket was closed under a timer that was already due.
      this.log.debug('datagram not sent', { err });
      sent?.();
    }
  }

  private fail(message: string, reason: DisReason = 'refused'): void {
    this.log.warn('room unreachable', { message });
    if (this.link) this.teardown(this.link, false);
    this.emit('error', { code: 'ROOM_UNREACHABLE', message });
    this.emit('dis', { reason });
  }

  private end(reason: DisReason): void {
    const link = this.link;
    if (!link) return;
    this.teardown(link, reason === 'requested' && link.phase === 'connected');
    this.emit('dis', { reason });
  }

  /** Stops timers and closes the socket; with `leave`, once the leave datagram has gone out. */
  private teardown(link: Link, leave: boolean): void {
    for (const t of link.timers) clearTimeout(t);
    link.timers = [];
    if (this.link === link) this.link = null;
    for (const resolve of this.pending.values()) resolve(null);
    this.pending.clear();
    const close = () => {
      try {
        link.socket.close();
      } catch {
        // Already closed.
      }
    };
    const key = link.key !== undefined ? { key: link.key } : {};
    if (leave) this.send(link, { t: 'leave', room: link.room, player: link.target.player, ...key }, close);
    else close();
  }
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

import {
  encodeConnect,
  encodeDisconnect,
  encodePingreq,
  encodePuback,
  encodePublish,
  encodeSubscribe,
  MqttProtocolError,
  PacketReader,
  type IncomingPacket,
  type Qos,
} from './packets';

/**
 * A minimal MQTT 3.1.1 client over the browser's WebSocket (subprotocol `mqtt`, binary frames), for the page's one
 * link to the broker: clean sessions, QoS 0 and 1, keepalive, reconnection. It replaces MQTT.js in the web (issue 9:
 * 100 KB gzipped evaluated as one long task on the hall); `openBroker` (../mqtt-client.ts) is its only user.
 */

export interface MqttOptions {
  url: string;
  clientId: string;
  username: string;
  /** Read when each CONNECT is sent, so every attempt presents the credentials of that moment. */
  password: () => string;
  /** 0 turns the keepalive off. */
  keepaliveSec: number;
  /** From opening the socket to CONNACK. */
  connectTimeoutMs: number;
  /** Delay before the next attempt after a drop, a refusal or a failed attempt. */
  reconnectPeriodMs: number;
}

export interface MqttEvents {
  /** A new attempt starts after a drop (not called for the first one). */
  reconnecting(): void;
  /** CONNACK accepted the connection: subscribe now (sessions are clean, nothing is kept across connections). */
  connected(): void;
  message(topic: string, payload: Uint8Array): void;
  /**
   * The connection ended, or an attempt failed; the next attempt follows after `reconnectPeriodMs`. `error` when the
   * broker refused the CONNECT (its return code in the message), broke the protocol, or stopped answering pings.
   */
  down(error?: Error): void;
}

export interface MqttConnection {
  /** The granted QoS (0x80: refused); rejects if the connection is lost first. */
  subscribe(topic: string, qos: Qos): Promise<number>;
  /** QoS 0: resolves once written; QoS 1: on the broker's PUBACK. Rejects if not connected or lost first. */
  publish(topic: string, payload: string, qos: Qos): Promise<void>;
  /** Ends for good. `flush`: wait (at most `connectTimeoutMs`) for the PUBACKs of publishes in flight first. */
  end(flush?: boolean): void;
}

/** The WebSocket as this client uses it; the browser's, or `ws`'s in Node tests. */
export type SocketFactory = (url: string, protocol: string) => WebSocket;

const browserSocket: SocketFactory = (url, protocol) => new WebSocket(url, protocol);

/** CONNACK return codes 1 to 5 (section 3.2.2.3), worded as MQTT.js words them. */
const REFUSALS: Record<number, string> = {
  1: 'Unacceptable protocol version',
  2: 'Identifier rejected',
  3: 'Server unavailable',
  4: 'Bad username or password',
  5: 'Not authorized',
};

const OPEN = 1;
const encoder = new TextEncoder();

interface Pending {
  resolve(granted: number): void;
  reject(error: Error): void;
}

class Connection implements MqttConnection {
  private socket: WebSocket | null = null;
  private reader = new PacketReader();
  private connected = false;
  private ended = false;
  private lastId = 0;
  /** Publishes waiting for PUBACK and subscriptions waiting for SUBACK, by packet id. */
  private readonly pending = new Map<number, Pending>();
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private awaitingPong = false;
  /** Set while `end({flush})` waits for the last PUBACKs. */
  private onSettled: (() => void) | null = null;

  constructor(
    private readonly options: MqttOptions,
    private readonly events: MqttEvents,
    private readonly createSocket: SocketFactory,
  ) {}

  open(): void {
    this.reader = new PacketReader();
    let socket: WebSocket;
    try {
      socket = this.createSocket(this.options.url, 'mqtt');
    } catch (error) {
      // A malformed URL: reported like any failed attempt, and tried again.
      this.fail(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onopen = () => {
      const { clientId, username, keepaliveSec } = this.options;
      socket.send(encodeConnect({ clientId, username, password: this.options.password(), keepaliveSec, clean: true }));
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket === socket) this.receive(event.data);
    };
    socket.onclose = () => {
      if (this.socket === socket) this.drop();
    };
    // A close always follows an error. Kept after the drop: Node's `ws` throws an error event nobody listens to.
    socket.onerror = () => undefined;
    this.connectTimer = setTimeout(() => this.drop(), this.options.connectTimeoutMs);
  }

  subscribe(topic: string, qos: Qos): Promise<number> {
    return this.request((id) => encodeSubscribe(id, topic, qos));
  }

  publish(topic: string, payload: string, qos: Qos): Promise<void> {
    const bytes = encoder.encode(payload);
    if (qos === 0) {
      if (!this.send(encodePublish({ topic, payload: bytes, qos }))) return Promise.reject(new Error('not connected'));
      return Promise.resolve();
    }
    return this.request((packetId) => encodePublish({ topic, payload: bytes, qos, packetId })).then(() => undefined);
  }

  end(flush = false): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.retryTimer);
    const finish = () => {
      this.onSettled = null;
      this.send(encodeDisconnect());
      this.drop();
    };
    if (!flush || !this.connected || this.pending.size === 0) {
      finish();
      return;
    }
    const deadline = setTimeout(finish, this.options.connectTimeoutMs);
    this.onSettled = () => {
      clearTimeout(deadline);
      finish();
    };
  }

  /** Sends a packet that the broker acknowledges with the same packet id. */
  private request(encode: (packetId: number) => Uint8Array): Promise<number> {
    if (!this.connected) return Promise.reject(new Error('not connected'));
    const packetId = this.nextId();
    return new Promise<number>((resolve, reject) => {
      this.pending.set(packetId, { resolve, reject });
      this.send(encode(packetId));
    });
  }

  /** The next packet id (1 to 65535) not in use. */
  private nextId(): number {
    do this.lastId = (this.lastId % 0xffff) + 1;
    while (this.pending.has(this.lastId));
    return this.lastId;
  }

  /** Sends a packet on a connection the broker accepted. */
  private send(bytes: Uint8Array): boolean {
    const socket = this.socket;
    if (!this.connected || !socket || socket.readyState !== OPEN) return false;
    socket.send(bytes);
    return true;
  }

  private receive(data: unknown): void {
    let packets: IncomingPacket[];
    try {
      if (!(data instanceof ArrayBuffer)) throw new MqttProtocolError('mqtt: text frame from the broker');
      packets = this.reader.push(new Uint8Array(data));
    } catch (error) {
      this.drop(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    const socket = this.socket;
    for (const packet of packets) {
      if (this.socket !== socket) return;
      this.handle(packet);
    }
  }

  private handle(packet: IncomingPacket): void {
    if (!this.connected && packet.type !== 'connack') {
      this.drop(new MqttProtocolError(`mqtt: ${packet.type} before CONNACK`));
      return;
    }
    switch (packet.type) {
      case 'connack':
        if (this.connected) {
          this.drop(new MqttProtocolError('mqtt: second CONNACK'));
        } else if (packet.returnCode !== 0) {
          const reason = REFUSALS[packet.returnCode] ?? `return code ${packet.returnCode}`;
          this.drop(new Error(`Connection refused: ${reason}`));
        } else {
          clearTimeout(this.connectTimer);
          this.connected = true;
          this.startKeepalive();
          this.events.connected();
        }
        return;
      case 'publish':
        if (packet.qos === 1) this.send(encodePuback(packet.packetId));
        this.events.message(packet.topic, packet.payload);
        return;
      case 'puback':
      case 'suback': {
        const waiting = this.pending.get(packet.packetId);
        if (!waiting) return;
        this.pending.delete(packet.packetId);
        waiting.resolve(packet.type === 'suback' ? (packet.granted[0] ?? 0x80) : 0);
        if (this.pending.size === 0) this.onSettled?.();
        return;
      }
      case 'pingresp':
        this.awaitingPong = false;
        return;
    }
  }

  /** A PINGREQ every keepalive period; the next period without its PINGRESP ends the connection. */
  private startKeepalive(): void {
    if (this.options.keepaliveSec <= 0) return;
    this.awaitingPong = false;
    this.pingTimer = setInterval(() => {
      if (this.awaitingPong) {
        this.drop(new Error('Keepalive timeout'));
        return;
      }
      this.awaitingPong = true;
      this.send(encodePingreq());
    }, this.options.keepaliveSec * 1000);
  }

  /** Forgets the socket (closing it), fails what waited on it, and plans the next attempt unless ended. */
  private drop(error?: Error): void {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    socket.onopen = socket.onmessage = socket.onclose = null;
    try {
      socket.close();
    } catch {
      // Closing a socket still connecting may throw in some runtimes; it is forgotten either way.
    }
    this.fail(error);
  }

  private fail(error?: Error): void {
    this.connected = false;
    clearTimeout(this.connectTimer);
    clearInterval(this.pingTimer);
    const lost = new Error('connection lost');
    for (const waiting of this.pending.values()) waiting.reject(lost);
    this.pending.clear();
    if (this.ended) return;
    this.events.down(error);
    this.retryTimer = setTimeout(() => {
      if (this.ended) return;
      this.events.reconnecting();
      this.open();
    }, this.options.reconnectPeriodMs);
  }
}

/** Opens the link and keeps it open (reconnecting by itself) until `end`. */
export function connect(
  options: MqttOptions,
  events: MqttEvents,
  createSocket: SocketFactory = browserSocket,
): MqttConnection {
  const connection = new Connection(options, events, createSocket);
  connection.open();
  return connection;
}

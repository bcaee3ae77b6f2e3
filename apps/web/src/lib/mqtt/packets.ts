/**
 * The MQTT 3.1.1 packets the page's broker link uses (OASIS MQTT 3.1.1, section 3), and nothing more: it sends
 * CONNECT, SUBSCRIBE, PUBLISH (QoS 0 or 1), PUBACK, PINGREQ and DISCONNECT, and reads CONNACK, SUBACK, PUBLISH,
 * PUBACK and PINGRESP. No QoS 2, no will, no retained publish from the page.
 */

/** Control packet types (section 2.2.1), the ones used here. */
export const PacketType = {
  Connect: 1,
  Connack: 2,
  Publish: 3,
  Puback: 4,
  Subscribe: 8,
  Suback: 9,
  Pingreq: 12,
  Pingresp: 13,
  Disconnect: 14,
} as const;

export type Qos = 0 | 1;

/** A packet the broker sends the page. */
export type IncomingPacket =
  | { type: 'connack'; sessionPresent: boolean; returnCode: number }
  | { type: 'publish'; topic: string; payload: Uint8Array; qos: Qos; packetId: number; dup: boolean; retain: boolean }
  | { type: 'puback'; packetId: number }
  | { type: 'suback'; packetId: number; granted: number[] }
  | { type: 'pingresp' };

export class MqttProtocolError extends Error {
  override name = 'MqttProtocolError';
}

/** The largest remaining length four bytes can say (section 2.2.3). */
export const MAX_REMAINING_LENGTH = 268_435_455;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The remaining length as its 1 to 4 bytes: 7 bits each, least significant first, high bit "more follows". */
export function encodeRemainingLength(length: number): Uint8Array {
  if (!Number.isInteger(length) || length < 0 || length > MAX_REMAINING_LENGTH) {
    throw new RangeError(`mqtt: remaining length out of range: ${length}`);
  }
  const bytes: number[] = [];
  let rest = length;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest > 0);
  return Uint8Array.from(bytes);
}

/**
 * Reads a remaining length at `offset`: its value and how many bytes it took, or null when the bytes stop before its
 * end (a packet split across frames). Throws on a fifth byte.
 */
export function decodeRemainingLength(bytes: Uint8Array, offset: number): { value: number; size: number } | null {
  let value = 0;
  let multiplier = 1;
  for (let size = 1; size <= 4; size += 1) {
    const byte = bytes[offset + size - 1];
    if (byte === undefined) return null;
    value += (byte & 0x7f) * multiplier;
    if ((byte & 0x80) === 0) return { value, size };
    multiplier *= 128;
  }
  throw new MqttProtocolError('mqtt: malformed remaining length');
}

const u16 = (value: number): Uint8Array => Uint8Array.of((value >> 8) & 0xff, value & 0xff);

/** A UTF-8 string (or binary field) with its two-byte length. */
function field(value: string | Uint8Array): Uint8Array[] {
  const bytes = typeof value === 'string' ? encoder.encode(value) : value;
  if (bytes.length > 0xffff) throw new RangeError('mqtt: string longer than 65535 bytes');
  return [u16(bytes.length), bytes];
}

/** Fixed header (first byte, remaining length) followed by the parts, as one buffer: one WebSocket frame. */
function packet(first: number, parts: Uint8Array[]): Uint8Array {
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  const header = encodeRemainingLength(length);
  const out = new Uint8Array(1 + header.length + length);
  out[0] = first;
  out.set(header, 1);
  let at = 1 + header.length;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function checkPacketId(packetId: number): void {
  if (!Number.isInteger(packetId) || packetId < 1 || packetId > 0xffff) {
    throw new RangeError(`mqtt: packet id out of range: ${packetId}`);
  }
}

export interface ConnectFields {
  clientId: string;
  username?: string;
  password?: string;
  keepaliveSec: number;
  clean: boolean;
}

export function encodeConnect(fields: ConnectFields): Uint8Array {
  let flags = fields.clean ? 0x02 : 0;
  const payload = field(fields.clientId);
  if (fields.username !== undefined) {
    flags |= 0x80;
    payload.push(...field(fields.username));
  }
  if (fields.password !== undefined) {
    // MQTT 3.1.1 allows a password only with a user name (3.1.2.9).
    if (fields.username === undefined) throw new RangeError('mqtt: a password needs a user name');
    flags |= 0x40;
    payload.push(...field(fields.password));
  }
  // Protocol name "MQTT", level 4 (3.1.1), connect flags, keep alive.
  const header = Uint8Array.of(0, 4, 0x4d, 0x51, 0x54, 0x54, 4, flags);
  return packet(PacketType.Connect << 4, [header, u16(fields.keepaliveSec), ...payload]);
}

export function encodeSubscribe(packetId: number, topic: string, qos: Qos): Uint8Array {
  checkPacketId(packetId);
  // SUBSCRIBE's fixed header flags are 0010 (3.8.1).
  return packet((PacketType.Subscribe << 4) | 0x02, [u16(packetId), ...field(topic), Uint8Array.of(qos)]);
}

export interface PublishFields {
  topic: string;
  payload: Uint8Array;
  qos: Qos;
  /** Required for QoS 1; ignored for QoS 0. */
  packetId?: number;
  dup?: boolean;
  retain?: boolean;
}

export function encodePublish(fields: PublishFields): Uint8Array {
  const parts = field(fields.topic);
  if (fields.qos > 0) {
    const packetId = fields.packetId ?? 0;
    checkPacketId(packetId);
    parts.push(u16(packetId));
  }
  parts.push(fields.payload);
  const first = (PacketType.Publish << 4) | (fields.dup ? 0x08 : 0) | (fields.qos << 1) | (fields.retain ? 0x01 : 0);
  return packet(first, parts);
}

export function encodePuback(packetId: number): Uint8Array {
  checkPacketId(packetId);
  return packet(PacketType.Puback << 4, [u16(packetId)]);
}

export const encodePingreq = (): Uint8Array => Uint8Array.of(PacketType.Pingreq << 4, 0);
export const encodeDisconnect = (): Uint8Array => Uint8Array.of(PacketType.Disconnect << 4, 0);

/** Reads the body of one packet (its fixed header's first byte, then the remaining length's bytes). */
export function decodePacket(first: number, body: Uint8Array): IncomingPacket {
  const type = first >> 4;
  const flags = first & 0x0f;
  const id = (at: number): number => {
    if (body.length < at + 2) throw new MqttProtocolError('mqtt: packet too short');
    return ((body[at] ?? 0) << 8) | (body[at + 1] ?? 0);
  };
  switch (type) {
    case PacketType.Connack:
      if (body.length !== 2) throw new MqttProtocolError('mqtt: malformed CONNACK');
      return { type: 'connack', sessionPresent: ((body[0] ?? 0) & 0x01) === 1, returnCode: body[1] ?? 0 };
    case PacketType.Publish: {
      const qos = (flags >> 1) & 0x03;
      if (qos > 1) throw new MqttProtocolError(`mqtt: PUBLISH at QoS ${qos} not supported`);
      const topicLength = id(0);
      if (body.length < 2 + topicLength) throw new MqttProtocolError('mqtt: packet too short');
      const topic = decoder.decode(body.subarray(2, 2 + topicLength));
      let at = 2 + topicLength;
      let packetId = 0;
      if (qos === 1) {
        packetId = id(at);
        at += 2;
      }
      return {
        type: 'publish',
        topic,
        payload: body.subarray(at),
        qos: qos as Qos,
        packetId,
        dup: (flags & 0x08) !== 0,
        retain: (flags & 0x01) !== 0,
      };
    }
    case PacketType.Puback:
      if (body.length !== 2) throw new MqttProtocolError('mqtt: malformed PUBACK');
      return { type: 'puback', packetId: id(0) };
    case PacketType.Suback:
      if (body.length < 3) throw new MqttProtocolError('mqtt: malformed SUBACK');
      return { type: 'suback', packetId: id(0), granted: Array.from(body.subarray(2)) };
    case PacketType.Pingresp:
      if (body.length !== 0) throw new MqttProtocolError('mqtt: malformed PINGRESP');
      return { type: 'pingresp' };
    default:
      throw new MqttProtocolError(`mqtt: unexpected packet type ${type}`);
  }
}

/**
 * A streaming reader: WebSocket frames in, whole packets out. A packet may be split across frames, and one frame may
 * carry several packets (MQTT over WebSocket allows both); the bytes of an unfinished packet wait for the next frame.
 */
export class PacketReader {
  private pending: Uint8Array = new Uint8Array(0);

  /** The packets completed by this chunk, in order. Throws MqttProtocolError on a malformed packet. */
  push(chunk: Uint8Array): IncomingPacket[] {
    let bytes = chunk;
    if (this.pending.length > 0) {
      bytes = new Uint8Array(this.pending.length + chunk.length);
      bytes.set(this.pending);
      bytes.set(chunk, this.pending.length);
    }
    const packets: IncomingPacket[] = [];
    let at = 0;
    while (at < bytes.length) {
      const first = bytes[at] ?? 0;
      const length = decodeRemainingLength(bytes, at + 1);
      if (!length) break;
      const start = at + 1 + length.size;
      const end = start + length.value;
      if (end > bytes.length) break;
      packets.push(decodePacket(first, bytes.subarray(start, end)));
      at = end;
    }
    // Copied, so that a large frame's buffer is not kept alive by a few leftover bytes.
    this.pending = at === bytes.length ? new Uint8Array(0) : bytes.slice(at);
    return packets;
  }

  /** Bytes of a packet still waiting for the rest of it. */
  get buffered(): number {
    return this.pending.length;
  }
}

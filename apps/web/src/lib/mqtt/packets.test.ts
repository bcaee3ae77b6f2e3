import { describe, expect, it } from 'vitest';
import {
  decodePacket,
  decodeRemainingLength,
  encodeConnect,
  encodeDisconnect,
  encodePingreq,
  encodePuback,
  encodePublish,
  encodeRemainingLength,
  encodeSubscribe,
  MqttProtocolError,
  PacketReader,
  type IncomingPacket,
} from './packets';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);
const hex = (data: Uint8Array) => Array.from(data, (b) => b.toString(16).padStart(2, '0')).join(' ');

/** Reads one whole packet through the streaming reader. */
function readOne(data: Uint8Array): IncomingPacket {
  const packets = new PacketReader().push(data);
  expect(packets).toHaveLength(1);
  return packets[0]!;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

describe('remaining length', () => {
  it.each([
    [0, [0x00]],
    [127, [0x7f]],
    [128, [0x80, 0x01]],
    [16383, [0xff, 0x7f]],
    [16384, [0x80, 0x80, 0x01]],
    [2097151, [0xff, 0xff, 0x7f]],
    [2097152, [0x80, 0x80, 0x80, 0x01]],
    [268435455, [0xff, 0xff, 0xff, 0x7f]],
  ])('%i is %j both ways', (value, encoded) => {
    expect(Array.from(encodeRemainingLength(value))).toEqual(encoded);
    expect(decodeRemainingLength(Uint8Array.from([0x30, ...encoded]), 1)).toEqual({ value, size: encoded.length });
  });

  it('refuses what four bytes cannot say, and a fifth byte', () => {
    expect(() => encodeRemainingLength(268435456)).toThrow(RangeError);
    expect(() => encodeRemainingLength(-1)).toThrow(RangeError);
    expect(() => decodeRemainingLength(bytes(0x80, 0x80, 0x80, 0x80, 0x01), 0)).toThrow(MqttProtocolError);
  });

  it('waits for the rest of a length cut short', () => {
    expect(decodeRemainingLength(bytes(0x80, 0x80), 0)).toBeNull();
    expect(decodeRemainingLength(bytes(), 0)).toBeNull();
  });
});

describe('packets the page sends', () => {
  it('CONNECT: MQTT level 4, clean session, user name, password, keepalive', () => {
    const packet = encodeConnect({ clientId: 'c1', username: 'u', password: 'p', keepaliveSec: 300, clean: true });
    expect(hex(packet)).toBe(
      '10 14 ' + // CONNECT, remaining length 20
        '00 04 4d 51 54 54 04 c2 01 2c ' + // "MQTT", level 4, flags user+password+clean, keepalive 300
        '00 02 63 31 00 01 75 00 01 70', // "c1", "u", "p"
    );
  });

  it('CONNECT without credentials nor clean session; a password alone is refused', () => {
    expect(hex(encodeConnect({ clientId: '', keepaliveSec: 0, clean: false }))).toBe(
      '10 0c 00 04 4d 51 54 54 04 00 00 00 00 00',
    );
    expect(() => encodeConnect({ clientId: 'c', password: 'p', keepaliveSec: 0, clean: true })).toThrow(RangeError);
  });

  it('CONNECT carries UTF-8 strings with their byte length (an access token, an accented name)', () => {
    const packet = encodeConnect({ clientId: 'c', username: 'é', password: 'tok', keepaliveSec: 60, clean: true });
    expect(hex(packet.subarray(15))).toBe('00 02 c3 a9 00 03 74 6f 6b');
  });

  it('SUBSCRIBE: flags 0010, packet id, filter, requested QoS', () => {
    expect(hex(encodeSubscribe(1, 'a/b', 1))).toBe('82 08 00 01 00 03 61 2f 62 01');
    expect(hex(encodeSubscribe(0xffff, 'a', 0))).toBe('82 06 ff ff 00 01 61 00');
    expect(() => encodeSubscribe(0, 'a', 1)).toThrow(RangeError);
  });

  it('PUBLISH at QoS 0 (no packet id) and QoS 1 (packet id), with dup and retain flags', () => {
    expect(hex(encodePublish({ topic: 'a', payload: text('hi'), qos: 0 }))).toBe('30 05 00 01 61 68 69');
    expect(hex(encodePublish({ topic: 'a', payload: text('hi'), qos: 1, packetId: 10 }))).toBe(
      '32 07 00 01 61 00 0a 68 69',
    );
    expect(hex(encodePublish({ topic: 'a', payload: bytes(), qos: 1, packetId: 1, dup: true, retain: true }))).toBe(
      '3b 05 00 01 61 00 01',
    );
    expect(() => encodePublish({ topic: 'a', payload: bytes(), qos: 1 })).toThrow(RangeError);
  });

  it('PUBACK, PINGREQ, DISCONNECT', () => {
    expect(hex(encodePuback(10))).toBe('40 02 00 0a');
    expect(hex(encodePingreq())).toBe('c0 00');
    expect(hex(encodeDisconnect())).toBe('e0 00');
  });
});

describe('packets the broker sends', () => {
  it('CONNACK: accepted, or refused with its return code', () => {
    expect(readOne(bytes(0x20, 0x02, 0x00, 0x00))).toEqual({ type: 'connack', sessionPresent: false, returnCode: 0 });
    expect(readOne(bytes(0x20, 0x02, 0x01, 0x05))).toEqual({ type: 'connack', sessionPresent: true, returnCode: 5 });
    expect(() => readOne(bytes(0x20, 0x01, 0x00))).toThrow(MqttProtocolError);
  });

  it('SUBACK: granted QoS, or 0x80 refused', () => {
    expect(readOne(bytes(0x90, 0x03, 0x00, 0x07, 0x01))).toEqual({ type: 'suback', packetId: 7, granted: [1] });
    expect(readOne(bytes(0x90, 0x03, 0x12, 0x34, 0x80))).toEqual({ type: 'suback', packetId: 0x1234, granted: [0x80] });
  });

  it('PUBLISH at QoS 0 and 1, topic and payload in UTF-8', () => {
    const qos0 = readOne(bytes(0x30, 0x05, 0x00, 0x01, 0x61, 0x68, 0x69));
    expect(qos0).toMatchObject({ type: 'publish', topic: 'a', qos: 0, packetId: 0, dup: false, retain: false });
    expect(new TextDecoder().decode((qos0 as { payload: Uint8Array }).payload)).toBe('hi');

    const payload = '{"signal":"hello","data":{"name":"Zoë"}}';
    const encoded = encodePublish({ topic: '/topic/é/out', payload: text(payload), qos: 1, packetId: 513, dup: true });
    const qos1 = readOne(encoded);
    expect(qos1).toMatchObject({ type: 'publish', topic: '/topic/é/out', qos: 1, packetId: 513, dup: true });
    expect(new TextDecoder().decode((qos1 as { payload: Uint8Array }).payload)).toBe(payload);
  });

  it('PUBACK and PINGRESP', () => {
    expect(readOne(bytes(0x40, 0x02, 0x01, 0x00))).toEqual({ type: 'puback', packetId: 256 });
    expect(readOne(bytes(0xd0, 0x00))).toEqual({ type: 'pingresp' });
  });

  it('refuses QoS 2, packets a client never receives, and bodies too short', () => {
    expect(() => readOne(bytes(0x34, 0x05, 0x00, 0x01, 0x61, 0x00, 0x01))).toThrow(/QoS 2/);
    expect(() => readOne(bytes(0x10, 0x00))).toThrow(/packet type 1/);
    expect(() => decodePacket(0x30, bytes(0x00, 0x05, 0x61))).toThrow(MqttProtocolError);
    expect(() => decodePacket(0x32, bytes(0x00, 0x01, 0x61, 0x00))).toThrow(MqttProtocolError);
  });
});

describe('PacketReader: packets split across frames and joined within one', () => {
  const publish = (payloadLength: number, packetId = 1) =>
    encodePublish({ topic: 'a', payload: new Uint8Array(payloadLength).fill(0x78), qos: 1, packetId });

  it.each([127, 128, 16383, 16384, 2097151])('a PUBLISH of remaining length %i, whole and in pieces', (length) => {
    // Remaining length: topic length (2) + "a" (1) + packet id (2) + payload.
    const packet = publish(length - 5);
    const header = encodeRemainingLength(length);
    expect(Array.from(packet.subarray(1, 1 + header.length))).toEqual(Array.from(header));
    expect(packet.length).toBe(1 + header.length + length);

    const whole = readOne(packet);
    expect(whole).toMatchObject({ type: 'publish', topic: 'a', packetId: 1 });
    expect((whole as { payload: Uint8Array }).payload.length).toBe(length - 5);

    // Cut inside the fixed header, inside the remaining length, and at a few places in the body.
    const cuts = [1, 2, Math.min(3, packet.length - 1), Math.floor(packet.length / 2), packet.length - 1];
    const reader = new PacketReader();
    let at = 0;
    const out: IncomingPacket[] = [];
    for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
      out.push(...reader.push(packet.subarray(at, cut)));
      at = cut;
    }
    expect(out).toEqual([]);
    expect(reader.buffered).toBe(packet.length - 1);
    out.push(...reader.push(packet.subarray(at)));
    expect(out).toHaveLength(1);
    // Payloads compared byte by byte by hand: a deep equality of two 2 MB arrays takes seconds.
    const [first] = out as [Extract<IncomingPacket, { type: 'publish' }>];
    const { payload: wholePayload, ...wholeRest } = whole as Extract<IncomingPacket, { type: 'publish' }>;
    expect({ ...first, payload: undefined }).toEqual({ ...wholeRest, payload: undefined });
    expect(first.payload.length).toBe(wholePayload.length);
    expect(first.payload.every((b, i) => b === wholePayload[i])).toBe(true);
    expect(reader.buffered).toBe(0);
  });

  it('a zero-length packet (PINGRESP) between others', () => {
    const frame = concat(bytes(0xd0, 0x00), bytes(0x40, 0x02, 0x00, 0x01), bytes(0xd0, 0x00));
    expect(new PacketReader().push(frame).map((p) => p.type)).toEqual(['pingresp', 'puback', 'pingresp']);
  });

  it('byte by byte: each packet comes out once its last byte arrives', () => {
    const stream = concat(bytes(0x20, 0x02, 0x00, 0x00), bytes(0x90, 0x03, 0x00, 0x01, 0x01), publish(200, 9));
    const reader = new PacketReader();
    const seen: [number, string][] = [];
    stream.forEach((byte, index) => {
      for (const packet of reader.push(bytes(byte))) seen.push([index, packet.type]);
    });
    expect(seen).toEqual([
      [3, 'connack'],
      [8, 'suback'],
      [stream.length - 1, 'publish'],
    ]);
  });

  it('several packets joined in one frame, the last one finished by the next frame', () => {
    const last = publish(300, 3);
    const frame1 = concat(publish(10, 1), publish(20, 2), last.subarray(0, 2));
    const frame2 = concat(last.subarray(2), bytes(0xd0, 0x00));
    const reader = new PacketReader();
    expect(reader.push(frame1).map((p) => (p.type === 'publish' ? p.packetId : p.type))).toEqual([1, 2]);
    expect(reader.push(frame2).map((p) => (p.type === 'publish' ? p.packetId : p.type))).toEqual([3, 'pingresp']);
    expect(reader.buffered).toBe(0);
  });

  it('a malformed packet in a stream throws', () => {
    expect(() => new PacketReader().push(bytes(0x30, 0x80, 0x80, 0x80, 0x80, 0x01))).toThrow(MqttProtocolError);
  });
});

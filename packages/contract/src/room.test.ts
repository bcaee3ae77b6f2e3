import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeRoomAudioIn,
  decodeRoomAudioOut,
  encodeRoomAudioIn,
  encodeRoomAudioOut,
  parseRoomTicket,
  ROOM_AUDIO_FORWARD_OFFSET,
  ROOM_AUDIO_IN_HEADER,
  ROOM_AUDIO_MAX_PAYLOAD,
  ROOM_AUDIO_OUT,
  roomAudioProblem,
  roomTicketPayload,
  unwrapRoomSeq,
} from './room.ts';

const MAC = 'A'.repeat(43);
const claims = {
  room: 'abc123',
  slot: 4,
  account: '6f1c-22',
  issuedAt: 1_700_000_000_000,
  expiresAt: 1_700_021_600_000,
};

describe('room ticket layout', () => {
  it('reads back the claims it encodes', () => {
    const ticket = `${roomTicketPayload(claims)}.${MAC}`;
    expect(ticket).toBe(`t1.abc123.4.6f1c-22.1700000000000.1700021600000.${MAC}`);
    expect(parseRoomTicket(ticket)).toEqual({ claims, payload: roomTicketPayload(claims), mac: MAC });
  });

  it('refuses anything but the one canonical spelling', () => {
    const good = `${roomTicketPayload(claims)}.${MAC}`;
    for (const bad of [
      'abc123',
      '',
      good.replace('t1.', 't2.'),
      good.replace('.4.', '.04.'),
      good.replace('.4.', '.16.'),
      good.replace('.1700000000000.', '.01700000000000.'),
      good.replace('abc123', 'a.b'),
      `${good}A`,
      `${good}.x`,
      good.slice(0, -1),
    ]) {
      expect(parseRoomTicket(bad), bad).toBeNull();
    }
  });
});

describe('binary audio datagrams', () => {
  const key = Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]);
  const pcm = (frameSize: number, channels: 1 | 2, bytes: 2 | 3) =>
    new Uint8Array(frameSize * channels * bytes).fill(7);
  const frame = {
    slot: 5,
    codec: 'pcm16' as const,
    channels: 1 as const,
    frameSize: 128,
    seq: 0xfffe,
    payload: pcm(128, 1, 2),
  };

  it('lays out a client datagram: type, version, key, then slot, format, frame size, sequence number, payload', () => {
    const bytes = encodeRoomAudioIn(key, frame);
    expect(bytes.length).toBe(ROOM_AUDIO_IN_HEADER + 256);
    expect([...bytes.subarray(0, 16)]).toEqual([0xa1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 5, 1, 0, 128, 0xff, 0xfe]);
    expect(decodeRoomAudioIn(bytes)).toEqual({ key, frame });
  });

  it('lays out a forwarded datagram as the tail of the client one, from its key’s last two bytes', () => {
    const out = encodeRoomAudioOut(frame);
    expect([...out.subarray(0, 8)]).toEqual([0xa2, 1, 5, 1, 0, 128, 0xff, 0xfe]);
    expect(decodeRoomAudioOut(out)).toEqual(frame);
    // What the room does: write the forwarded type and version over the key's end, send the tail.
    const inbound = encodeRoomAudioIn(key, frame);
    inbound[ROOM_AUDIO_FORWARD_OFFSET] = ROOM_AUDIO_OUT;
    inbound[ROOM_AUDIO_FORWARD_OFFSET + 1] = 1;
    expect(inbound.subarray(ROOM_AUDIO_FORWARD_OFFSET)).toEqual(out);
  });

  it('reads every codec, mono and stereo, and a 16-bit sequence number', () => {
    const cases = [
      { codec: 'pcm16' as const, channels: 2 as const, frameSize: 64, payload: pcm(64, 2, 2) },
      { codec: 'pcm24' as const, channels: 1 as const, frameSize: 128, payload: pcm(128, 1, 3) },
      { codec: 'pcm24' as const, channels: 2 as const, frameSize: 1024, payload: pcm(1024, 2, 3) },
      { codec: 'opus' as const, channels: 2 as const, frameSize: 128, payload: new Uint8Array(45).fill(3) },
    ];
    for (const c of cases) {
      const f = { ...c, slot: 15, seq: 1 };
      expect(decodeRoomAudioOut(encodeRoomAudioOut(f))).toEqual(f);
      expect(decodeRoomAudioIn(encodeRoomAudioIn(key, f))?.frame).toEqual(f);
    }
  });

  it('names what is wrong with a malformed datagram, and the decoders refuse it', () => {
    const good = encodeRoomAudioOut(frame);
    const with_ = (i: number, v: number) => {
      const b = good.slice();
      b[i] = v;
      return b;
    };
    expect(roomAudioProblem(good, 0)).toBeNull();
    expect(roomAudioProblem(good.subarray(0, 7), 0)).toBe('short');
    expect(roomAudioProblem(with_(1, 2), 0)).toBe('version');
    expect(roomAudioProblem(with_(3, 0), 0)).toBe('format');
    expect(roomAudioProblem(with_(3, 4), 0)).toBe('format');
    expect(roomAudioProblem(with_(3, 0x21), 0)).toBe('format');
    expect(roomAudioProblem(with_(5, 8), 0)).toBe('frameSize');
    expect(roomAudioProblem(with_(4, 8), 0)).toBe('frameSize');
    expect(roomAudioProblem(good.subarray(0, good.length - 1), 0)).toBe('payload');
    expect(roomAudioProblem(with_(3, 0x11), 0)).toBe('payload');
    const opus = encodeRoomAudioOut({ ...frame, codec: 'opus', payload: new Uint8Array(0) });
    expect(roomAudioProblem(opus, 0)).toBe('payload');
    const big = encodeRoomAudioOut({ ...frame, codec: 'opus', payload: new Uint8Array(ROOM_AUDIO_MAX_PAYLOAD + 1) });
    expect(roomAudioProblem(big, 0)).toBe('oversize');
    for (const bad of [with_(1, 2), with_(3, 0), good.subarray(0, 9), with_(0, 0x7b), new Uint8Array(0)]) {
      expect(decodeRoomAudioOut(bad)).toBeNull();
    }
    expect(decodeRoomAudioIn(good)).toBeNull();
    expect(decodeRoomAudioIn(encodeRoomAudioIn(key, frame).subarray(0, 20))).toBeNull();
    expect(() => encodeRoomAudioIn(key.subarray(0, 4), frame)).toThrow(RangeError);
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.nat(20), (bytes, at) => {
        roomAudioProblem(bytes, at);
        const out = decodeRoomAudioOut(bytes);
        if (out) expect(encodeRoomAudioOut(out)).toEqual(bytes);
        const inbound = decodeRoomAudioIn(bytes);
        if (inbound) expect(encodeRoomAudioIn(inbound.key, inbound.frame)).toEqual(bytes);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('unwrapRoomSeq', () => {
  it('counts forward across the 16-bit wrap, backward for late packets, from the first one received', () => {
    expect(unwrapRoomSeq(-1, 65_530)).toBe(65_530);
    expect(unwrapRoomSeq(65_535, 0)).toBe(65_536);
    expect(unwrapRoomSeq(65_536, 65_535)).toBe(65_535);
    expect(unwrapRoomSeq(3 * 65_536 + 10, 12)).toBe(3 * 65_536 + 12);
    expect(unwrapRoomSeq(3 * 65_536 + 10, 65_530)).toBe(3 * 65_536 - 6);
    expect(unwrapRoomSeq(100, 100)).toBe(100);
    // A late packet from before the first one received does not go below zero.
    expect(unwrapRoomSeq(2, 65_535)).toBe(0);
  });

  it('recovers every sender counter from its 16-bit value, with reordering of less than half the range', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.integer({ min: -30_000, max: 30_000 }), (last, step) => {
        const next = Math.max(0, last + step);
        expect(unwrapRoomSeq(last, next % 65_536)).toBe(next);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CreatedRoomSchema,
  decodeRoomAudioIn,
  ROOM_AUDIO_IN,
  ROOM_AUDIO_OUT,
  ROOM_MAX_DATAGRAM_BYTES,
  ROOM_SECRET_HEADER,
  RoomHealthSchema,
} from '@tutti/contract/room';
import { roomServerForEachTest, SECRET, type UdpPeer } from './helpers.ts';

/** Runs of 40 datagrams each; `ROOM_FUZZ_RUNS` makes it the long form (`npm run fuzz:room -w @tutti/bench`). */
const RUNS = Number(process.env.ROOM_FUZZ_RUNS ?? 25);

const byte = fc.integer({ min: 0, max: 255 });
const bytes = (n: number) => fc.uint8Array({ minLength: n, maxLength: n });

/** Datagrams shaped like the protocol's, each field either right or hostile, with the real key or not. */
const audioLike = (key: Uint8Array) =>
  fc
    .record({
      type: fc.oneof({ weight: 6, arbitrary: fc.constant(ROOM_AUDIO_IN) }, fc.constant(ROOM_AUDIO_OUT), byte),
      version: fc.oneof({ weight: 4, arbitrary: fc.constant(1) }, byte),
      key: fc.oneof(fc.constant(key), bytes(8)),
      slot: byte,
      format: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(0x01, 0x11, 0x02, 0x12, 0x03, 0x13) }, byte),
      frameSize: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(16, 64, 128, 1024) },
        fc.integer({ min: 0, max: 0xffff }),
      ),
      seq: fc.integer({ min: 0, max: 0xffff }),
      payload: fc.oneof({ weight: 3, arbitrary: fc.constant(-1) }, fc.integer({ min: 0, max: 7000 })),
    })
    .map((d) => {
      const sampleBytes = (d.format & 0x0f) === 2 ? 3 : 2;
      const exact = d.frameSize * (d.format & 0x10 ? 2 : 1) * sampleBytes;
      const length = 16 + (d.payload < 0 ? exact : d.payload);
      const out = Buffer.alloc(Math.min(length, ROOM_MAX_DATAGRAM_BYTES + 100), 0x55);
      out.set([d.type, d.version, ...d.key, d.slot, d.format, d.frameSize >> 8, d.frameSize & 0xff], 0);
      if (out.length > 15) out.set([d.seq >> 8, d.seq & 0xff], 14);
      return out.subarray(0, Math.max(0, Math.min(out.length, length)));
    });

const hostile = (key: Uint8Array, room: string) =>
  fc.oneof(
    { weight: 4, arbitrary: audioLike(key) },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)) },
    { weight: 1, arbitrary: fc.json().map((j) => Buffer.from(j)) },
    {
      weight: 1,
      arbitrary: fc
        .record({
          t: fc.constantFrom('join', 'leave', 'ping', 'audio', 'pong'),
          room: fc.oneof(fc.constant(room), fc.string()),
          player: fc.oneof(fc.integer({ min: 0, max: 15 }), fc.integer()),
          key: fc.string({ maxLength: 12 }),
          charge: fc.string({ maxLength: 80 }),
        })
        .map((o) => Buffer.from(JSON.stringify(o))),
    },
    { weight: 1, arbitrary: fc.integer({ min: 16_385, max: 17_000 }).map((n) => Buffer.alloc(n, 0xa1)) },
  );

describe('room server under hostile datagrams', () => {
  const fixture = roomServerForEachTest('127.0.0.1', 9_000_000);
  const health = async () => RoomHealthSchema.parse(await (await fetch(`${fixture.base()}/health`)).json()).load;

  it('stays up, forwards only well-formed audio with its key, counts every datagram, echoes nothing', async () => {
    const res = await fetch(`${fixture.base()}/rooms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ROOM_SECRET_HEADER]: SECRET },
      body: JSON.stringify({ kind: 'rehearsal' }),
    });
    const room = CreatedRoomSchema.parse(await res.json()).id;
    const [fuzzer, listener, stranger] = await Promise.all([fixture.peer(), fixture.peer(), fixture.peer()]);
    expect(await fuzzer.join(room, 0, fixture.ticket(room, 0))).toMatchObject({ t: 'joined' });
    expect(await listener.join(room, 1, fixture.ticket(room, 1))).toMatchObject({ t: 'joined' });
    const key = Buffer.from(fuzzer.keys.get(room) ?? '', 'base64url');
    const rawIn = (p: UdpPeer) => p.received.length;

    await fc.assert(
      fc.asyncProperty(
        fc.array(hostile(key, room), { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        async (batch, bound) => {
          const from = bound ? fuzzer : stranger;
          const before = await health();
          const heardBefore = rawIn(listener);
          const strangerBytes = { out: stranger.bytesOut, in: stranger.bytesIn, n: stranger.received.length };
          // What the room must forward: audio from the bound player, well formed, with its key.
          const forwarded = batch.filter((d) => {
            const a = d.length <= ROOM_MAX_DATAGRAM_BYTES ? decodeRoomAudioIn(d) : null;
            return bound && a !== null && Buffer.from(a.key).equals(key);
          });
          for (const d of batch) from.sendRaw(d);
          await expect.poll(async () => (await health()).datagramsIn - before.datagramsIn).toBe(batch.length);
          const after = await health();
          const delta = (k: 'audio' | 'control' | 'datagramsIn') => (after[k] ?? 0) - (before[k] ?? 0);
          const dropped = Object.values(after.dropped ?? {}).reduce((a, b) => a + b, 0);
          const droppedBefore = Object.values(before.dropped ?? {}).reduce((a, b) => a + b, 0);
          // Every datagram counted once: forwarded audio, control read, or dropped for a reason.
          expect(delta('audio') + delta('control') + dropped - droppedBefore).toBe(batch.length);
          expect(delta('audio')).toBe(forwarded.length);
          await expect.poll(() => rawIn(listener) - heardBefore).toBe(forwarded.length);
          // The listener heard exactly those frames, stamped with the fuzzer's slot and without its key.
          const heard = listener.received.slice(heardBefore);
          heard.forEach((h, i) => {
            const sent = forwarded[i] as Buffer;
            expect(h).toMatchObject({ t: 'audio', player: 0, seq: sent.readUInt16BE(14) });
          });
          // Nothing sent back to the sender is audio, nor larger in total than what it sent (refusals, pongs at most).
          expect(fuzzer.received.filter((d) => d.t === 'audio')).toEqual([]);
          expect(stranger.received.filter((d) => d.t === 'audio')).toEqual([]);
          const answered = stranger.received.slice(strangerBytes.n);
          expect(answered.every((d) => d.t === 'refused' || d.t === 'pong' || d.t === 'challenge')).toBe(true);
          expect(stranger.bytesIn - strangerBytes.in).toBeLessThanOrEqual(stranger.bytesOut - strangerBytes.out);
        },
      ),
      { numRuns: RUNS },
    );
    // Still serving, and the two players still bound.
    expect(await fuzzer.request({ t: 'ping', id: 1, sentAt: 1 }, (d) => d.t === 'pong')).toMatchObject({ t: 'pong' });
    expect(
      fixture.server.registry
        .get(room)
        ?.players()
        .map((p) => p.slot),
    ).toEqual([0, 1]);
  });
});

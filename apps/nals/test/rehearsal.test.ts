import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RoomServer } from '../../room/src/server.ts';
import { startHarness, type Harness } from './harness.ts';
import { createRoom, startTestRoomServer, ticketFor } from './room-server.ts';

type Levels = { input: number; output: number; slots: Record<string, number> };

describe('two audio clients in a rehearsal room', () => {
  let room: RoomServer;
  const harnesses: Harness[] = [];
  /** Both clients joined, each in its own slot. */
  const rehearse = async (): Promise<[Harness, Harness]> => {
    const rehearsal = await createRoom(room, { kind: 'rehearsal', capacity: 4 });
    const players: Harness[] = [];
    for (const player of [0, 1]) {
      const h = await startHarness();
      harnesses.push(h);
      await h.send('connect', {
        ip: rehearsal.ip,
        port: rehearsal.port,
        player,
        charge: ticketFor(rehearsal.id, player),
      });
      await h.transport.waitFor('cnx');
      players.push(h);
    }
    return players as [Harness, Harness];
  };
  /** The next audio_levels report after `from` in which `slot` is heard (its key is there). */
  const levelsHearing = async (h: Harness, slot: number, from = h.mark()): Promise<Levels> =>
    (await h.transport.waitFor('audio_levels', (data) => String(slot) in (data as Levels).slots, from)).data as Levels;

  beforeAll(async () => {
    room = await startTestRoomServer();
  });
  afterAll(() => room.close());
  afterEach(async () => {
    await Promise.all(harnesses.splice(0).map((h) => h.close()));
  });

  it('each hears the other player’s slot, never its own', async () => {
    const [zero, one] = await rehearse();
    const atZero = await levelsHearing(zero, 1);
    expect(atZero.slots['1']).toBeGreaterThan(0.05);
    expect(atZero.output).toBeGreaterThan(0.05);
    expect(atZero.slots['0']).toBeUndefined();
    const atOne = await levelsHearing(one, 0);
    expect(atOne.slots['0']).toBeGreaterThan(0.05);
    expect(atOne.slots['1']).toBeUndefined();
  });

  it('set_slot_volume, set_slot_mute and set_slot_solo act on the slot they name', async () => {
    const [zero] = await rehearse();
    expect((await levelsHearing(zero, 1)).slots['1']).toBeGreaterThan(0);

    // The simulated capture swells and fades, so levels are compared with 0 rather than with each other.
    await zero.send('set_slot_volume', { slot: 1, volume: 0 });
    expect(await levelsHearing(zero, 1)).toMatchObject({ output: 0, slots: { '1': 0 } });
    await zero.send('set_slot_volume', { slot: 0, volume: 0 });
    await zero.send('set_slot_volume', { slot: 1, volume: 0.5 });
    expect((await levelsHearing(zero, 1)).slots['1']).toBeGreaterThan(0);

    await zero.send('set_slot_mute', { slot: 1, muted: true });
    expect(await levelsHearing(zero, 1)).toMatchObject({ output: 0, slots: { '1': 0 } });
    await zero.send('set_slot_mute', { slot: 1, muted: false });
    expect((await levelsHearing(zero, 1)).slots['1']).toBeGreaterThan(0);

    // Another slot soloed: slot 1 drops out of the mix; soloing slot 1 itself brings it back.
    await zero.send('set_slot_solo', { slot: 3, solo: true });
    expect((await levelsHearing(zero, 1)).slots['1']).toBe(0);
    await zero.send('set_slot_solo', { slot: 1, solo: true });
    expect((await levelsHearing(zero, 1)).slots['1']).toBeGreaterThan(0);
    expect((await zero.nals.client.state()).mixer).toMatchObject({
      '1': { volume: 0.5, muted: false, solo: true },
      '3': { solo: true },
    });
  });
});

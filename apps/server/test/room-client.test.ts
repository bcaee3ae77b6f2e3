import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoomClient, RoomServerUnavailableError } from '../src/platform/room-client.ts';
import { FAKE_ROOM_SECRET, startFakeRoomServer, type FakeRoomServer } from './support/fake-room.ts';

describe('room client', () => {
  let fake: FakeRoomServer;
  beforeAll(async () => {
    fake = await startFakeRoomServer();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('reads the health, opens an echo room and closes it with the shared secret', async () => {
    const client = createRoomClient(fake.url, FAKE_ROOM_SECRET);
    expect(await client.health()).toMatchObject({ status: 'ok', rooms: 0 });
    const room = await client.createEchoRoom();
    expect(room).toEqual({ id: expect.any(String), ip: '127.0.0.1', port: expect.any(Number) });
    expect(fake.rooms.get(room.id)).toMatchObject({ kind: 'echo' });
    expect(await client.closeRoom(room.id)).toBe(true);
    expect(fake.rooms.has(room.id)).toBe(false);
    // Already gone: not an error, just false.
    expect(await client.closeRoom(room.id)).toBe(false);
  });

  it('reports a wrong secret, a failing server and an unreachable one as unavailable', async () => {
    await expect(createRoomClient(fake.url, 'wrong-secret').createEchoRoom()).rejects.toBeInstanceOf(
      RoomServerUnavailableError,
    );
    fake.failing = true;
    try {
      const client = createRoomClient(fake.url, FAKE_ROOM_SECRET);
      await expect(client.createEchoRoom()).rejects.toBeInstanceOf(RoomServerUnavailableError);
      await expect(client.closeRoom('x')).rejects.toBeInstanceOf(RoomServerUnavailableError);
    } finally {
      fake.failing = false;
    }
    const down = createRoomClient('http://127.0.0.1:1', FAKE_ROOM_SECRET);
    await expect(down.health()).rejects.toBeInstanceOf(RoomServerUnavailableError);
    await expect(down.createEchoRoom()).rejects.toThrow(/unreachable/);
  });
});

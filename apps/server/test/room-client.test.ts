import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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

  it('opens a rehearsal room for a number of players', async () => {
    const client = createRoomClient(fake.url, FAKE_ROOM_SECRET);
    const room = await client.createRehearsalRoom(5);
    expect(room).toEqual({ id: expect.any(String), ip: '127.0.0.1', port: expect.any(Number) });
    expect(fake.rooms.get(room.id)).toEqual({ kind: 'rehearsal', capacity: 5, port: room.port });
    // The room server refuses a capacity it does not take: an error, not a room.
    await expect(client.createRehearsalRoom(40)).rejects.toBeInstanceOf(RoomServerUnavailableError);
    expect(await client.closeRoom(room.id)).toBe(true);
  });

  it('gives up on a room server slower than its timeout', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const client = createRoomClient(`http://127.0.0.1:${port}`, FAKE_ROOM_SECRET, { timeoutMs: 50 });
      await expect(client.health()).rejects.toBeInstanceOf(RoomServerUnavailableError);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('reports a wrong secret, a failing server and an unreachable one as unavailable', async () => {
    await expect(createRoomClient(fake.url, 'wrong-secret').createEchoRoom()).rejects.toBeInstanceOf(
      RoomServerUnavailableError,
    );
    fake.failing = true;
    try {
      const client = createRoomClient(fake.url, FAKE_ROOM_SECRET);
      await expect(client.createEchoRoom()).rejects.toBeInstanceOf(RoomServerUnavailableError);
      await expect(client.createRehearsalRoom(8)).rejects.toBeInstanceOf(RoomServerUnavailableError);
      await expect(client.closeRoom('x')).rejects.toBeInstanceOf(RoomServerUnavailableError);
    } finally {
      fake.failing = false;
    }
    const down = createRoomClient('http://127.0.0.1:1', FAKE_ROOM_SECRET);
    await expect(down.health()).rejects.toBeInstanceOf(RoomServerUnavailableError);
    await expect(down.createEchoRoom()).rejects.toThrow(/unreachable/);
  });
});

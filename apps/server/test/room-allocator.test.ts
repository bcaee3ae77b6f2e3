import { eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRoomAllocator } from '../src/modules/servers/servers.allocator.ts';
import type { Database } from '../src/platform/db.ts';
import { AppError } from '../src/platform/errors.ts';
import type { RoomAllocator } from '../src/platform/room-allocator.ts';
import { regions, rooms, servers, sessions } from '../src/platform/schema.ts';
import { databases } from './support/databases.ts';
import { FAKE_ROOM_SECRET, startFakeRoomServer, type FakeRoomServer } from './support/fake-room.ts';

const PARIS = 'Europe/Paris';
const LOS_ANGELES = 'America/Los_Angeles';

describe.each(databases())('room allocator on $name', (database) => {
  let db: Database;
  let europe: FakeRoomServer;
  let america: FakeRoomServer;
  let allocator: RoomAllocator;
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  /** Server ids by fake room server. */
  const ids = new Map<FakeRoomServer, string>();

  const register = async (
    fake: FakeRoomServer,
    region: { code: string; longitude: number },
    server: { capacity?: number; status?: 'started' | 'paused' } = {},
  ) => {
    const [r] = await db.db
      .insert(regions)
      .values({ code: region.code, name: region.code, latitude: 40, longitude: region.longitude })
      .returning();
    const [s] = await db.db
      .insert(servers)
      .values({
        name: region.code,
        regionId: r?.id ?? '',
        provider: 'self-hosted',
        url: fake.url,
        secret: FAKE_ROOM_SECRET,
        capacity: server.capacity ?? 64,
        status: server.status ?? 'started',
      })
      .returning();
    ids.set(fake, s?.id ?? '');
  };
  const serverRow = async (fake: FakeRoomServer) =>
    (
      await db.db
        .select()
        .from(servers)
        .where(eq(servers.id, ids.get(fake) ?? ''))
    )[0];
  const where = (room: { serverId: string }) => [...ids].find(([, id]) => id === room.serverId)?.[0];

  beforeAll(async () => {
    await database.setup();
    db = await database.open();
    await db.migrate();
    europe = await startFakeRoomServer();
    america = await startFakeRoomServer();
  });
  afterAll(async () => {
    await db?.close();
    await europe?.close();
    await america?.close();
    await database.teardown();
  });
  beforeEach(async () => {
    offset = 0;
    await db.db.delete(rooms);
    await db.db.delete(sessions);
    await db.db.delete(servers);
    await db.db.delete(regions);
    for (const fake of [europe, america]) {
      fake.rooms.clear();
      fake.calls.length = 0;
      fake.failing = false;
    }
    // The default region is the American one here, so that "unknown place" and "nearest" disagree.
    await register(america, { code: 'default', longitude: -118.24 });
    await register(europe, { code: 'eu-west', longitude: 2.35 });
    allocator = createRoomAllocator({ db: db.db, log: pino({ level: 'silent' }), now });
  });
  afterEach(() => {
    europe.failing = false;
    america.failing = false;
  });

  it('opens a rehearsal room for maxPlayers on a server of the region nearest the organizer', async () => {
    const fromParis = await allocator.allocate({ maxPlayers: 8, timeZone: PARIS });
    expect(where(fromParis)).toBe(europe);
    expect(fromParis).toEqual({
      serverId: ids.get(europe),
      remoteId: expect.any(String),
      ip: '127.0.0.1',
      port: expect.any(Number),
    });
    expect(europe.rooms.get(fromParis.remoteId)).toEqual({ kind: 'rehearsal', capacity: 8, port: fromParis.port });

    const fromLosAngeles = await allocator.allocate({ maxPlayers: 4, timeZone: LOS_ANGELES });
    expect(where(fromLosAngeles)).toBe(america);
    expect(america.rooms.get(fromLosAngeles.remoteId)).toMatchObject({ kind: 'rehearsal', capacity: 4 });
  });

  it('starts with the default region when the organizer’s zone is missing or unknown', async () => {
    expect(where(await allocator.allocate({ maxPlayers: 8, timeZone: null }))).toBe(america);
    expect(where(await allocator.allocate({ maxPlayers: 8, timeZone: 'Mars/Olympus_Mons' }))).toBe(america);
  });

  it('skips a paused server', async () => {
    await db.db
      .update(servers)
      .set({ status: 'paused' })
      .where(eq(servers.id, ids.get(europe) ?? ''));
    expect(where(await allocator.allocate({ maxPlayers: 8, timeZone: PARIS }))).toBe(america);
    expect(europe.calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('needs one free slot per new room, holding it while the room opens and until its first join is admitted', async () => {
    await db.db
      .update(servers)
      .set({ capacity: 2 })
      .where(eq(servers.id, ids.get(europe) ?? ''));
    // Rooms are made for 8 players, yet a server of 2 slots takes two of them: a room takes a slot per player.
    const three = await Promise.all([1, 2, 3].map(() => allocator.allocate({ maxPlayers: 8, timeZone: PARIS })));
    expect(three.map(where).filter((f) => f === europe)).toHaveLength(2);
    expect(three.map(where).filter((f) => f === america)).toHaveLength(1);
    expect(europe.rooms.get(three.find((r) => where(r) === europe)?.remoteId ?? '')).toMatchObject({ capacity: 8 });

    // A hold that no join admitted lapses: rooms nobody entered take no slot.
    offset += 2 * 60_000;
    expect(where(await allocator.allocate({ maxPlayers: 8, timeZone: PARIS }))).toBe(europe);

    // Releasing a room gives its hold back at once.
    const held = await allocator.allocate({ maxPlayers: 8, timeZone: PARIS });
    expect(where(held)).toBe(europe);
    expect(where(await allocator.allocate({ maxPlayers: 8, timeZone: PARIS }))).toBe(america);
    await allocator.release(held);
    expect(where(await allocator.allocate({ maxPlayers: 8, timeZone: PARIS }))).toBe(europe);
  });

  it('answers 503 when every server is full', async () => {
    await db.db
      .update(servers)
      .set({ capacity: 1 })
      .where(inArray(servers.id, [ids.get(europe) ?? '', ids.get(america) ?? '']));
    await allocator.allocate({ maxPlayers: 8, timeZone: PARIS });
    await allocator.allocate({ maxPlayers: 8, timeZone: PARIS });
    const error = await allocator.allocate({ maxPlayers: 8, timeZone: PARIS }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 503, code: 'ROOM_SERVER_UNAVAILABLE' });
  });

  it('marks a failing server unhealthy and goes on to the next, then answers 503 when none can', async () => {
    europe.failing = true;
    expect(where(await allocator.allocate({ maxPlayers: 8, timeZone: PARIS }))).toBe(america);
    expect((await serverRow(europe))?.lastHealthOk).toBe(false);
    expect((await serverRow(america))?.lastHealthOk).toBe(true);

    america.failing = true;
    await expect(allocator.allocate({ maxPlayers: 8, timeZone: PARIS })).rejects.toMatchObject({
      statusCode: 503,
      code: 'ROOM_SERVER_UNAVAILABLE',
    });
    // A server that answers again is healthy again.
    europe.failing = false;
    expect(where(await allocator.allocate({ maxPlayers: 8, timeZone: PARIS }))).toBe(europe);
    expect((await serverRow(europe))?.lastHealthOk).toBe(true);
  });

  it('tries a server that failed before after the healthy ones, even when it is nearer', async () => {
    await db.db
      .update(servers)
      .set({ lastHealthOk: false })
      .where(eq(servers.id, ids.get(europe) ?? ''));
    expect(where(await allocator.allocate({ maxPlayers: 8, timeZone: PARIS }))).toBe(america);
  });

  it('closes a released room on its server, and never throws on release', async () => {
    const room = await allocator.allocate({ maxPlayers: 8, timeZone: PARIS });
    expect(europe.rooms.has(room.remoteId)).toBe(true);
    await allocator.release({ serverId: room.serverId, remoteId: room.remoteId });
    expect(europe.rooms.has(room.remoteId)).toBe(false);

    // Gone already, server failing, server unknown, or no server: all quiet.
    await expect(allocator.release({ serverId: room.serverId, remoteId: room.remoteId })).resolves.toBeUndefined();
    europe.failing = true;
    await expect(allocator.release({ serverId: room.serverId, remoteId: 'x' })).resolves.toBeUndefined();
    await expect(
      allocator.release({ serverId: '00000000-0000-4000-8000-000000000000', remoteId: 'x' }),
    ).resolves.toBeUndefined();
    await expect(allocator.release({ serverId: null, remoteId: 'x' })).resolves.toBeUndefined();
  });
});

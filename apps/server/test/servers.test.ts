import type { Provider, Region, Server, ServerHealth } from '@tutti/contract/servers';
import { PROVIDERS } from '@tutti/contract/servers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServersRepository } from '../src/modules/servers/servers.repository.ts';
import { createServersService } from '../src/modules/servers/servers.service.ts';
import { rooms, servers, sessionPlayers, sessions } from '../src/platform/schema.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { FAKE_ROOM_SECRET, startFakeRoomServer, type FakeRoomServer } from './support/fake-room.ts';
import { createUser, type SignedInUser } from './support/users.ts';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };
const ADMIN_EMAIL = 'room-admin@example.com';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(databases())('regions, providers and room servers on $name', (database) => {
  let t: TestApp;
  let fake: FakeRoomServer;
  let admin: SignedInUser;
  let musician: SignedInUser;
  let counter = 0;
  const as = (user: SignedInUser | null) => (user ? { token: user.accessToken } : {});
  const api = <T>(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, user: SignedInUser | null = admin) =>
    call<T & ErrorJson>(t, method, url, { ...as(user), ...(body !== undefined && { body }) });
  const unique = () => `${Date.now().toString(36)}-${counter++}`;
  const newRegion = async (overrides: Partial<Region> = {}) => {
    const res = await api<Region>('POST', 'v1/regions', {
      code: `r-${unique()}`,
      name: 'Somewhere',
      latitude: 45.5,
      longitude: -73.6,
      ...overrides,
    });
    expect(res.status, res.text).toBe(201);
    return res.json;
  };
  const newServer = async (regionId: string, overrides: Record<string, unknown> = {}) => {
    const res = await api<Server>('POST', 'v1/servers', {
      name: 'Room server',
      regionId,
      provider: 'hetzner',
      url: `http://rooms-${unique()}.example.org:7401`,
      secret: 'a-room-secret-0123456789',
      capacity: 32,
      ...overrides,
    });
    expect(res.status, res.text).toBe(201);
    return res.json;
  };
  /** A session with an open room on that server, as the sessions module records them. */
  /** An open room on the server with these musicians present in it. */
  const openRoomOn = async (serverId: string, present: SignedInUser[] = []) => {
    const db = t.app.tutti.database.db;
    const [session] = await db
      .insert(sessions)
      .values({ kind: 'open', name: 'Jam', startsAt: new Date(), maxPlayers: 8 })
      .returning();
    const [room] = await db
      .insert(rooms)
      .values({ sessionId: session?.id ?? '', serverId, remoteId: unique(), ip: '127.0.0.1', port: 7400 })
      .returning();
    const at = new Date();
    const player = (user: SignedInUser, slot: number) => ({ accountId: user.id, slot, leaveTokenHash: unique() });
    const base = { sessionId: session?.id ?? '', roomId: room?.id ?? null, joinedAt: at, lastKeepaliveAt: at };
    if (present.length) await db.insert(sessionPlayers).values(present.map((u, i) => ({ ...base, ...player(u, i) })));
    return room?.id ?? '';
  };
  const closeRoom = (id: string) =>
    t.app.tutti.database.db.update(rooms).set({ closedAt: new Date() }).where(eq(rooms.id, id));

  beforeAll(async () => {
    await database.setup();
    fake = await startFakeRoomServer();
    t = await startTestApp(database, {
      ROOM_SERVER_URL: fake.url,
      ROOM_SECRET: FAKE_ROOM_SECRET,
      ROOM_CAPACITY: '24',
      ADMIN_EMAILS: ADMIN_EMAIL,
    });
    admin = await createUser(t, { email: ADMIN_EMAIL });
    musician = await createUser(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await database.teardown();
  });

  describe('access', () => {
    const calls: ['GET' | 'POST' | 'DELETE', string, unknown?][] = [
      ['GET', 'v1/providers'],
      ['GET', 'v1/regions'],
      ['POST', 'v1/regions', { code: 'x-y', name: 'X', latitude: 0, longitude: 0 }],
      ['DELETE', `v1/regions/${UNKNOWN_ID}`],
      ['GET', 'v1/servers'],
      ['POST', 'v1/servers', {}],
      ['POST', `v1/servers/${UNKNOWN_ID}/start`],
      ['POST', `v1/servers/${UNKNOWN_ID}/pause`],
      ['GET', `v1/servers/${UNKNOWN_ID}/healthcheck`],
      ['DELETE', `v1/servers/${UNKNOWN_ID}`],
    ];

    it('answers 401 UNAUTHENTICATED without a token on every endpoint', async () => {
      for (const [method, url, body] of calls) {
        const res = await api(method, url, body, null);
        expect(res.status, `${method} ${url}`).toBe(401);
        expect(res.json.error.code).toBe('UNAUTHENTICATED');
      }
    });

    it('answers 403 FORBIDDEN to a musician who is not an administrator, and changes nothing', async () => {
      const before = (await api<Region[]>('GET', 'v1/regions')).json.length;
      for (const [method, url, body] of calls) {
        const res = await api(method, url, body, musician);
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.json.error.code).toBe('FORBIDDEN');
      }
      expect((await api<Region[]>('GET', 'v1/regions')).json).toHaveLength(before);
    });
  });

  describe('start-up registration', () => {
    it('registers the configured room server as started in the default region', async () => {
      const regions = (await api<Region[]>('GET', 'v1/regions')).json;
      const home = regions.find((r) => r.code === 'default');
      expect(home).toMatchObject({ name: 'Default region', latitude: 48.85, longitude: 2.35 });
      const list = (await api<Server[]>('GET', 'v1/servers')).json;
      expect(list.filter((s) => s.url === fake.url)).toEqual([
        {
          id: expect.any(String),
          name: 'local',
          regionId: home?.id,
          provider: 'self-hosted',
          url: fake.url,
          capacity: 24,
          status: 'started',
          load: 0,
          lastHealthAt: null,
          lastHealthOk: null,
          createdAt: expect.any(String),
        },
      ]);
      const [row] = await t.app.tutti.database.db.select().from(servers).where(eq(servers.url, fake.url));
      expect(row?.secret).toBe(FAKE_ROOM_SECRET);
    });

    it('refreshes secret and capacity on a restart, keeping one row and an administrator’s pause', async () => {
      const local = (await api<Server[]>('GET', 'v1/servers')).json.find((s) => s.url === fake.url);
      expect((await api('POST', `v1/servers/${local?.id}/pause`)).status).toBe(200);
      try {
        const db = t.app.tutti.database.db;
        const restarted = createServersService({ repo: createServersRepository(db), log: t.app.log, now: t.clock.now });
        const again = await restarted.registerLocalServer({
          url: `${fake.url}/`,
          secret: 'a-new-room-secret-0123',
          capacity: 40,
        });
        expect(again).toMatchObject({ id: local?.id, status: 'paused', capacity: 40, name: 'local' });
        const rows = await db.select().from(servers).where(eq(servers.url, fake.url));
        expect(rows.map((r) => r.secret)).toEqual(['a-new-room-secret-0123']);
        expect((await api<Region[]>('GET', 'v1/regions')).json.filter((r) => r.code === 'default')).toHaveLength(1);
        await restarted.registerLocalServer({ url: fake.url, secret: FAKE_ROOM_SECRET, capacity: 24 });
      } finally {
        await api('POST', `v1/servers/${local?.id}/start`);
      }
    });
  });

  describe('GET v1/providers', () => {
    it('lists every provider with its display name', async () => {
      const res = await api<Provider[]>('GET', 'v1/providers');
      expect(res.status).toBe(200);
      expect(res.json.map((p) => p.id)).toEqual([...PROVIDERS]);
      expect(res.json.find((p) => p.id === 'ovh')).toEqual({ id: 'ovh', name: 'OVHcloud' });
      expect(res.json.every((p) => p.name.length > 0)).toBe(true);
    });
  });

  describe('regions', () => {
    it('creates a region (201) that the list then shows', async () => {
      const code = `eu-${unique()}`;
      const res = await api<Region>('POST', 'v1/regions', { code, name: ' Paris ', latitude: 48.85, longitude: 2.35 });
      expect(res.status).toBe(201);
      expect(res.json).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        code,
        name: 'Paris',
        latitude: 48.85,
        longitude: 2.35,
        createdAt: expect.any(String),
      });
      expect((await api<Region[]>('GET', 'v1/regions')).json).toContainEqual(res.json);
    });

    it('refuses a taken code with 409 CONFLICT on the code field', async () => {
      const region = await newRegion();
      const res = await api('POST', 'v1/regions', { code: region.code, name: 'Again', latitude: 1, longitude: 1 });
      expect(res.status).toBe(409);
      expect(res.json.error).toMatchObject({ code: 'CONFLICT', fields: { code: 'invalid' } });
    });

    it('refuses bad bodies with field codes', async () => {
      const cases: [unknown, Record<string, string>][] = [
        [{ code: 'Bad Code', name: 'X', latitude: 0, longitude: 0 }, { code: 'invalid' }],
        [{ code: 'ok-code', name: '  ', latitude: 0, longitude: 0 }, { name: 'required' }],
        [{ code: 'ok-code', name: 'X', latitude: 91, longitude: 0 }, { latitude: 'invalid' }],
        [{ code: 'ok-code', name: 'X', latitude: 0, longitude: -181 }, { longitude: 'invalid' }],
        [{ code: 'ok-code', name: 'X', latitude: 0 }, { longitude: 'required' }],
        [{ code: 'ok-code', name: 'X', latitude: '1', longitude: 0 }, { latitude: 'invalid' }],
      ];
      for (const [body, fields] of cases) {
        const res = await api('POST', 'v1/regions', body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.json.error.code).toBe('VALIDATION_FAILED');
        expect(res.json.error.fields, JSON.stringify(body)).toMatchObject(fields);
      }
      const malformed = await call<ErrorJson>(t, 'POST', 'v1/regions', { token: admin.accessToken, rawBody: '{' });
      expect(malformed.status).toBe(400);
    });

    it('deletes a region without servers (204), then answers 404 for it', async () => {
      const region = await newRegion();
      expect((await api('DELETE', `v1/regions/${region.id}`)).status).toBe(204);
      expect((await api<Region[]>('GET', 'v1/regions')).json.some((r) => r.id === region.id)).toBe(false);
      const again = await api('DELETE', `v1/regions/${region.id}`);
      expect(again.status).toBe(404);
      expect(again.json.error.code).toBe('NOT_FOUND');
    });

    it('refuses to delete a region that has servers: 409 IN_USE', async () => {
      const region = await newRegion();
      const server = await newServer(region.id);
      const res = await api('DELETE', `v1/regions/${region.id}`);
      expect(res.status).toBe(409);
      expect(res.json.error.code).toBe('IN_USE');
      expect((await api('DELETE', `v1/servers/${server.id}`)).status).toBe(204);
      expect((await api('DELETE', `v1/regions/${region.id}`)).status).toBe(204);
    });

    it('answers 400 for an id that is not a UUID', async () => {
      const res = await api('DELETE', 'v1/regions/not-a-uuid');
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { id: 'invalid' } });
    });
  });

  describe('servers', () => {
    it('registers a server paused, without ever returning its secret', async () => {
      const region = await newRegion();
      const url = `https://rooms-${unique()}.example.org/`;
      const res = await api<Server>('POST', 'v1/servers', {
        name: ' Montreal 1 ',
        regionId: region.id,
        provider: 'ovh',
        url,
        secret: 'a-room-secret-0123456789',
        capacity: 48,
      });
      expect(res.status).toBe(201);
      expect(res.json).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Montreal 1',
        regionId: region.id,
        provider: 'ovh',
        url: url.replace(/\/$/, ''),
        capacity: 48,
        status: 'paused',
        load: 0,
        lastHealthAt: null,
        lastHealthOk: null,
        createdAt: expect.any(String),
      });
      expect(res.text).not.toContain('a-room-secret');
      const list = await api<Server[]>('GET', 'v1/servers');
      expect(list.json).toContainEqual(res.json);
      expect(list.text).not.toContain('a-room-secret');
      expect(list.text).not.toContain(FAKE_ROOM_SECRET);
    });

    it('refuses an unknown region (400 on regionId) and a URL registered already (409 on url)', async () => {
      const unknownRegion = await api('POST', 'v1/servers', {
        name: 'X',
        regionId: UNKNOWN_ID,
        provider: 'aws',
        url: 'http://elsewhere.example.org',
        secret: 'a-room-secret-0123456789',
        capacity: 8,
      });
      expect(unknownRegion.status).toBe(400);
      expect(unknownRegion.json.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { regionId: 'invalid' } });

      const region = await newRegion();
      const server = await newServer(region.id);
      const taken = await api('POST', 'v1/servers', {
        name: 'Twin',
        regionId: region.id,
        provider: 'aws',
        url: `${server.url}/`,
        secret: 'another-secret-0123456789',
        capacity: 8,
      });
      expect(taken.status).toBe(409);
      expect(taken.json.error).toMatchObject({ code: 'CONFLICT', fields: { url: 'invalid' } });
    });

    it('refuses bad bodies with field codes', async () => {
      const region = await newRegion();
      const valid = {
        name: 'X',
        regionId: region.id,
        provider: 'aws',
        url: 'http://ok.example.org',
        secret: 'a-room-secret-0123456789',
        capacity: 8,
      };
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ provider: 'digitalocean' }, { provider: 'invalid' }],
        [{ url: 'not a url' }, { url: 'invalid' }],
        [{ url: 'ftp://files.example.org' }, { url: 'invalid' }],
        [{ secret: 'short' }, { secret: 'invalid' }],
        [{ capacity: 0 }, { capacity: 'invalid' }],
        [{ capacity: 2.5 }, { capacity: 'invalid' }],
        [{ regionId: 'nope' }, { regionId: 'invalid' }],
        [{ name: '' }, { name: 'required' }],
        [{ secret: undefined }, { secret: 'required' }],
      ];
      for (const [change, fields] of cases) {
        const res = await api('POST', 'v1/servers', { ...valid, ...change });
        expect(res.status, JSON.stringify(change)).toBe(400);
        expect(res.json.error.code).toBe('VALIDATION_FAILED');
        expect(res.json.error.fields, JSON.stringify(change)).toMatchObject(fields);
      }
    });

    it('starts and pauses a server', async () => {
      const server = await newServer((await newRegion()).id);
      const started = await api<Server>('POST', `v1/servers/${server.id}/start`);
      expect(started.status).toBe(200);
      expect(started.json).toMatchObject({ id: server.id, status: 'started' });
      const paused = await api<Server>('POST', `v1/servers/${server.id}/pause`);
      expect(paused.status).toBe(200);
      expect(paused.json).toMatchObject({ id: server.id, status: 'paused' });
      expect((await api<Server[]>('GET', 'v1/servers')).json.find((s) => s.id === server.id)?.status).toBe('paused');
    });

    it('counts as load the players present in its open rooms (not their maxPlayers), and refuses to delete it while rooms are open', async () => {
      const server = await newServer((await newRegion()).id);
      const third = await createUser(t);
      const first = await openRoomOn(server.id, [admin, musician, third]);
      await openRoomOn(server.id, [admin]);
      const empty = await openRoomOn(server.id, []);
      const loadOf = async () => (await api<Server[]>('GET', 'v1/servers')).json.find((s) => s.id === server.id)?.load;
      expect(await loadOf()).toBe(4);
      const refused = await api('DELETE', `v1/servers/${server.id}`);
      expect(refused.status).toBe(409);
      expect(refused.json.error.code).toBe('IN_USE');

      await closeRoom(first);
      await closeRoom(empty);
      expect(await loadOf()).toBe(1);
      expect((await api<Server>('POST', `v1/servers/${server.id}/start`)).json.load).toBe(1);
      await t.app.tutti.database.db.update(rooms).set({ closedAt: new Date() }).where(eq(rooms.serverId, server.id));
      expect((await api('DELETE', `v1/servers/${server.id}`)).status).toBe(204);
      expect((await api<Server[]>('GET', 'v1/servers')).json.some((s) => s.id === server.id)).toBe(false);
    });

    it('answers 404 for an unknown server and 400 for an id that is not a UUID', async () => {
      for (const [method, path] of [
        ['POST', 'start'],
        ['POST', 'pause'],
        ['GET', 'healthcheck'],
        ['DELETE', ''],
      ] as const) {
        const url = `v1/servers/${UNKNOWN_ID}${path ? `/${path}` : ''}`;
        const unknown = await api(method, url);
        expect(unknown.status, url).toBe(404);
        expect(unknown.json.error.code).toBe('NOT_FOUND');
        const malformed = await api(method, url.replace(UNKNOWN_ID, '123'));
        expect(malformed.status, url).toBe(400);
        expect(malformed.json.error.fields).toEqual({ id: 'invalid' });
      }
    });
  });

  describe('GET v1/servers/{id}/healthcheck', () => {
    it('asks the room server itself and records that it is up', async () => {
      const local = (await api<Server[]>('GET', 'v1/servers')).json.find((s) => s.url === fake.url);
      const callsBefore = fake.calls.length;
      const res = await api<ServerHealth>('GET', `v1/servers/${local?.id}/healthcheck`);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        ok: true,
        checkedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        report: { rooms: fake.rooms.size, players: 0, uptimeSec: 1, cpu: 0.1 },
        error: null,
      });
      expect(fake.calls.slice(callsBefore)).toEqual(['GET /health']);
      const after = (await api<Server[]>('GET', 'v1/servers')).json.find((s) => s.id === local?.id);
      expect(after).toMatchObject({ lastHealthOk: true, lastHealthAt: res.json.checkedAt });
    });

    it('answers ok false with the reason when the room server is down, and records it', async () => {
      const down = await startFakeRoomServer();
      await down.close();
      const server = await newServer((await newRegion()).id, { url: down.url });
      const res = await api<ServerHealth>('GET', `v1/servers/${server.id}/healthcheck`);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ ok: false, report: null, error: expect.stringContaining('unreachable') });
      const after = (await api<Server[]>('GET', 'v1/servers')).json.find((s) => s.id === server.id);
      expect(after).toMatchObject({ lastHealthOk: false, lastHealthAt: res.json.checkedAt });
    });
  });
});

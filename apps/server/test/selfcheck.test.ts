import type { Selfcheck } from '@tutti/contract/nals';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfchecks } from '../src/platform/schema.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { FAKE_ROOM_SECRET, roomOf, startFakeRoomServer, type FakeRoomServer } from './support/fake-room.ts';
import { createUser, type SignedInUser } from './support/users.ts';

type ErrorJson = { error: { code: string; message: string } };

describe.each(databases())('self-check on $name', (database) => {
  let t: TestApp;
  let rooms: FakeRoomServer;
  let ann: SignedInUser;
  let bob: SignedInUser;
  const start = (user: SignedInUser) =>
    call<Selfcheck & ErrorJson>(t, 'POST', 'v1/selfcheck/start', { token: user.accessToken });
  const close = (user: SignedInUser, id: string) =>
    call<ErrorJson>(t, 'POST', `v1/selfcheck/${id}/close`, { token: user.accessToken });
  const rowOf = async (id: string) =>
    (await t.app.tutti.database.db.select().from(selfchecks).where(eq(selfchecks.id, id)))[0];

  beforeAll(async () => {
    await database.setup();
    rooms = await startFakeRoomServer();
    t = await startTestApp(database, { ROOM_SERVER_URL: rooms.url, ROOM_SECRET: FAKE_ROOM_SECRET });
    ann = await createUser(t);
    bob = await createUser(t);
  });
  afterAll(async () => {
    await t?.close();
    await rooms?.close();
    await database.teardown();
  });

  it('opens an echo room and answers its address, then closes it', async () => {
    const res = await start(ann);
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ip: '127.0.0.1',
      port: expect.any(Number),
      player: 0,
      charge: expect.any(String),
    });
    const row = await rowOf(res.json.id);
    // The charge is the echo room's ticket for ann (room-admission.test.ts checks it against a real room server).
    expect(roomOf(res.json.charge)).toBe(row?.roomId);
    expect(row).toMatchObject({ accountId: ann.id, closedAt: null });
    expect(rooms.rooms.get(row?.roomId ?? '')).toEqual({ kind: 'echo', port: res.json.port });

    expect((await close(ann, res.json.id)).status).toBe(204);
    expect(rooms.rooms.has(row?.roomId ?? '')).toBe(false);
    expect((await rowOf(res.json.id))?.closedAt).toBeInstanceOf(Date);
  });

  it('closes idempotently: a second close answers 204 without calling the room server again', async () => {
    const { json } = await start(ann);
    const roomId = (await rowOf(json.id))?.roomId ?? '';
    expect((await close(ann, json.id)).status).toBe(204);
    expect((await close(ann, json.id)).status).toBe(204);
    expect(rooms.calls.filter((c) => c === `DELETE /rooms/${roomId}`)).toHaveLength(1);
  });

  it('answers 404 to anyone but the owner, and for an unknown id, leaving the room open', async () => {
    const { json } = await start(ann);
    const other = await close(bob, json.id);
    expect(other.status).toBe(404);
    expect(other.json.error.code).toBe('NOT_FOUND');
    expect((await close(bob, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await rowOf(json.id))?.closedAt).toBeNull();
    expect(rooms.rooms.has((await rowOf(json.id))?.roomId ?? '')).toBe(true);
    await close(ann, json.id);
  });

  it('closes the previous self-check of the same user when a new one starts', async () => {
    const first = await start(bob);
    const second = await start(bob);
    expect(second.json.id).not.toBe(first.json.id);
    expect((await rowOf(first.json.id))?.closedAt).toBeInstanceOf(Date);
    expect(rooms.rooms.has((await rowOf(first.json.id))?.roomId ?? '')).toBe(false);
    expect((await rowOf(second.json.id))?.closedAt).toBeNull();
    await close(bob, second.json.id);
  });

  it('answers 503 ROOM_SERVER_UNAVAILABLE when the room server fails, and records nothing', async () => {
    const count = async () =>
      (await t.app.tutti.database.db.select().from(selfchecks).where(eq(selfchecks.accountId, ann.id))).length;
    const before = await count();
    rooms.failing = true;
    try {
      const res = await start(ann);
      expect(res.status).toBe(503);
      expect(res.json.error.code).toBe('ROOM_SERVER_UNAVAILABLE');
    } finally {
      rooms.failing = false;
    }
    expect(await count()).toBe(before);
  });

  it('still closes the self-check when the room server fails at that moment', async () => {
    const { json } = await start(ann);
    rooms.failing = true;
    try {
      expect((await close(ann, json.id)).status).toBe(204);
    } finally {
      rooms.failing = false;
    }
    expect((await rowOf(json.id))?.closedAt).toBeInstanceOf(Date);
  });

  it('refuses a guest', async () => {
    expect((await call<ErrorJson>(t, 'POST', 'v1/selfcheck/start')).status).toBe(401);
  });
});

describe('self-check without a room server', () => {
  const [database] = databases();
  let t: TestApp;
  beforeAll(async () => {
    await database!.setup();
    // Nothing listens on port 1.
    t = await startTestApp(database!, { ROOM_SERVER_URL: 'http://127.0.0.1:1' });
  });
  afterAll(async () => {
    await t?.close();
    await database!.teardown();
  });

  it('answers 503 ROOM_SERVER_UNAVAILABLE', async () => {
    const user = await createUser(t);
    const res = await call<ErrorJson>(t, 'POST', 'v1/selfcheck/start', { token: user.accessToken });
    expect(res.status).toBe(503);
    expect(res.json.error).toMatchObject({
      code: 'ROOM_SERVER_UNAVAILABLE',
      message: expect.stringContaining('room server'),
    });
  });
});

import type { JoinedSession, Session } from '@tutti/contract/sessions';
import { busTopics } from '@tutti/contract/bus';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessionPlayers, sessions } from '../src/platform/schema.ts';
import { call } from './support/app.ts';
import { roomOf } from './support/fake-room.ts';
import { databases } from './support/databases.ts';
import {
  details,
  eventsOn,
  keepalive,
  newAdmin,
  newTester,
  UNKNOWN_ID,
  sessionsSuite,
  type ErrorJson,
} from './support/sessions.ts';
import { createUser, type SignedInUser } from './support/users.ts';

describe.each(databases())('test rehearsals on $name', (database) => {
  const {
    h,
    users: [admin, tester, tester2, musician],
  } = sessionsSuite(database, [newAdmin, newTester, newTester, createUser]);

  const create = (user: SignedInUser, body: unknown) =>
    call<Session & ErrorJson>(h.t, 'POST', 'v1/test-rehearsal', { token: user.accessToken, body });
  const join = (user: SignedInUser, id: string, password: string) =>
    call<JoinedSession & ErrorJson>(h.t, 'POST', `v1/test-rehearsal/${id}/join`, {
      token: user.accessToken,
      body: { password },
    });
  const quit = (user: SignedInUser, id: string) =>
    call<ErrorJson>(h.t, 'POST', `v1/test-rehearsal/${id}/quit`, { token: user.accessToken });
  const list = (user: SignedInUser) =>
    call<Session[] & ErrorJson>(h.t, 'GET', 'v1/test-rehearsal', { token: user.accessToken });

  it('an administrator creates one; testers list it, join with the password, and get no minute count', async () => {
    const res = await create(admin, { name: 'Latency lab', description: 'EU routes', password: 'open sesame' });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ kind: 'test', public: false, status: 'live', organizer: { id: admin.id } });
    const row = (await h.t.app.tutti.database.db.select().from(sessions).where(eq(sessions.id, res.json.id)))[0];
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await list(tester)).json.map((s) => s.id)).toContain(res.json.id);

    const a = await join(tester, res.json.id, 'open sesame');
    expect(a.status, a.text).toBe(200);
    expect(a.json).toMatchObject({ slot: 0, remainingMinutes: null });
    const b = await join(tester2, res.json.id, 'open sesame');
    expect(b.json.slot).toBe(1);
    expect((await keepalive(h.t, tester, res.json.id)).json.remainingMinutes).toBeNull();
    expect((await details(h.t, tester2, res.json.id)).status).toBe(200);
  });

  it('refuses a wrong password with 400 WRONG_PASSWORD', async () => {
    const { json } = await create(admin, { name: 'Locked', password: 'right one' });
    const res = await join(tester, json.id, 'wrong one');
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'WRONG_PASSWORD', fields: { password: 'wrong_password' } });
    const empty = await join(tester, json.id, '');
    expect(empty.status).toBe(400);
    expect(empty.json.error.fields).toEqual({ password: 'required' });
  });

  it('refuses musicians without the role (403) on the tester endpoints, and hides the session from them (404)', async () => {
    const { json } = await create(admin, { name: 'Hidden', password: 'pw' });
    expect((await list(musician)).status).toBe(403);
    expect((await join(musician, json.id, 'pw')).status).toBe(403);
    expect((await quit(musician, json.id)).status).toBe(403);
    expect((await details(h.t, musician, json.id)).status).toBe(404);
    const viaOpen = await call<ErrorJson>(h.t, 'POST', `v2/open-rehearsal/${json.id}/join`, {
      token: tester.accessToken,
    });
    expect(viaOpen.status).toBe(404);
  });

  it('only administrators create and delete (403 for testers)', async () => {
    expect((await create(tester, { name: 'Mine', password: 'pw' })).status).toBe(403);
    const { json } = await create(admin, { name: 'Admin only', password: 'pw' });
    const del = await call<ErrorJson>(h.t, 'DELETE', `v1/test-rehearsal/${json.id}`, { token: tester.accessToken });
    expect(del.status).toBe(403);
    const bad = await create(admin, { name: '', password: '' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields).toEqual({ name: 'required', password: 'required' });
  });

  it('quits (idempotent, with the header or the beacon); an empty one stays open and gives its room back', async () => {
    const { json } = await create(admin, { name: 'Quitters', password: 'pw' });
    const a = (await join(tester, json.id, 'pw')).json;
    const b = (await join(tester2, json.id, 'pw')).json;
    expect((await quit(tester, json.id)).status).toBe(204);
    expect((await quit(tester, json.id)).status).toBe(204);
    const beacon = await call(h.t, 'POST', `v1/test-rehearsal/${json.id}/quit`, {
      rawBody: JSON.stringify({ leaveToken: b.leaveToken }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(beacon.status).toBe(204);
    const after = await details(h.t, tester, json.id);
    expect(after.json).toMatchObject({ status: 'live', players: [] });
    expect(h.rooms.rooms.has(roomOf(a.room.charge))).toBe(false);
    // The next join opens a new room.
    const again = await join(tester, json.id, 'pw');
    expect(again.status).toBe(200);
    expect(roomOf(again.json.room.charge)).not.toBe(roomOf(a.room.charge));
  });

  it('deleting ends it: players leave, the room closes, `ended` is published; unknown ids are 404', async () => {
    const { json } = await create(admin, { name: 'Doomed', password: 'pw' });
    const a = (await join(tester, json.id, 'pw')).json;
    const from = h.events.length;
    const del = await call(h.t, 'DELETE', `v1/test-rehearsal/${json.id}`, { token: admin.accessToken });
    expect(del.status).toBe(204);
    const players = await h.t.app.tutti.database.db
      .select()
      .from(sessionPlayers)
      .where(eq(sessionPlayers.sessionId, json.id));
    expect(players.map((p) => p.leaveReason)).toEqual(['ended']);
    expect(h.rooms.rooms.has(roomOf(a.room.charge))).toBe(false);
    expect(eventsOn(h, busTopics.session(json.id), from).map((e) => e['event'])).toEqual(['ended']);
    expect((await list(tester)).json.map((s) => s.id)).not.toContain(json.id);
    const rejoin = await join(tester, json.id, 'pw');
    expect(rejoin.status).toBe(409);
    expect(rejoin.json.error.code).toBe('SESSION_ENDED');
    expect((await call(h.t, 'DELETE', `v1/test-rehearsal/${UNKNOWN_ID}`, { token: admin.accessToken })).status).toBe(
      404,
    );
  });
});

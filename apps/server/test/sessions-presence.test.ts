import { busTopics } from '@tutti/contract/bus';
import {
  DEFAULT_SESSION_EMPTY_GRACE_MS,
  SESSION_KEEPALIVE_TIMEOUT_MS,
  SESSION_MAX_PLAYERS,
} from '@tutti/contract/sessions';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessionPlayers, sessions } from '../src/platform/schema.ts';
import { SESSION_SWEEP_JOB } from '../src/modules/sessions/sessions.jobs.ts';
import { call } from './support/app.ts';
import { roomOf } from './support/fake-room.ts';
import { databases } from './support/databases.ts';
import {
  createOpenRehearsal,
  details,
  eventsOn,
  joined,
  joinOpen,
  keepalive,
  quitOpen,
  signedInAgain,
  sweepAfter,
  sessionsSuite,
  type ErrorJson,
} from './support/sessions.ts';
import { createUser } from './support/users.ts';

describe.each(databases())('joining and leaving on $name', (database) => {
  const {
    h,
    users: [ann, bob],
  } = sessionsSuite(database, [createUser, createUser]);
  const playersOf = (sessionId: string) =>
    h.t.app.tutti.database.db.select().from(sessionPlayers).where(eq(sessionPlayers.sessionId, sessionId));
  const sessionRow = async (id: string) =>
    (await h.t.app.tutti.database.db.select().from(sessions).where(eq(sessions.id, id)))[0];

  it('gives each musician a slot in one room, the room address and a leave token, and publishes the joins', async () => {
    const s = await createOpenRehearsal(h.t, ann);
    const from = h.events.length;
    const a = await joined(h.t, ann, s.id);
    const b = await joined(h.t, bob, s.id);
    expect(a).toMatchObject({ slot: 0, remainingMinutes: 120, room: { ip: '127.0.0.1' } });
    expect(b.slot).toBe(1);
    // One room, but each join its own ticket (slot and account).
    expect({ ...b.room, charge: roomOf(b.room.charge) }).toEqual({ ...a.room, charge: roomOf(a.room.charge) });
    expect(b.room.charge).not.toBe(a.room.charge);
    expect(h.rooms.rooms.get(roomOf(a.room.charge))).toMatchObject({ kind: 'rehearsal', port: a.room.port });
    expect(a.leaveToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.session.players.map((p) => [p.musician.id, p.slot])).toEqual([
      [ann.id, 0],
      [bob.id, 1],
    ]);
    expect(b.session.runningSince).not.toBeNull();
    const joins = eventsOn(h, busTopics.session(s.id), from);
    expect(joins.map((e) => [e['event'], (e['musician'] as { id: string }).id, e['slot']])).toEqual([
      ['joined', ann.id, 0],
      ['joined', bob.id, 1],
    ]);
    // The leave token is stored hashed only.
    const rows = await playersOf(s.id);
    expect(rows.map((r) => r.leaveTokenHash)).not.toContain(a.leaveToken);
  });

  it('joins again after a reload: same slot, a new token, the old one no longer quits', async () => {
    const s = await createOpenRehearsal(h.t, ann);
    const first = await joined(h.t, ann, s.id);
    const again = await joined(h.t, ann, s.id);
    expect(again.slot).toBe(first.slot);
    expect(again.leaveToken).not.toBe(first.leaveToken);
    const stale = await call<ErrorJson>(h.t, 'POST', `v1/open-rehearsal/${s.id}/quit`, {
      rawBody: JSON.stringify({ leaveToken: first.leaveToken }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(stale.status).toBe(401);
    expect((await playersOf(s.id)).filter((p) => p.leftAt === null)).toHaveLength(1);
  });

  it('answers SESSION_NOT_STARTED with the start time before a scheduled session starts', async () => {
    const startsAt = new Date(h.t.clock.now().getTime() + 3600_000).toISOString();
    const s = await createOpenRehearsal(h.t, ann, { startsAt });
    const res = await joinOpen(h.t, bob, s.id);
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({ code: 'SESSION_NOT_STARTED', details: { startsAt } });
  });

  it('answers SESSION_FULL when every slot is taken', async () => {
    const s = await createOpenRehearsal(h.t, ann);
    const players = await Promise.all(Array.from({ length: SESSION_MAX_PLAYERS }, () => createUser(h.t)));
    for (const p of players) await joined(h.t, p, s.id);
    const res = await joinOpen(h.t, bob, s.id);
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('SESSION_FULL');
  });

  it('quits, publishes the leave; the last one out closes the room, and the session ends after its grace period', async () => {
    const s = await createOpenRehearsal(h.t, ann);
    const a = await joined(h.t, ann, s.id);
    const b = await joined(h.t, bob, s.id);
    const from = h.events.length;
    expect((await quitOpen(h.t, bob, s.id)).status).toBe(204);
    expect((await quitOpen(h.t, bob, s.id)).status).toBe(204); // idempotent
    expect((await details(h.t, ann, s.id)).json.players.map((p) => p.musician.id)).toEqual([ann.id]);
    expect(h.rooms.rooms.has(roomOf(a.room.charge))).toBe(true);
    // Bob's audio client may never have heard of his quit (a closed tab): the room drops his slot itself, once.
    expect(h.rooms.calls.filter((c) => c === `DELETE /rooms/${roomOf(a.room.charge)}/players/${b.slot}`)).toHaveLength(
      1,
    );
    // ... naming bob and his leave time, so the room server refuses his ticket from then on.
    expect(h.rooms.drops.at(-1)).toEqual({
      room: roomOf(a.room.charge),
      slot: b.slot,
      account: bob.id,
      through: expect.any(Number),
    });
    expect((await quitOpen(h.t, ann, s.id)).status).toBe(204);
    // Everyone left: the room is given back at once, but the session stays live for its grace period.
    const empty = await details(h.t, ann, s.id);
    expect(empty.json).toMatchObject({ status: 'live', players: [], endedAt: null });
    const closesIn = Date.parse(empty.json.closesAt ?? '') - h.t.clock.now().getTime();
    expect(closesIn).toBeGreaterThan(DEFAULT_SESSION_EMPTY_GRACE_MS - 60_000);
    expect(closesIn).toBeLessThanOrEqual(DEFAULT_SESSION_EMPTY_GRACE_MS);
    expect(h.rooms.calls).toContain(`DELETE /rooms/${roomOf(a.room.charge)}`);
    expect(h.rooms.rooms.has(roomOf(a.room.charge))).toBe(false);
    expect(eventsOn(h, busTopics.session(s.id), from).map((e) => [e['event'], e['reason']])).toEqual([
      ['left', 'quit'],
      ['left', 'quit'],
    ]);

    // Within the grace period anyone allowed comes back, in a new room; the session is no longer empty.
    h.t.clock.advance(DEFAULT_SESSION_EMPTY_GRACE_MS - 60_000);
    await h.t.app.tutti.jobs.runNow(SESSION_SWEEP_JOB);
    const back = await joined(h.t, bob, s.id);
    expect(roomOf(back.room.charge)).not.toBe(roomOf(a.room.charge));
    expect(back.session).toMatchObject({ status: 'live', closesAt: null });
    expect((await quitOpen(h.t, bob, s.id)).status).toBe(204);

    // Empty again for longer than the grace period: the sweep ends it.
    await sweepAfter(h, DEFAULT_SESSION_EMPTY_GRACE_MS + 1000, [ann, bob]);
    const ended = await details(h.t, ann, s.id);
    expect(ended.json).toMatchObject({ status: 'ended', players: [], closesAt: null });
    expect(eventsOn(h, busTopics.session(s.id), from).map((e) => e['event'])).toEqual([
      'left',
      'left',
      'joined',
      'left',
      'ended',
    ]);
    expect(eventsOn(h, busTopics.hallSessions(), from).at(-1)).toMatchObject({ event: 'ended' });
    const join = await joinOpen(h.t, bob, s.id);
    expect(join.status).toBe(409);
    expect(join.json.error.code).toBe('SESSION_ENDED');
    expect((await sessionRow(s.id))?.endedAt).toBeInstanceOf(Date);
  });

  it('accepts the quit beacon: leaveToken as text/plain, no header at all', async () => {
    const s = await createOpenRehearsal(h.t, ann);
    const a = await joined(h.t, ann, s.id);
    await joined(h.t, bob, s.id);
    const res = await h.t.app.inject({
      method: 'POST',
      url: `/api/v1/open-rehearsal/${s.id}/quit`,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ leaveToken: a.leaveToken }),
    });
    expect(res.statusCode, res.body).toBe(204);
    const present = (await playersOf(s.id)).filter((p) => p.leftAt === null).map((p) => p.accountId);
    expect(present).toEqual([bob.id]);
    // Once more: already out, still 204.
    const again = await call(h.t, 'POST', `v1/open-rehearsal/${s.id}/quit`, {
      rawBody: JSON.stringify({ leaveToken: a.leaveToken }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(again.status).toBe(204);
  });

  it('refuses a beacon with a wrong token (401), a malformed one (400), and text/plain elsewhere (415)', async () => {
    const s = await createOpenRehearsal(h.t, ann);
    const a = await joined(h.t, ann, s.id);
    const beacon = (rawBody: string, id = s.id) =>
      call<ErrorJson>(h.t, 'POST', `v1/open-rehearsal/${id}/quit`, {
        rawBody,
        headers: { 'content-type': 'text/plain' },
      });
    const wrong = await beacon(JSON.stringify({ leaveToken: 'x'.repeat(43) }));
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.code).toBe('UNAUTHENTICATED');
    const other = await createOpenRehearsal(h.t, bob);
    expect((await beacon(JSON.stringify({ leaveToken: a.leaveToken }), other.id)).status).toBe(401);
    expect((await beacon('{"leaveToken":')).status).toBe(400);
    expect((await beacon('')).status).toBe(401);
    const elsewhere = await call<ErrorJson>(h.t, 'POST', 'v2/open-rehearsal', {
      token: ann.accessToken,
      rawBody: JSON.stringify({ name: 'x', public: true }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(elsewhere.status).toBe(415);
    expect((await playersOf(s.id)).filter((p) => p.leftAt === null)).toHaveLength(1);
  });

  it('joining another session first leaves the previous one', async () => {
    const first = await createOpenRehearsal(h.t, ann);
    const second = await createOpenRehearsal(h.t, ann);
    await joined(h.t, bob, first.id);
    await joined(h.t, bob, second.id);
    const present = async (id: string) =>
      (await playersOf(id)).filter((p) => p.leftAt === null).map((p) => p.accountId);
    expect(await present(first.id)).toEqual([]);
    expect(await present(second.id)).toEqual([bob.id]);
  });

  it('keepalive answers the session and minutes to a player, NOT_IN_SESSION to anyone else', async () => {
    const s = await createOpenRehearsal(h.t, ann);
    const cat = await createUser(h.t);
    await joined(h.t, cat, s.id);
    const ok = await keepalive(h.t, cat, s.id);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ session: { id: s.id } });
    // Whole minutes left: the few milliseconds since the join already started the 120th.
    expect(ok.json.remainingMinutes).toBeGreaterThanOrEqual(119);
    const other = await keepalive(h.t, bob, s.id);
    expect(other.status).toBe(409);
    expect(other.json.error.code).toBe('NOT_IN_SESSION');
    const unknown = await keepalive(h.t, bob, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
  });

  it('the sweep drops a silent player, then releases the empty room and ends the session after its grace', async () => {
    const s = await createOpenRehearsal(h.t, ann);
    const a = await joined(h.t, ann, s.id);
    await joined(h.t, bob, s.id);
    const from = h.events.length;
    h.t.clock.advance(SESSION_KEEPALIVE_TIMEOUT_MS / 2);
    expect((await keepalive(h.t, bob, s.id)).status).toBe(200);
    h.t.clock.advance(SESSION_KEEPALIVE_TIMEOUT_MS / 2 + 1000);
    await h.t.app.tutti.jobs.runNow(SESSION_SWEEP_JOB);
    const mid = await details(h.t, bob, s.id);
    expect(mid.json.players.map((p) => p.musician.id)).toEqual([bob.id]);
    expect(eventsOn(h, busTopics.session(s.id), from)).toEqual([
      expect.objectContaining({ event: 'left', reason: 'timeout', musician: expect.objectContaining({ id: ann.id }) }),
    ]);
    // The silence is not counted: ann left at her last keepalive (her join).
    const annRow = (await playersOf(s.id)).find((p) => p.accountId === ann.id);
    expect(annRow?.leftAt?.getTime()).toBe(annRow?.lastKeepaliveAt.getTime());

    h.t.clock.advance(SESSION_KEEPALIVE_TIMEOUT_MS + 1000);
    await h.t.app.tutti.jobs.runNow(SESSION_SWEEP_JOB);
    expect((await details(h.t, bob, s.id)).json.status).toBe('live');
    expect(h.rooms.rooms.has(roomOf(a.room.charge))).toBe(false);
    await sweepAfter(h, DEFAULT_SESSION_EMPTY_GRACE_MS + 1000, [ann, bob]);
    expect((await details(h.t, bob, s.id)).json.status).toBe('ended');
    expect(eventsOn(h, busTopics.session(s.id), from).map((e) => e['event'])).toEqual(['left', 'left', 'ended']);
  });

  it('the sweep ends a session nobody joined once its start is long past', async () => {
    const s = await createOpenRehearsal(h.t, ann);
    await h.t.app.tutti.jobs.runNow(SESSION_SWEEP_JOB);
    expect((await details(h.t, ann, s.id)).json.status).toBe('live');
    h.t.clock.advance(16 * 60_000);
    await h.t.app.tutti.jobs.runNow(SESSION_SWEEP_JOB);
    expect((await sessionRow(s.id))?.endedAt).toBeInstanceOf(Date);
    // The clock moved past the tokens' expiry: the suite's musicians sign in again for the tests that follow.
    Object.assign(ann, await signedInAgain(h.t, ann));
    Object.assign(bob, await signedInAgain(h.t, bob));
    expect((await details(h.t, ann, s.id)).json.status).toBe('ended');
  });

  it('answers 503 when no room server can take the session', async () => {
    const s = await createOpenRehearsal(h.t, ann);
    h.rooms.failing = true;
    try {
      const res = await joinOpen(h.t, bob, s.id);
      expect(res.status).toBe(503);
      expect(res.json.error.code).toBe('ROOM_SERVER_UNAVAILABLE');
    } finally {
      h.rooms.failing = false;
    }
    expect((await playersOf(s.id)).length).toBe(0);
  });
});

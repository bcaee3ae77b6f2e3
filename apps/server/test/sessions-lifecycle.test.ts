import { busTopics } from '@tutti/contract/bus';
import type { MySessions, Session } from '@tutti/contract/sessions';
import { describe, expect, it } from 'vitest';
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
  quitOpen,
  signedInAgain,
  sweepAfter,
  sessionsSuite,
  type ErrorJson,
} from './support/sessions.ts';
import { createUser, type SignedInUser } from './support/users.ts';

/** A short grace period, so the suite moves its clock by minutes, well within the tokens' lifetime. */
const GRACE_MS = 5 * 60_000;
const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

describe.each(databases())('the organizer starts, ends, restarts and cancels sessions on $name', (database) => {
  const {
    h,
    users: [ann, bob],
  } = sessionsSuite(database, [createUser, createUser], { SESSION_EMPTY_GRACE_MS: String(GRACE_MS) });

  const put = (user: SignedInUser, id: string, body: Record<string, unknown>) =>
    call<Session & ErrorJson>(h.t, 'PUT', `v1/open-rehearsal/${id}`, { token: user.accessToken, body });
  /** How long an empty session has left before it ends, by the suite's clock. */
  const graceLeft = (s: Session) => Date.parse(s.closesAt ?? '') - h.t.clock.now().getTime();
  const scheduled = async () => {
    const s = await createOpenRehearsal(h.t, ann, { startsAt: inHours(3), invite: [bob.username] });
    expect(s.status).toBe('scheduled');
    return s;
  };

  it('starts a scheduled session now: joinable at once, and its pages and the hall hear of it', async () => {
    const s = await scheduled();
    const early = await joinOpen(h.t, bob, s.id);
    expect(early.status).toBe(409);
    expect(early.json.error.code).toBe('SESSION_NOT_STARTED');
    const from = h.events.length;
    const started = await put(ann, s.id, { status: 'live' });
    expect(started.status).toBe(200);
    expect(started.json.status).toBe('live');
    expect(new Date(started.json.startsAt).getTime()).toBeLessThanOrEqual(h.t.clock.now().getTime());
    expect(eventsOn(h, busTopics.session(s.id), from)).toEqual([expect.objectContaining({ event: 'updated' })]);
    expect((await joined(h.t, bob, s.id)).slot).toBe(0);
    // Asking again changes nothing (a double click).
    expect((await put(ann, s.id, { status: 'live' })).status).toBe(200);
  });

  it('cancels a scheduled session: nobody can join, it says so, and it stays in the organizer list', async () => {
    const s = await scheduled();
    const from = h.events.length;
    const cancelled = await put(ann, s.id, { status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ status: 'cancelled', restartableUntil: null });
    expect(cancelled.json.endedAt).not.toBeNull();
    expect(eventsOn(h, busTopics.session(s.id), from)).toEqual([expect.objectContaining({ event: 'ended' })]);
    const join = await joinOpen(h.t, bob, s.id);
    expect(join.status).toBe(409);
    expect(join.json.error.code).toBe('SESSION_CANCELLED');
    // Neither restarted nor edited once cancelled.
    const restart = await put(ann, s.id, { status: 'live' });
    expect(restart.status).toBe(409);
    expect(restart.json.error).toMatchObject({ code: 'SESSION_STATE_CONFLICT', details: { status: 'cancelled' } });
    expect((await put(ann, s.id, { name: 'Renamed' })).json.error.code).toBe('SESSION_CANCELLED');
    const mine = await call<MySessions>(h.t, 'GET', 'v1/me/sessions', { token: ann.accessToken });
    expect(mine.json.organized.items.find((i) => i.id === s.id)?.status).toBe('cancelled');
    // The invitee's list keeps what is still to come only.
    const theirs = await call<MySessions>(h.t, 'GET', 'v1/me/sessions', { token: bob.accessToken });
    expect(theirs.json.invited.items.map((i) => i.id)).not.toContain(s.id);
  });

  it('ends a live session for everyone at once, then restarts it within the grace period only', async () => {
    const s = await createOpenRehearsal(h.t, ann, { invite: [bob.username] });
    const a = await joined(h.t, ann, s.id);
    await joined(h.t, bob, s.id);
    const from = h.events.length;
    const ended = await put(ann, s.id, { status: 'ended' });
    expect(ended.status).toBe(200);
    expect(ended.json).toMatchObject({ status: 'ended', players: [] });
    expect(ended.json.restartableUntil).toBe(new Date(Date.parse(ended.json.endedAt ?? '') + GRACE_MS).toISOString());
    expect(h.rooms.rooms.has(roomOf(a.room.charge))).toBe(false);
    expect(eventsOn(h, busTopics.session(s.id), from).map((e) => e['event'])).toEqual(['ended']);
    expect((await joinOpen(h.t, bob, s.id)).json.error.code).toBe('SESSION_ENDED');

    // Still in the organizer's list, ended; a second "end" changes nothing.
    const mine = await call<MySessions>(h.t, 'GET', 'v1/me/sessions', { token: ann.accessToken });
    expect(mine.json.organized.items.find((i) => i.id === s.id)?.status).toBe('ended');
    expect((await put(ann, s.id, { status: 'ended' })).status).toBe(200);

    h.t.clock.advance(GRACE_MS - 60_000);
    const restarted = await put(ann, s.id, { status: 'live' });
    expect(restarted.status).toBe(200);
    expect(restarted.json).toMatchObject({ status: 'live', endedAt: null, restartableUntil: null });
    // Restarted empty: it gets a grace period of its own for someone to come.
    expect(graceLeft(restarted.json)).toBeGreaterThan(GRACE_MS - 60_000);
    expect(graceLeft(restarted.json)).toBeLessThanOrEqual(GRACE_MS);
    expect((await joined(h.t, bob, s.id)).slot).toBe(0);
    expect((await details(h.t, bob, s.id)).json.closesAt).toBeNull();

    // Ended again, and this time the grace period runs out.
    expect((await put(ann, s.id, { status: 'ended' })).status).toBe(200);
    h.t.clock.advance(GRACE_MS + 1000);
    Object.assign(ann, await signedInAgain(h.t, ann));
    Object.assign(bob, await signedInAgain(h.t, bob));
    const late = await put(ann, s.id, { status: 'live' });
    expect(late.status).toBe(409);
    expect(late.json.error).toMatchObject({ code: 'SESSION_STATE_CONFLICT', details: { status: 'ended' } });
    expect((await details(h.t, ann, s.id)).json.restartableUntil).toBeNull();
  });

  it('keeps an empty session joinable during its grace period, and the sweep ends it after', async () => {
    const s = await createOpenRehearsal(h.t, ann, { invite: [bob.username] });
    await joined(h.t, ann, s.id);
    expect((await quitOpen(h.t, ann, s.id)).status).toBe(204);
    h.t.clock.advance(GRACE_MS - 1000);
    await h.t.app.tutti.jobs.runNow(SESSION_SWEEP_JOB);
    expect((await details(h.t, bob, s.id)).json.status).toBe('live');
    await joined(h.t, bob, s.id);
    expect((await quitOpen(h.t, bob, s.id)).status).toBe(204);
    await sweepAfter(h, GRACE_MS + 1000, [ann, bob]);
    const after = await details(h.t, ann, s.id);
    expect(after.json.status).toBe('ended');
    // Ended by the sweep: its organizer may still restart it for a grace period.
    expect(after.json.restartableUntil).not.toBeNull();
    expect((await put(ann, s.id, { status: 'live' })).json.status).toBe('live');
  });

  it('tells the organizer and invitees of a private session, and only them, when its players change', async () => {
    const s = await createOpenRehearsal(h.t, ann, { public: false, invite: [bob.username] });
    const from = h.events.length;
    await joined(h.t, ann, s.id);
    const toBob = eventsOn(h, busTopics.invitations(bob.id), from);
    expect(toBob).toEqual([expect.objectContaining({ event: 'changed' })]);
    expect((toBob[0]?.['session'] as Session).players.map((p) => p.musician.id)).toEqual([ann.id]);
    expect(eventsOn(h, busTopics.invitations(ann.id), from)).toHaveLength(1);
    // Nothing of it on the public hall, nor on anybody else's topic.
    expect(eventsOn(h, busTopics.hallSessions(), from)).toEqual([]);
    const topics = new Set(h.events.slice(from).map((e) => e.topic));
    expect([...topics].sort()).toEqual(
      [busTopics.session(s.id), busTopics.invitations(ann.id), busTopics.invitations(bob.id)].sort(),
    );
    expect((await quitOpen(h.t, ann, s.id)).status).toBe(204);
    const after = eventsOn(h, busTopics.invitations(bob.id), from);
    expect((after.at(-1)?.['session'] as Session).players).toEqual([]);
  });

  it('refuses state changes the session does not allow, and anyone but the organizer', async () => {
    const live = await createOpenRehearsal(h.t, ann, { invite: [bob.username] });
    const cancelLive = await put(ann, live.id, { status: 'cancelled' });
    expect(cancelLive.status).toBe(409);
    expect(cancelLive.json.error).toMatchObject({ code: 'SESSION_STATE_CONFLICT', details: { status: 'live' } });
    const s = await scheduled();
    const endScheduled = await put(ann, s.id, { status: 'ended' });
    expect(endScheduled.json.error).toMatchObject({ code: 'SESSION_STATE_CONFLICT', details: { status: 'scheduled' } });
    // The invitee may see it, not change it.
    expect((await put(bob, s.id, { status: 'cancelled' })).status).toBe(403);
    expect((await put(bob, live.id, { status: 'ended' })).status).toBe(403);
    const bad = await put(ann, s.id, { status: 'paused' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields).toMatchObject({ status: 'invalid' });
    expect((await details(h.t, ann, s.id)).json.status).toBe('scheduled');
  });
});

import type { MySessions, Session, SessionPage, SessionPost } from '@tutti/contract/sessions';
import { busTopics } from '@tutti/contract/bus';
import { describe, expect, it } from 'vitest';
import { call } from './support/app.ts';
import { databases } from './support/databases.ts';
import {
  createOpenRehearsal,
  details,
  eventsOn,
  UNKNOWN_ID,
  sessionsSuite,
  type ErrorJson,
  type SessionsHarness,
} from './support/sessions.ts';
import { createUser, type SignedInUser } from './support/users.ts';

const inHours = (h: SessionsHarness, hours: number) =>
  new Date(h.t.clock.now().getTime() + hours * 3600_000).toISOString();

describe.each(databases())('open rehearsals on $name', (database) => {
  const {
    h,
    users: [ann, bob, cat],
  } = sessionsSuite(database, [createUser, createUser, createUser]);

  const create = (user: SignedInUser, body: unknown) =>
    call<Session & ErrorJson>(h.t, 'POST', 'v2/open-rehearsal', { token: user.accessToken, body });
  const update = (user: SignedInUser, id: string, body: unknown) =>
    call<Session & ErrorJson>(h.t, 'PUT', `v1/open-rehearsal/${id}`, { token: user.accessToken, body });
  const invite = (user: SignedInUser, id: string, usernames: string[]) =>
    call<Session & ErrorJson>(h.t, 'POST', `v1/open-rehearsal/${id}/invite`, {
      token: user.accessToken,
      body: { usernames },
    });

  describe('create', () => {
    it('creates a live public session, invites case-insensitively, ignores the organizer, and tells everyone', async () => {
      const from = h.events.length;
      const res = await create(ann, {
        name: '  Sunday jam ',
        description: 'Blues in A',
        public: true,
        invite: [bob.username.toUpperCase(), ann.username],
        timeZone: 'Europe/Paris',
      });
      expect(res.status, res.text).toBe(201);
      expect(res.json).toMatchObject({
        kind: 'open',
        name: 'Sunday jam',
        description: 'Blues in A',
        public: true,
        status: 'live',
        coverPicture: null,
        runningSince: null,
        endedAt: null,
        maxPlayers: 8,
        organizer: { id: ann.id, username: ann.username },
        players: [],
      });
      expect(res.json.invited.map((i) => [i.musician.id, i.invitedBy.id])).toEqual([[bob.id, ann.id]]);
      expect(eventsOn(h, busTopics.hallSessions(), from)).toEqual([
        { event: 'created', session: expect.objectContaining({ id: res.json.id, invited: [] }) },
      ]);
      expect(eventsOn(h, busTopics.invitations(bob.id), from)).toEqual([
        {
          event: 'invited',
          session: expect.objectContaining({ id: res.json.id }),
          invitedBy: expect.objectContaining({ id: ann.id }),
        },
      ]);
      expect(eventsOn(h, busTopics.invitations(ann.id), from)).toEqual([]);
    });

    it('schedules a session for later, posting "scheduled" to the feed', async () => {
      const startsAt = inHours(h, 48);
      const res = await create(ann, { name: 'Later', public: true, startsAt });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ status: 'scheduled', startsAt: new Date(startsAt).toISOString() });
      const feed = await call<{ items: SessionPost[] }>(h.t, 'GET', 'v1/session-posts', { token: cat.accessToken });
      expect(feed.json.items.find((p) => p.session.id === res.json.id)).toMatchObject({
        kind: 'scheduled',
        actor: { id: ann.id },
      });
    });

    it('refuses unknown usernames, naming them, and creates nothing', async () => {
      const res = await create(ann, { name: 'Ghosts', public: true, invite: [bob.username, 'nobodyhere1', 'ghost2'] });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { invite: 'unknown_username' },
        details: { unknown: ['nobodyhere1', 'ghost2'] },
      });
      const mine = await call<MySessions>(h.t, 'GET', 'v1/me/sessions?size=50', { token: ann.accessToken });
      expect(mine.json.organized.items.some((s) => s.name === 'Ghosts')).toBe(false);
    });

    it.each([
      [{ public: true }, 'name', 'required'],
      [{ name: '   ', public: true }, 'name', 'required'],
      [{ name: 'x'.repeat(81), public: true }, 'name', 'too_long'],
      [{ name: 'ok' }, 'public', 'required'],
      [{ name: 'ok', public: true, startsAt: '2001-01-01T00:00:00Z' }, 'startsAt', 'in_the_past'],
      [{ name: 'ok', public: true, startsAt: '2999-01-01T00:00:00Z' }, 'startsAt', 'too_far'],
      [{ name: 'ok', public: true, startsAt: 'tomorrow' }, 'startsAt', 'invalid'],
      [{ name: 'ok', public: true, invite: Array.from({ length: 21 }, (_, i) => `user${i}`) }, 'invite', 'too_many'],
    ])('refuses %j with %s: %s', async (body, field, code) => {
      const res = await create(ann, body);
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('VALIDATION_FAILED');
      expect(res.json.error.fields?.[field]).toBe(code);
    });

    it('refuses malformed JSON with 400', async () => {
      const res = await call<ErrorJson>(h.t, 'POST', 'v2/open-rehearsal', {
        token: ann.accessToken,
        rawBody: '{"name":',
      });
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('BAD_REQUEST');
    });
  });

  describe('details and visibility', () => {
    it('shows a public session to anyone, without its invitations', async () => {
      const s = await createOpenRehearsal(h.t, ann, { invite: [bob.username] });
      const res = await details(h.t, cat, s.id);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: s.id, invited: [] });
      expect((await details(h.t, bob, s.id)).json.invited).toHaveLength(1);
    });

    it('hides a private session from the uninvited (404, never 403), shows it to the invited', async () => {
      const s = await createOpenRehearsal(h.t, ann, { public: false, invite: [bob.username] });
      const stranger = await details(h.t, cat, s.id);
      expect(stranger.status).toBe(404);
      expect(stranger.json.error.code).toBe('NOT_FOUND');
      const join = await call<ErrorJson>(h.t, 'POST', `v2/open-rehearsal/${s.id}/join`, { token: cat.accessToken });
      expect(join.status).toBe(404);
      expect((await details(h.t, bob, s.id)).status).toBe(200);
      expect((await details(h.t, ann, s.id)).status).toBe(200);
      expect((await details(h.t, ann, UNKNOWN_ID)).status).toBe(404);
    });
  });

  describe('update', () => {
    it('lets the organizer edit and publishes the change', async () => {
      const s = await createOpenRehearsal(h.t, ann);
      const from = h.events.length;
      const res = await update(ann, s.id, { name: 'Renamed', description: 'new words' });
      expect(res.status, res.text).toBe(200);
      expect(res.json).toMatchObject({ name: 'Renamed', description: 'new words' });
      expect(eventsOn(h, busTopics.session(s.id), from)).toEqual([
        { event: 'updated', session: expect.objectContaining({ name: 'Renamed' }) },
      ]);
      expect(eventsOn(h, busTopics.hallSessions(), from)).toEqual([
        { event: 'updated', session: expect.objectContaining({ name: 'Renamed' }) },
      ]);
      expect((await update(ann, s.id, { description: null })).json.description).toBeNull();
    });

    it('refuses anyone but the organizer with 403, changing nothing', async () => {
      const s = await createOpenRehearsal(h.t, ann, { invite: [bob.username] });
      const res = await update(bob, s.id, { name: 'Mine now' });
      expect(res.status).toBe(403);
      expect(res.json.error.code).toBe('FORBIDDEN');
      expect((await details(h.t, ann, s.id)).json.name).toBe(s.name);
    });

    it('turning private drops it from the hall; turning public again brings it back', async () => {
      const s = await createOpenRehearsal(h.t, ann, { invite: [bob.username] });
      let from = h.events.length;
      await update(ann, s.id, { public: false });
      const hall = eventsOn(h, busTopics.hallSessions(), from);
      expect(hall.map((e) => e['event'])).toEqual(['ended']);
      // The whole hall hears of it: not who is invited to a session that is private now.
      expect(hall[0]?.['session']).toMatchObject({ id: s.id, public: false, invited: [] });
      const listed = await call<{ items: Session[] }>(h.t, 'GET', 'v1/sessions/public', { token: cat.accessToken });
      expect(listed.json.items.some((i) => i.id === s.id)).toBe(false);
      from = h.events.length;
      await update(ann, s.id, { public: true });
      expect(eventsOn(h, busTopics.hallSessions(), from).map((e) => e['event'])).toEqual(['created']);
    });

    it('changes the start time only while scheduled (409 CONFLICT after)', async () => {
      const scheduled = await createOpenRehearsal(h.t, ann, { startsAt: inHours(h, 5) });
      const later = inHours(h, 6);
      const moved = await update(ann, scheduled.id, { startsAt: later });
      expect(moved.status).toBe(200);
      expect(moved.json.startsAt).toBe(new Date(later).toISOString());
      const live = await createOpenRehearsal(h.t, ann);
      const refused = await update(ann, live.id, { startsAt: inHours(h, 1) });
      expect(refused.status).toBe(409);
      expect(refused.json.error.code).toBe('CONFLICT');
    });

    it('refuses bad input and malformed JSON with 400, an unknown session with 404', async () => {
      const s = await createOpenRehearsal(h.t, ann);
      const bad = await update(ann, s.id, { name: '' });
      expect(bad.status).toBe(400);
      expect(bad.json.error.fields).toEqual({ name: 'required' });
      const raw = await call<ErrorJson>(h.t, 'PUT', `v1/open-rehearsal/${s.id}`, {
        token: ann.accessToken,
        rawBody: '{',
      });
      expect(raw.status).toBe(400);
      expect((await update(ann, UNKNOWN_ID, { name: 'x' })).status).toBe(404);
    });
  });

  describe('invite', () => {
    it('adds new invitations once, tells only the new invitees, and refuses unknown usernames', async () => {
      const s = await createOpenRehearsal(h.t, ann, { public: false, invite: [bob.username] });
      const from = h.events.length;
      const res = await invite(ann, s.id, [bob.username, cat.username]);
      expect(res.status, res.text).toBe(200);
      expect(res.json.invited.map((i) => i.musician.id).sort()).toEqual([bob.id, cat.id].sort());
      expect(eventsOn(h, busTopics.invitations(cat.id), from)).toHaveLength(1);
      expect(eventsOn(h, busTopics.invitations(bob.id), from)).toHaveLength(0);
      // The invitee now sees the private session, and it is in their invitations.
      expect((await details(h.t, cat, s.id)).status).toBe(200);
      const mine = await call<MySessions>(h.t, 'GET', 'v1/me/sessions?size=50', { token: cat.accessToken });
      expect(mine.json.invited.items.map((i) => i.id)).toContain(s.id);

      const unknown = await invite(ann, s.id, ['nosuchuser42']);
      expect(unknown.status).toBe(400);
      expect(unknown.json.error.fields).toEqual({ invite: 'unknown_username' });
    });

    it('is for the organizer only (403), needs usernames (400)', async () => {
      const s = await createOpenRehearsal(h.t, ann);
      expect((await invite(bob, s.id, [cat.username])).status).toBe(403);
      const empty = await invite(ann, s.id, []);
      expect(empty.status).toBe(400);
      expect(empty.json.error.fields).toEqual({ usernames: 'required' });
    });
  });

  describe('lists', () => {
    it('lists live sessions I may see: public ones and private ones I am tied to', async () => {
      const pub = await createOpenRehearsal(h.t, ann);
      const priv = await createOpenRehearsal(h.t, ann, { public: false, invite: [bob.username] });
      const later = await createOpenRehearsal(h.t, ann, { startsAt: inHours(h, 3) });
      const forBob = await call<SessionPage>(h.t, 'GET', 'v1/sessions?size=50', { token: bob.accessToken });
      const forCat = await call<SessionPage>(h.t, 'GET', 'v1/sessions?size=50', { token: cat.accessToken });
      expect(forBob.status).toBe(200);
      const bobIds = forBob.json.items.map((s) => s.id);
      const catIds = forCat.json.items.map((s) => s.id);
      expect(bobIds).toEqual(expect.arrayContaining([pub.id, priv.id]));
      expect(bobIds).not.toContain(later.id);
      expect(catIds).toContain(pub.id);
      expect(catIds).not.toContain(priv.id);
    });

    it('pages the public sessions: live first, then scheduled soonest first, with a total', async () => {
      const soon = await createOpenRehearsal(h.t, bob, { startsAt: inHours(h, 100) });
      const sooner = await createOpenRehearsal(h.t, bob, { startsAt: inHours(h, 90) });
      const hidden = await createOpenRehearsal(h.t, bob, { public: false });
      const all: Session[] = [];
      let total = 0;
      for (let p = 1; p < 20; p++) {
        const res = await call<{ items: Session[]; page: number; total: number }>(
          h.t,
          'GET',
          `v1/sessions/public?p=${p}`,
          {
            token: cat.accessToken,
          },
        );
        expect(res.status).toBe(200);
        expect(res.json.page).toBe(p);
        expect(res.json.items.length).toBeLessThanOrEqual(20);
        total = res.json.total;
        all.push(...res.json.items);
        if (res.json.items.length < 20) break;
      }
      expect(all).toHaveLength(total);
      const ids = all.map((s) => s.id);
      expect(ids).not.toContain(hidden.id);
      expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(soon.id));
      const firstScheduled = all.findIndex((s) => s.status === 'scheduled');
      expect(all.slice(firstScheduled).every((s) => s.status === 'scheduled')).toBe(true);
      const bad = await call<ErrorJson>(h.t, 'GET', 'v1/sessions/public?p=0', { token: cat.accessToken });
      expect(bad.status).toBe(400);
    });

    it('lists my organized and invited sessions with my free minutes', async () => {
      const dan = await createUser(h.t);
      const a = await createOpenRehearsal(h.t, dan, { startsAt: inHours(h, 10) });
      const b = await createOpenRehearsal(h.t, dan);
      await createOpenRehearsal(h.t, ann, { public: false, invite: [dan.username] });
      const res = await call<MySessions>(h.t, 'GET', 'v1/me/sessions', { token: dan.accessToken });
      expect(res.status).toBe(200);
      expect(res.json.organized).toMatchObject({ page: 1, size: 20, total: 2 });
      expect(res.json.organized.items.map((s) => s.id)).toEqual([b.id, a.id]);
      expect(res.json.invited.items).toHaveLength(1);
      expect(res.json.remainingMinutes).toBe(120);
    });

    it('feeds public activity newest first and hides sessions that turned private', async () => {
      const s = await createOpenRehearsal(h.t, cat);
      const feed = async () =>
        (
          await call<{ items: SessionPost[]; total: number }>(h.t, 'GET', 'v1/session-posts?p=1', {
            token: bob.accessToken,
          })
        ).json;
      const first = await feed();
      expect(first.items[0]).toMatchObject({
        kind: 'created',
        session: { id: s.id, status: 'live' },
        actor: { id: cat.id },
      });
      await update(cat, s.id, { public: false });
      expect((await feed()).items.some((p) => p.session.id === s.id)).toBe(false);
      const priv = await createOpenRehearsal(h.t, cat, { public: false });
      expect((await feed()).items.some((p) => p.session.id === priv.id)).toBe(false);
    });
  });
});

import type { MySessions, Session } from '@tutti/contract/sessions';
import { describe, expect, it } from 'vitest';
import { call } from './support/app.ts';
import { databases } from './support/databases.ts';
import { joined, quitOpen, sessionsSuite, type ErrorJson, type SessionsHarness } from './support/sessions.ts';
import { createUser, type SignedInUser } from './support/users.ts';

const LIMITS = {
  SESSION_LIVE_MAX: '2',
  SESSION_SCHEDULED_MAX: '2',
  SESSION_CREATIONS_PER_MINUTE: '3',
  SESSION_INVITATIONS_MAX: '3',
};

/** startsAt is checked against the real clock (the contract), not the suite's movable one. */
const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

describe.each(databases())('fair use of open rehearsals on $name', (database) => {
  const { h } = sessionsSuite(database, [], LIMITS);

  const create = (user: SignedInUser, body: Record<string, unknown> = {}) =>
    call<Session & ErrorJson>(h.t, 'POST', 'v2/open-rehearsal', {
      token: user.accessToken,
      body: { name: 'Jam', public: true, ...body },
    });
  const invite = (user: SignedInUser, id: string, usernames: string[]) =>
    call<Session & ErrorJson>(h.t, 'POST', `v1/open-rehearsal/${id}/invite`, {
      token: user.accessToken,
      body: { usernames },
    });
  const organizedTotal = async (user: SignedInUser) =>
    (await call<MySessions>(h.t, 'GET', 'v1/me/sessions', { token: user.accessToken })).json.organized.total;
  /** Past the creation window, so that the next step tests only the limit it is about. */
  const nextMinute = (harness: SessionsHarness) => harness.t.clock.advance(61_000);

  it('refuses a live session past SESSION_LIVE_MAX (409 LIVE_SESSIONS_LIMIT), for that account only, until one ends', async () => {
    const [ann, bob] = [await createUser(h.t), await createUser(h.t)];
    nextMinute(h);
    const first = await create(ann);
    expect(first.status).toBe(201);
    expect((await create(ann)).status).toBe(201);
    const third = await create(ann);
    expect(third.status).toBe(409);
    expect(third.json.error).toMatchObject({ code: 'LIVE_SESSIONS_LIMIT', details: { limit: 2 } });
    expect(await organizedTotal(ann)).toBe(2);
    // Another account is not affected, and a scheduled one is another limit...
    expect((await create(bob)).status).toBe(201);
    const later = await create(ann, { startsAt: inHours(2) });
    expect(later.status).toBe(201);
    // ... until it is started now: that would be one live session too many.
    const startNow = await call<ErrorJson>(h.t, 'PUT', `v1/open-rehearsal/${later.json.id}`, {
      token: ann.accessToken,
      body: { status: 'live' },
    });
    expect(startNow.status).toBe(409);
    expect(startNow.json.error).toMatchObject({ code: 'LIVE_SESSIONS_LIMIT' });

    // The last one out leaves it open for its grace period; the organizer ending it frees a place at once.
    await joined(h.t, ann, first.json.id);
    expect((await quitOpen(h.t, ann, first.json.id)).status).toBe(204);
    nextMinute(h);
    expect((await create(ann)).status).toBe(409);
    const end = await call(h.t, 'PUT', `v1/open-rehearsal/${first.json.id}`, {
      token: ann.accessToken,
      body: { status: 'ended' },
    });
    expect(end.status).toBe(200);
    expect((await create(ann)).status).toBe(201);
  });

  it('refuses a scheduled session past SESSION_SCHEDULED_MAX (409 SCHEDULED_SESSIONS_LIMIT)', async () => {
    const [cat, dan] = [await createUser(h.t), await createUser(h.t)];
    nextMinute(h);
    expect((await create(cat, { startsAt: inHours(3) })).status).toBe(201);
    expect((await create(cat, { startsAt: inHours(4) })).status).toBe(201);
    const third = await create(cat, { startsAt: inHours(5) });
    expect(third.status).toBe(409);
    expect(third.json.error).toMatchObject({ code: 'SCHEDULED_SESSIONS_LIMIT', details: { limit: 2 } });
    expect((await create(dan, { startsAt: inHours(5) })).status).toBe(201);
    expect((await create(cat)).status).toBe(201);
  });

  it('refuses a creation past SESSION_CREATIONS_PER_MINUTE (429 SESSION_CREATION_RATE), counted in the database', async () => {
    const [eve, fay] = [await createUser(h.t), await createUser(h.t)];
    nextMinute(h);
    expect((await create(eve)).status).toBe(201);
    expect((await create(eve, { startsAt: inHours(1) })).status).toBe(201);
    expect((await create(eve, { startsAt: inHours(2) })).status).toBe(201);
    const fourth = await create(eve);
    expect(fourth.status).toBe(429);
    expect(fourth.json.error.code).toBe('SESSION_CREATION_RATE');
    const details = fourth.json.error.details as { limit: number; retryAfterSeconds: number };
    expect(details.limit).toBe(3);
    expect(details.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(details.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await organizedTotal(eve)).toBe(3);
    expect((await create(fay)).status).toBe(201);
    // A minute later the window has moved on.
    nextMinute(h);
    expect((await create(eve)).status).toBe(201);
  });

  it('holds the limits when one account creates many sessions at once', async () => {
    const gus = await createUser(h.t);
    nextMinute(h);
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => create(gus)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status !== 201).every((r) => r.status === 409 || r.status === 429)).toBe(true);
    expect(await organizedTotal(gus)).toBe(2);
  });

  it('lets two organizers who invite each other create at the same moment (the account lock does not deadlock)', async () => {
    const [ivy, jon] = [await createUser(h.t), await createUser(h.t)];
    nextMinute(h);
    const results = await Promise.all([
      create(ivy, { invite: [jon.username] }),
      create(jon, { invite: [ivy.username] }),
      create(ivy, { invite: [jon.username], startsAt: inHours(1) }),
      create(jon, { invite: [ivy.username], startsAt: inHours(1) }),
    ]);
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
  });

  it('bounds the invitations of a session (409 INVITATIONS_LIMIT); inviting again costs nothing', async () => {
    const org = await createUser(h.t);
    const guests = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(h.t)));
    const names = guests.map((g) => g.username);
    nextMinute(h);
    const tooMany = await create(org, { invite: names.slice(0, 4) });
    expect(tooMany.status).toBe(409);
    expect(tooMany.json.error).toMatchObject({ code: 'INVITATIONS_LIMIT', details: { limit: 3 } });
    expect(await organizedTotal(org)).toBe(0);

    const s = await create(org, { invite: names.slice(0, 2) });
    expect(s.status).toBe(201);
    const over = await invite(org, s.json.id, names.slice(1, 4));
    expect(over.status).toBe(409);
    expect(over.json.error.code).toBe('INVITATIONS_LIMIT');
    expect((await invite(org, s.json.id, names.slice(0, 2))).status).toBe(200);
    const third = await invite(org, s.json.id, [names[2] ?? '']);
    expect(third.status).toBe(200);
    expect(third.json.invited).toHaveLength(3);
    expect((await invite(org, s.json.id, [names[3] ?? ''])).json.error.code).toBe('INVITATIONS_LIMIT');
  });
});

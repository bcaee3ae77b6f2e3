import type { BlockedList, MusicianCard, Profile } from '@tutti/contract/community';
import type { Page } from '@tutti/contract/common';
import { describe, expect, it } from 'vitest';
import { call, withTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { createUser, type SignedInUser } from './support/users.ts';

type ErrorJson = { error: { code: string; fields?: Record<string, string> } };

/** YYYY-MM-DD of the day `years` ago. */
const yearsAgo = (years: number): string => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
};

describe.each(databases())('community on $name', (database) => {
  let t: TestApp;
  withTestApp(database, (app) => (t = app));

  const get = <T>(user: SignedInUser, path: string) => call<T>(t, 'GET', path, { token: user.accessToken });
  const post = <T>(user: SignedInUser, path: string, body?: unknown) =>
    call<T>(t, 'POST', path, { token: user.accessToken, ...(body !== undefined && { body }) });
  const del = (user: SignedInUser, path: string) => call(t, 'DELETE', path, { token: user.accessToken });
  const search = (user: SignedInUser, filters: Record<string, string>) =>
    post<Page<MusicianCard>>(user, 'v2/search', { p: 1, size: 50, filters });
  const profile = (viewer: SignedInUser, of: SignedInUser) => get<Profile>(viewer, `v2/profiles/${of.id}`);
  const setProfile = (user: SignedInUser, patch: Record<string, unknown> = {}) =>
    call<Profile>(t, 'PUT', 'v2/me/profile', {
      token: user.accessToken,
      body: {
        country: 'FR',
        cityId: null,
        biography: 'Blues and soul, Sunday evenings.',
        publicProfile: true,
        socialLinks: [{ network: 'youtube', url: 'https://www.youtube.com/@someone' }],
        musicStyles: ['blues'],
        ...patch,
      },
    });

  it('edits a profile and its instruments, and shows them to others', async () => {
    const ann = await createUser(t);
    const bob = await createUser(t);
    const res = await setProfile(ann);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ self: true, country: 'FR', biography: 'Blues and soul, Sunday evenings.' });
    const skills = await call<Profile>(t, 'PUT', 'v1/me/music-skills', {
      token: ann.accessToken,
      body: {
        instruments: [{ instrument: 'electric-guitar', skill: 'expert', brand: 'Fender', model: 'Stratocaster' }],
      },
    });
    expect(skills.status, skills.text).toBe(200);
    const seen = await profile(bob, ann);
    expect(seen.status).toBe(200);
    expect(seen.json).toMatchObject({
      self: false,
      restricted: false,
      musicStyles: ['blues'],
      instruments: [{ instrument: 'electric-guitar', skill: 'expert', brand: 'Fender', model: 'Stratocaster' }],
      socialLinks: [{ network: 'youtube', url: 'https://www.youtube.com/@someone' }],
      followers: 0,
      follows: 0,
    });
    const byName = await get<Profile>(bob, `v1/profiles/username/${ann.username.toUpperCase()}`);
    expect(byName.json.id).toBe(ann.id);
  });

  it('refuses unknown references, a duplicate and a link that is not a web address, field by field', async () => {
    const ann = await createUser(t);
    const style = await setProfile(ann, { musicStyles: ['not-a-style'] });
    expect(style.status).toBe(400);
    expect((style.json as unknown as ErrorJson).error.fields).toEqual({ musicStyles: 'unknown' });
    const twice = await call(t, 'PUT', 'v1/me/music-skills', {
      token: ann.accessToken,
      body: {
        instruments: [
          { instrument: 'drums', skill: 'beginner' },
          { instrument: 'drums', skill: 'expert' },
        ],
      },
    });
    expect((twice.json as ErrorJson).error.fields).toEqual({ instruments: 'duplicate' });
    const link = await setProfile(ann, { socialLinks: [{ network: 'youtube', url: 'javascript:alert(1)' }] });
    expect(link.status).toBe(400);
    expect(JSON.stringify(link.json)).toContain('invalid_url');
  });

  it('a private profile shows names only to those who do not follow it', async () => {
    const ann = await createUser(t);
    const bob = await createUser(t);
    expect((await setProfile(ann, { publicProfile: false })).status).toBe(200);
    const hidden = await profile(bob, ann);
    expect(hidden.json).toMatchObject({
      restricted: true,
      biography: null,
      country: null,
      musicStyles: [],
      socialLinks: [],
      followers: null,
    });
    expect((await get(bob, `v1/accounts/${ann.id}/followers`)).status).toBe(404);
    // Filters never match a private profile for a non-follower (they would leak its country).
    expect((await search(bob, { q: ann.username, country: 'FR' })).json.total).toBe(0);
    expect((await search(bob, { q: ann.username })).json.items[0]).toMatchObject({ id: ann.id, city: null });
    expect((await post(bob, `v1/me/followers/${ann.id}`)).status).toBe(204);
    expect((await profile(bob, ann)).json).toMatchObject({ restricted: false, followers: 1, country: 'FR' });
  });

  it('follows: counts, lists, twice and self are clear refusals, unfollow', async () => {
    const ann = await createUser(t);
    const bob = await createUser(t);
    expect((await post(bob, `v1/me/followers/${ann.id}`)).status).toBe(204);
    const twice = await post<ErrorJson>(bob, `v1/me/followers/${ann.id}`);
    expect([twice.status, twice.json.error.code]).toEqual([409, 'ALREADY_FOLLOWING']);
    const self = await post<ErrorJson>(bob, `v1/me/followers/${bob.id}`);
    expect([self.status, self.json.error.code]).toEqual([400, 'SELF_ACTION']);
    expect((await get<Page<MusicianCard>>(bob, 'v1/me/follows')).json.items.map((c) => c.id)).toEqual([ann.id]);
    const followers = await get<Page<MusicianCard>>(ann, `v1/accounts/${ann.id}/followers`);
    expect(followers.json).toMatchObject({ total: 1, items: [{ id: bob.id, followed: false }] });
    expect((await profile(ann, ann)).json).toMatchObject({ followers: 1, follows: 0 });
    expect((await del(bob, `v1/me/followers/${ann.id}`)).status).toBe(204);
    expect((await del(bob, `v1/me/followers/${ann.id}`)).status).toBe(404);
    expect((await post(bob, `v1/me/followers/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });

  it('a block hides both musicians from each other everywhere and removes follows both ways', async () => {
    const ann = await createUser(t);
    const bob = await createUser(t);
    await post(ann, `v1/me/followers/${bob.id}`);
    await post(bob, `v1/me/followers/${ann.id}`);
    expect((await post(ann, `v1/me/blocked/${bob.id}`)).status).toBe(204);
    const again = await post<ErrorJson>(ann, `v1/me/blocked/${bob.id}`);
    expect([again.status, again.json.error.code]).toEqual([409, 'ALREADY_BLOCKED']);

    for (const [viewer, other] of [
      [ann, bob],
      [bob, ann],
    ] as const) {
      expect((await profile(viewer, other)).status).toBe(404);
      expect((await get(viewer, `v1/profiles/username/${other.username}`)).status).toBe(404);
      expect((await get(viewer, `v1/accounts/${other.id}/public`)).status).toBe(404);
      expect((await search(viewer, { q: other.username })).json.total).toBe(0);
      expect((await get<Page<MusicianCard>>(viewer, 'v1/me/follows')).json.total).toBe(0);
    }
    // The blocked one cannot follow, and learns nothing: the same 404 as an unknown musician.
    const follow = await post<ErrorJson>(bob, `v1/me/followers/${ann.id}`);
    expect([follow.status, follow.json.error.code]).toEqual([404, 'NOT_FOUND']);

    const mine = await get<BlockedList>(ann, 'v1/me/blocked');
    expect(mine.json).toMatchObject({ total: 1, items: [{ id: bob.id }] });
    const byWhom = await get<BlockedList>(bob, 'v1/me/blocked?reverse=true');
    expect(byWhom.json.blockedBy).toEqual([ann.id]);

    expect((await del(ann, `v1/me/blocked/${bob.id}`)).status).toBe(204);
    expect((await profile(bob, ann)).status).toBe(200);
    // Follows removed by the block stay removed.
    expect((await profile(bob, ann)).json.followed).toBe(false);
    expect((await profile(ann, ann)).json).toMatchObject({ followers: 0, follows: 0 });
  });

  it('under 13: refused from every social call, and never found', async () => {
    const kid = await createUser(t, { birthdate: yearsAgo(10) });
    const ann = await createUser(t);
    for (const [method, path] of [
      ['GET', `v2/profiles/${ann.id}`],
      ['GET', 'v1/me/follows'],
      ['GET', 'v1/me/follows/suggestions'],
      ['GET', 'v1/me/blocked'],
      ['POST', `v1/me/followers/${ann.id}`],
      ['POST', `v1/me/blocked/${ann.id}`],
    ] as const) {
      const res = await call<ErrorJson>(t, method, path, { token: kid.accessToken });
      expect([path, res.status, res.json.error.code]).toEqual([path, 403, 'SOCIAL_NOT_ELIGIBLE']);
    }
    const searched = await call<ErrorJson>(t, 'POST', 'v2/search', { token: kid.accessToken, body: { filters: {} } });
    expect(searched.status).toBe(403);
    expect((await search(ann, { q: kid.username })).json.total).toBe(0);
    expect((await profile(ann, kid)).status).toBe(404);
    expect((await post(ann, `v1/me/followers/${kid.id}`)).status).toBe(404);
  });

  it('search finds names without accents or case, with filters and pages', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const chloe = await createUser(t, { username: `${tag}chloe` });
    await call(t, 'POST', 'v1/me/preferences', {
      token: chloe.accessToken,
      body: { displayedUsername: 'Chloé Dürr' },
    });
    await setProfile(chloe, { musicStyles: ['jazz'] });
    await call(t, 'PUT', 'v1/me/music-skills', {
      token: chloe.accessToken,
      body: { instruments: [{ instrument: 'piano', skill: 'medium' }] },
    });
    const others = await Promise.all([1, 2, 3].map((i) => createUser(t, { username: `${tag}other${i}` })));
    const viewer = others[0]!;
    expect((await search(viewer, { q: 'chloe durr' })).json.items.map((c) => c.id)).toContain(chloe.id);
    expect((await search(viewer, { q: 'CHLOÉ' })).json.items.map((c) => c.id)).toContain(chloe.id);
    // A typo, when nothing contains the query: found by similarity.
    expect((await search(viewer, { q: 'Dürrr' })).json.items.map((c) => c.id)).toContain(chloe.id);
    const piano = await search(viewer, { q: tag, instrument: 'piano', skill: 'medium' });
    expect(piano.json.items.map((c) => c.id)).toEqual([chloe.id]);
    expect((await search(viewer, { q: tag, instrument: 'piano', skill: 'expert' })).json.total).toBe(0);
    expect((await search(viewer, { q: tag, style: 'jazz' })).json.total).toBe(1);
    // Myself excluded; 3 others of the tag visible to me: chloe and two others.
    const paged = await post<Page<MusicianCard>>(viewer, 'v2/search', { p: 2, size: 2, filters: { q: tag } });
    expect(paged.json).toMatchObject({ page: 2, size: 2, total: 3 });
    expect(paged.json.items).toHaveLength(1);
    const tooBig = await post(viewer, 'v2/search', { p: 1, size: 500, filters: {} });
    expect(tooBig.status).toBe(400);
  });

  it('serves the default avatar for a musician without a picture, or unknown', async () => {
    const ann = await createUser(t);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/accounts/${ann.username}/picture` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/accounts/nobodyatall/picture' });
    expect([unknown.statusCode, unknown.headers['content-type']]).toEqual([200, 'image/png']);
    expect(unknown.rawPayload.equals(res.rawPayload)).toBe(true);
  });
});

describe.each(databases())('musicians around you on $name', (database) => {
  let t: TestApp;
  withTestApp(database, (app) => (t = app));

  const cityId = async (user: SignedInUser, q: string, country: string) => {
    await t.app.tutti.places.loaded();
    const res = await call<{ id: number; name: string }[]>(t, 'GET', `v1/places/cities?q=${q}&country=${country}`, {
      token: user.accessToken,
    });
    expect(res.json.length, `${q} in the sample`).toBeGreaterThan(0);
    return res.json[0]!.id;
  };
  const livesIn = async (user: SignedInUser, id: number, extra: Record<string, unknown> = {}) => {
    const res = await call<Profile>(t, 'PUT', 'v2/me/profile', {
      token: user.accessToken,
      body: {
        country: null,
        cityId: id,
        biography: null,
        publicProfile: true,
        socialLinks: [],
        musicStyles: [],
        ...extra,
      },
    });
    expect(res.status, res.text).toBe(200);
    return res.json;
  };
  const suggestions = async (user: SignedInUser, kind = '') => {
    const res = await call<MusicianCard[]>(t, 'GET', `v1/me/follows/suggestions${kind}?limit=20`, {
      token: user.accessToken,
    });
    expect(res.status, res.text).toBe(200);
    return res.json;
  };

  it('suggests the musicians close enough to play with, nearest first, with the estimated delay', async () => {
    const me = await createUser(t);
    const [paris, lyon, montreal] = [
      await cityId(me, 'paris', 'FR'),
      await cityId(me, 'lyon', 'FR'),
      await cityId(me, 'montreal', 'CA'),
    ];
    const mine = await livesIn(me, paris, { musicStyles: ['jazz'] });
    expect(mine).toMatchObject({ country: 'FR', city: { id: paris } });
    const neighbour = await createUser(t);
    await livesIn(neighbour, paris);
    const lyonnais = await createUser(t);
    await livesIn(lyonnais, lyon, { musicStyles: ['jazz'] });
    const quebecois = await createUser(t);
    await livesIn(quebecois, montreal);

    const around = await suggestions(me);
    const ids = around.map((c) => c.id);
    expect(ids.indexOf(neighbour.id)).toBeLessThan(ids.indexOf(lyonnais.id));
    expect(ids).not.toContain(quebecois.id);
    expect(ids).not.toContain(me.id);
    const delays = Object.fromEntries(around.map((c) => [c.id, c.delayMs]));
    // Same city: the two access allowances; Paris-Lyon, 392 km: 392 / 204 x 1.5 + 2, about 5 ms.
    expect(delays[neighbour.id]).toBe(2);
    expect(delays[lyonnais.id]).toBe(5);
    // The profile shows it to the viewer; Montreal is far beyond real-time play.
    const far = await call<Profile>(t, 'GET', `v2/profiles/${quebecois.id}`, { token: me.accessToken });
    expect(far.json.delayMs).toBeGreaterThan(40);

    expect((await suggestions(me, '/city')).map((c) => c.id)).toContain(neighbour.id);
    expect((await suggestions(me, '/city')).map((c) => c.id)).not.toContain(lyonnais.id);
    expect((await suggestions(me, '/country')).map((c) => c.id)).toContain(lyonnais.id);

    // Followed and blocked musicians are not suggested.
    await call(t, 'POST', `v1/me/followers/${neighbour.id}`, { token: me.accessToken });
    await call(t, 'POST', `v1/me/blocked/${me.id}`, { token: lyonnais.accessToken });
    const after = (await suggestions(me)).map((c) => c.id);
    expect(after).not.toContain(neighbour.id);
    expect(after).not.toContain(lyonnais.id);
  });

  it('finds a musician by their city in either language, never a private one by its city', async () => {
    const me = await createUser(t);
    const tag = `zc${Date.now().toString(36)}`;
    const open = await createUser(t, { username: `${tag}open` });
    const hidden = await createUser(t, { username: `${tag}hidden` });
    const geneva = await cityId(me, 'geneve', 'CH');
    await livesIn(open, geneva);
    await livesIn(hidden, geneva, { publicProfile: false });
    const search = async (q: string) =>
      (
        await call<Page<MusicianCard>>(t, 'POST', 'v2/search', {
          token: me.accessToken,
          body: { p: 1, size: 50, filters: { q } },
        })
      ).json.items.map((c) => c.id);
    for (const q of ['Genève', 'geneve', 'Geneva']) {
      expect(await search(q), q).toContain(open.id);
      expect(await search(q), q).not.toContain(hidden.id);
    }
  });

  it('refuses a city that does not exist', async () => {
    const me = await createUser(t);
    const res = await call<ErrorJson>(t, 'PUT', 'v2/me/profile', {
      token: me.accessToken,
      body: {
        country: null,
        cityId: 999_999_999,
        biography: null,
        publicProfile: true,
        socialLinks: [],
        musicStyles: [],
      },
    });
    expect([res.status, res.json.error.fields]).toEqual([400, { cityId: 'unknown' }]);
  });
});

import type { Profile } from '@tutti/contract/community';
import { describe, expect, it } from 'vitest';
import { call, withTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { createUser, type SignedInUser } from './support/users.ts';

type ErrorJson = { error: { code: string; fields?: Record<string, string> } };

/** The connection type of a profile (SPEC sections 3 and 9): set, read back, left alone, cleared, refused. */
describe.each(databases())('connection type on $name', (database) => {
  let t: TestApp;
  withTestApp(database, (app) => (t = app));

  const profile = (viewer: SignedInUser, of: SignedInUser) =>
    call<Profile>(t, 'GET', `v2/profiles/${of.id}`, { token: viewer.accessToken });
  const setProfile = (user: SignedInUser, patch: Record<string, unknown> = {}) =>
    call<Profile & ErrorJson>(t, 'PUT', 'v2/me/profile', {
      token: user.accessToken,
      body: {
        country: 'FR',
        cityId: null,
        biography: null,
        publicProfile: true,
        socialLinks: [],
        musicStyles: [],
        ...patch,
      },
    });

  it('is null until set, then read back by its owner and others; left out it stays, null clears it', async () => {
    const ann = await createUser(t);
    const bob = await createUser(t);
    expect((await profile(ann, ann)).json.connectionType).toBeNull();

    for (const type of ['fiber', 'broadband', 'satellite', 'other'] as const) {
      const res = await setProfile(ann, { connectionType: type });
      expect(res.status, res.text).toBe(200);
      expect(res.json.connectionType).toBe(type);
      expect((await profile(ann, ann)).json.connectionType).toBe(type);
      expect((await profile(bob, ann)).json.connectionType).toBe(type);
    }

    // A client that does not know the field (an older web) does not wipe it.
    const untouched = await setProfile(ann, { biography: 'Fiddle tunes.' });
    expect(untouched.status, untouched.text).toBe(200);
    expect(untouched.json).toMatchObject({ biography: 'Fiddle tunes.', connectionType: 'other' });

    const cleared = await setProfile(ann, { connectionType: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.json.connectionType).toBeNull();
    expect((await profile(bob, ann)).json.connectionType).toBeNull();
  });

  it('refuses an unknown value field by field, and keeps the saved one', async () => {
    const ann = await createUser(t);
    expect((await setProfile(ann, { connectionType: 'fiber' })).status).toBe(200);
    for (const connectionType of ['adsl', 'FIBER', '', 4, { type: 'fiber' }]) {
      const res = await setProfile(ann, { connectionType, biography: 'Not saved.' });
      expect(res.status, JSON.stringify(connectionType)).toBe(400);
      expect(res.json.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { connectionType: 'invalid' } });
    }
    expect((await profile(ann, ann)).json).toMatchObject({ connectionType: 'fiber', biography: null });
  });

  it('a private profile keeps it from those who do not follow it, as its other details', async () => {
    const ann = await createUser(t);
    const bob = await createUser(t);
    expect((await setProfile(ann, { publicProfile: false, connectionType: 'satellite' })).status).toBe(200);
    expect((await profile(ann, ann)).json).toMatchObject({ restricted: false, connectionType: 'satellite' });
    expect((await profile(bob, ann)).json).toMatchObject({ restricted: true, connectionType: null });
    expect((await call(t, 'POST', `v1/me/followers/${ann.id}`, { token: bob.accessToken })).status).toBe(204);
    expect((await profile(bob, ann)).json).toMatchObject({ restricted: false, connectionType: 'satellite' });
  });
});

import type { OnboardingChecklist } from '@tutti/contract/onboarding';
import { describe, expect, it } from 'vitest';
import { call } from './support/app.ts';
import { databases } from './support/databases.ts';
import { connectMqtt } from './support/mqtt.ts';
import { sessionsSuite } from './support/sessions.ts';
import { createUser, getMe, type SignedInUser } from './support/users.ts';

describe.each(databases())('onboarding checklist on $name', (database) => {
  const {
    h,
    users: [ann, bob],
  } = sessionsSuite(database, [createUser, createUser], { BROKER_ENABLED: 'true', BROKER_PORT: '0' });

  const checklist = async (user: SignedInUser, token = user.accessToken) => {
    const res = await call<OnboardingChecklist>(h.t, 'GET', 'v1/me/onboarding-checklist', { token });
    expect(res.status, res.text).toBe(200);
    return res.json;
  };

  it('starts with nothing done and nothing skipped', async () => {
    expect(await checklist(ann)).toEqual({
      audioClient: false,
      selfcheck: false,
      profile: false,
      complete: false,
      skippedAt: null,
    });
  });

  it('ticks each step from what the musician did, until the checklist is complete', async () => {
    // Step one: the audio client signs in to the broker with the account's token.
    const client = await connectMqtt(h.t, 'nals', (await getMe(h.t, ann.accessToken)).nalsToken);
    client.end(true);
    expect(await checklist(ann)).toMatchObject({ audioClient: true, selfcheck: false, profile: false });

    // Step two: a self-check started is not passed; closed after it ran, it is.
    const started = await call<{ id: string }>(h.t, 'POST', 'v1/selfcheck/start', { token: ann.accessToken });
    expect(started.status, started.text).toBe(201);
    expect((await checklist(ann)).selfcheck).toBe(false);
    const closed = await call(h.t, 'POST', `v1/selfcheck/${started.json.id}/close`, { token: ann.accessToken });
    expect(closed.status, closed.text).toBe(204);
    expect((await checklist(ann)).selfcheck).toBe(true);

    // Step three: a country alone is not a complete profile; with an instrument it is.
    const profile = await call(h.t, 'PUT', 'v2/me/profile', {
      token: ann.accessToken,
      body: { country: 'FR', cityId: null, biography: '', publicProfile: true, socialLinks: [], musicStyles: [] },
    });
    expect(profile.status, profile.text).toBe(200);
    expect((await checklist(ann)).profile).toBe(false);
    const skills = await call(h.t, 'PUT', 'v1/me/music-skills', {
      token: ann.accessToken,
      body: { instruments: [{ instrument: 'drums', skill: 'medium' }] },
    });
    expect(skills.status, skills.text).toBe(200);
    expect(await checklist(ann)).toMatchObject({ audioClient: true, selfcheck: true, profile: true, complete: true });
    // Another musician's steps are theirs alone.
    expect((await checklist(bob)).complete).toBe(false);
  });

  it('remembers a skip on the account (every device), the first one only', async () => {
    const skipped = await call<OnboardingChecklist>(h.t, 'POST', 'v1/me/onboarding-checklist/skip', {
      token: bob.accessToken,
    });
    expect(skipped.status, skipped.text).toBe(200);
    expect(skipped.json.skippedAt).not.toBeNull();
    expect(skipped.json.complete).toBe(false);
    h.t.clock.advance(60_000);
    const again = await call<OnboardingChecklist>(h.t, 'POST', 'v1/me/onboarding-checklist/skip', {
      token: bob.accessToken,
    });
    expect(again.json.skippedAt).toBe(skipped.json.skippedAt);
    // Another device of the same account reads the same checklist.
    const other = await call<{ accessToken: string }>(h.t, 'POST', 'v1/auth', {
      body: { email: bob.email, password: bob.password },
    });
    expect((await checklist(bob, other.json.accessToken)).skippedAt).toBe(skipped.json.skippedAt);
  });

  it('refuses a guest', async () => {
    expect((await call(h.t, 'GET', 'v1/me/onboarding-checklist')).status).toBe(401);
    expect((await call(h.t, 'POST', 'v1/me/onboarding-checklist/skip')).status).toBe(401);
  });
});

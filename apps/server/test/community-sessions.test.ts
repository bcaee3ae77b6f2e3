import type { Page } from '@tutti/contract/common';
import type { Session } from '@tutti/contract/sessions';
import { describe, expect, it } from 'vitest';
import { call, withTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import type { ErrorJson } from './support/sessions.ts';
import { createUser, type SignedInUser } from './support/users.ts';

/** Blocks reach sessions: no invitation either way, and no public session of the other in my hall's lists. */
describe.each(databases())('blocks and sessions on $name', (database) => {
  let t: TestApp;
  withTestApp(database, (app) => (t = app));

  const create = (user: SignedInUser, body: Record<string, unknown>) =>
    call<Session & ErrorJson>(t, 'POST', 'v2/open-rehearsal', {
      token: user.accessToken,
      body: { name: 'Blues in E', public: true, startsAt: new Date(Date.now() + 86_400_000).toISOString(), ...body },
    });
  const publicIds = async (user: SignedInUser) =>
    (await call<Page<Session>>(t, 'GET', 'v1/sessions/public?p=1&size=50', { token: user.accessToken })).json.items.map(
      (s) => s.id,
    );

  it('a musician blocked either way cannot be invited (told the username does not exist), nor see the other’s sessions', async () => {
    const ann = await createUser(t);
    const bob = await createUser(t);
    const cleo = await createUser(t);
    expect((await call(t, 'POST', `v1/me/blocked/${bob.id}`, { token: ann.accessToken })).status).toBe(204);

    for (const [inviter, invitee] of [
      [ann, bob],
      [bob, ann],
    ] as const) {
      const res = await create(inviter, { invite: [invitee.username] });
      expect(res.status).toBe(400);
      expect(res.json.error.fields).toEqual({ invite: 'unknown_username' });
    }
    const annSession = await create(ann, {});
    expect(annSession.status).toBe(201);
    expect(await publicIds(cleo)).toContain(annSession.json.id);
    expect(await publicIds(bob)).not.toContain(annSession.json.id);

    await call(t, 'DELETE', `v1/me/blocked/${bob.id}`, { token: ann.accessToken });
    expect(await publicIds(bob)).toContain(annSession.json.id);
    expect((await create(bob, { invite: [ann.username] })).status).toBe(201);
  });
});

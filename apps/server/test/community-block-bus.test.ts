import { busTopics } from '@tutti/contract/bus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { busUrl, openBus, type TestBusSocket } from './support/bus-socket.ts';
import { pgliteDatabase } from './support/databases.ts';
import { createUser, type SignedInUser } from './support/users.ts';

// SPEC section 4 (blocked-by list): the blocked musician's open pages learn at once that their blocked-by list
// changed, on a block and on an unblock, so the web hides (or shows again) the blocker without a reload. The
// blocker's own topic stays quiet, and nobody else is told.
describe('a block announced on the bus', () => {
  const database = pgliteDatabase();
  let t: TestApp;
  let ann: SignedInUser;
  let bob: SignedInUser;
  const sockets: TestBusSocket[] = [];
  const listen = async (user: SignedInUser) => {
    const socket = await openBus(busUrl(t.app, user.accessToken));
    sockets.push(socket);
    socket.subscribe(busTopics.blocked(user.id));
    await socket.sync();
    return socket;
  };

  beforeAll(async () => {
    await database.setup();
    t = await startTestApp(database);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    ann = await createUser(t);
    bob = await createUser(t);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t?.close();
    await database.teardown();
  });

  it('tells the blocked musician, on the block and on the unblock, and only them', async () => {
    const bobs = await listen(bob);
    const anns = await listen(ann);

    expect((await call(t, 'POST', `v1/me/blocked/${bob.id}`, { token: ann.accessToken })).status).toBe(204);
    expect(await bobs.next()).toEqual({ topic: busTopics.blocked(bob.id), data: { event: 'changed' } });
    // Bob's reload of the list finds Ann in it.
    const after = await call<{ blockedBy: string[] }>(t, 'GET', 'v1/me/blocked?reverse=true', {
      token: bob.accessToken,
    });
    expect(after.json.blockedBy).toEqual([ann.id]);

    expect((await call(t, 'DELETE', `v1/me/blocked/${bob.id}`, { token: ann.accessToken })).status).toBe(204);
    expect(await bobs.next()).toEqual({ topic: busTopics.blocked(bob.id), data: { event: 'changed' } });
    const restored = await call<{ blockedBy: string[] }>(t, 'GET', 'v1/me/blocked?reverse=true', {
      token: bob.accessToken,
    });
    expect(restored.json.blockedBy).toEqual([]);

    // The blocker's own topic heard nothing.
    await anns.sync();
    expect(anns.pending()).toBe(0);
  });

  it('says nothing when the block is refused', async () => {
    const bobs = await listen(bob);
    expect((await call(t, 'POST', `v1/me/blocked/${bob.id}`, { token: ann.accessToken })).status).toBe(204);
    expect(await bobs.next()).toMatchObject({ data: { event: 'changed' } });
    expect((await call(t, 'POST', `v1/me/blocked/${bob.id}`, { token: ann.accessToken })).status).toBe(409);
    expect((await call(t, 'DELETE', `v1/me/blocked/${ann.id}`, { token: bob.accessToken })).status).toBe(404);
    await bobs.sync();
    expect(bobs.pending()).toBe(0);
  });
});

import { busTopics } from '@tutti/contract/bus';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from './support/app.ts';
import { busUrl, openBus, type TestBusSocket } from './support/bus-socket.ts';
import { databases } from './support/databases.ts';
import { createOpenRehearsal, sessionsSuite } from './support/sessions.ts';
import { createUser, type SignedInUser } from './support/users.ts';

describe.each(databases())('a session topic on the bus on $name', (database) => {
  const {
    h,
    users: [ann, bob, cat],
  } = sessionsSuite(database, [createUser, createUser, createUser]);
  const sockets: TestBusSocket[] = [];
  const follow = async (user: SignedInUser, topic: string) => {
    if (!h.t.app.server.listening) await h.t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await openBus(busUrl(h.t.app, user.accessToken));
    sockets.push(socket);
    socket.subscribe(topic);
    await socket.sync();
    return socket;
  };
  afterAll(() => sockets.forEach((s) => s.close()));

  it('stops reaching a musician who followed it while public once it turns private, but not the invited', async () => {
    const session = await createOpenRehearsal(h.t, ann, { public: true, invite: [bob.username] });
    const topic = busTopics.session(session.id);
    const invited = await follow(bob, topic);
    const outsider = await follow(cat, topic);
    expect(invited.pending() + outsider.pending()).toBe(0);

    const res = await call(h.t, 'PUT', `v1/open-rehearsal/${session.id}`, {
      token: ann.accessToken,
      body: { public: false, name: 'Closed rehearsal' },
    });
    expect(res.status).toBe(200);

    // The outsider is told, and the update (with the invitations of the now private session) never reaches them.
    expect(await outsider.next()).toMatchObject({ topic, error: { code: 'FORBIDDEN' } });
    await outsider.sync();
    expect(outsider.pending()).toBe(0);
    expect(await invited.next()).toMatchObject({
      topic,
      data: { event: 'updated', session: { name: 'Closed rehearsal', public: false } },
    });
  });
});

import { randomUUID } from 'node:crypto';
import { busTopics } from '@tutti/contract/bus';
import type { Device } from '@tutti/contract/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expiredToken, startTestApp, type TestApp } from './support/app.ts';
import { busUrl, openBus, type TestBusSocket } from './support/bus-socket.ts';
import { pgliteDatabase } from './support/databases.ts';
import { createUser, signIn, type SignedInUser } from './support/users.ts';

// The bus does not depend on the engine: PGlite is enough (the two-instance test runs on PostgreSQL). The topic
// limit and allowed PUBLISH are covered with permissive rules in src/platform/bus.test.ts.
describe('the live bus at /bus', () => {
  const database = pgliteDatabase();
  let t: TestApp;
  let ann: SignedInUser;
  let bob: SignedInUser;
  const sockets: TestBusSocket[] = [];
  const open = async (token?: string) => {
    const socket = await openBus(busUrl(t.app, token));
    sockets.push(socket);
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

  describe('authentication at connect', () => {
    it('closes with 4401 without a token', async () => {
      expect((await (await open()).closed).code).toBe(4401);
    });

    it('closes with 4401 with a malformed or expired token', async () => {
      expect((await (await open('not-a-jwt')).closed).code).toBe(4401);
      const expired = await expiredToken(t, ann.id, ann.deviceId);
      expect((await (await open(expired)).closed).code).toBe(4401);
    });

    it('closes with 4403 when the device was revoked', async () => {
      const user = await createUser(t);
      const other = await signIn(t, user.email, user.password);
      const devices = await call<Device[]>(t, 'GET', 'v1/me/devices', { token: user.accessToken });
      const otherId = devices.json.find((d) => !d.current)?.id ?? '';
      expect((await call(t, 'DELETE', `v1/devices/${otherId}`, { token: user.accessToken })).status).toBe(204);
      expect((await (await open(other.accessToken)).closed).code).toBe(4403);
    });

    it('closes an open connection with 4403 as soon as its device is disconnected elsewhere', async () => {
      const user = await createUser(t);
      const other = await signIn(t, user.email, user.password);
      const socket = await open(other.accessToken);
      socket.subscribe(busTopics.hallSessions());
      await socket.sync();
      const devices = await call<Device[]>(t, 'GET', 'v1/me/devices', { token: user.accessToken });
      const otherId = devices.json.find((d) => !d.current)?.id ?? '';
      expect((await call(t, 'DELETE', `v1/devices/${otherId}`, { token: user.accessToken })).status).toBe(204);
      expect((await socket.closed).code).toBe(4403);
    });

    it('closes the other devices’ connections when the password changes, and keeps the one that changed it', async () => {
      const user = await createUser(t);
      const other = await signIn(t, user.email, user.password);
      const mine = await open(user.accessToken);
      const theirs = await open(other.accessToken);
      await Promise.all([mine.sync(), theirs.sync()]);
      const changed = await call(t, 'PUT', 'v1/me/password', {
        token: user.accessToken,
        body: { oldPassword: user.password, newPassword: 'a-brand-new-password' },
      });
      expect(changed.status).toBe(204);
      expect((await theirs.closed).code).toBe(4403);
      mine.subscribe(busTopics.hallSessions());
      await mine.sync();
      expect(mine.ws.readyState).toBe(mine.ws.OPEN);
    });

    it('answers a plain GET /bus (no upgrade) with 404', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/bus' })).statusCode).toBe(404);
    });
  });

  describe('commands', () => {
    it('refuses malformed commands with BAD_COMMAND', async () => {
      const socket = await open(ann.accessToken);
      socket.ws.send('not json');
      expect(await socket.next()).toMatchObject({ topic: '', error: { code: 'BAD_COMMAND' } });
      socket.ws.send(JSON.stringify({ command: 'LISTEN', topic: '/hall/sessions' }));
      expect(await socket.next()).toMatchObject({ topic: '', error: { code: 'BAD_COMMAND' } });
    });

    it('refuses a topic no rule knows with UNKNOWN_TOPIC', async () => {
      const socket = await open(ann.accessToken);
      socket.subscribe('/users/not-a-uuid/invitations');
      expect(await socket.next()).toEqual({
        topic: '/users/not-a-uuid/invitations',
        error: { code: 'UNKNOWN_TOPIC', message: expect.any(String) },
      });
    });

    it("refuses another user's invitations with FORBIDDEN, and delivers nothing of them", async () => {
      const socket = await open(ann.accessToken);
      socket.subscribe(busTopics.invitations(bob.id));
      expect(await socket.next()).toMatchObject({
        topic: busTopics.invitations(bob.id),
        error: { code: 'FORBIDDEN' },
      });
      socket.subscribe(busTopics.invitations(ann.id));
      await socket.sync();
      await t.app.tutti.pubsub.publish(busTopics.invitations(bob.id), { event: 'invited', for: 'bob' });
      await t.app.tutti.pubsub.publish(busTopics.invitations(ann.id), { event: 'invited', for: 'ann' });
      // The first frame after the refusal is ann's own event: bob's never came.
      expect(await socket.next()).toEqual({
        topic: busTopics.invitations(ann.id),
        data: { event: 'invited', for: 'ann' },
      });
    });

    it('refuses the reserved blocked topic of another user, and a session nobody may see', async () => {
      const socket = await open(ann.accessToken);
      socket.subscribe(busTopics.blocked(bob.id));
      expect(await socket.next()).toMatchObject({ error: { code: 'FORBIDDEN' } });
      socket.subscribe(busTopics.session(randomUUID()));
      expect(await socket.next()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    });

    it('delivers my invitations published through the pubsub', async () => {
      const socket = await open(bob.accessToken);
      socket.subscribe(busTopics.invitations(bob.id));
      await socket.sync();
      const data = { event: 'invited', sessionId: randomUUID() };
      await t.app.tutti.pubsub.publish(busTopics.invitations(bob.id), data);
      expect(await socket.next()).toEqual({ topic: busTopics.invitations(bob.id), data });
    });

    it('lets any signed-in user follow the hall, every subscriber getting each event once', async () => {
      const a = await open(ann.accessToken);
      const b = await open(bob.accessToken);
      for (const socket of [a, b]) {
        socket.subscribe(busTopics.hallSessions());
        socket.subscribe(busTopics.hallSessions()); // twice: still one subscription
        await socket.sync();
      }
      await t.app.tutti.pubsub.publish(busTopics.hallSessions(), { n: 1 });
      await t.app.tutti.pubsub.publish(busTopics.hallSessions(), { n: 2 });
      for (const socket of [a, b]) {
        expect(await socket.next()).toEqual({ topic: '/hall/sessions', data: { n: 1 } });
        expect(await socket.next()).toEqual({ topic: '/hall/sessions', data: { n: 2 } });
      }
    });

    it('refuses PUBLISH from a page on every topic, even its own', async () => {
      const socket = await open(ann.accessToken);
      socket.subscribe(busTopics.invitations(ann.id));
      socket.send({ command: 'PUBLISH', topic: busTopics.invitations(ann.id), data: { forged: true } });
      expect(await socket.next()).toMatchObject({ topic: busTopics.invitations(ann.id), error: { code: 'FORBIDDEN' } });
      socket.send({ command: 'PUBLISH', topic: '/hall/sessions', data: { forged: true } });
      expect(await socket.next()).toMatchObject({ topic: '/hall/sessions', error: { code: 'FORBIDDEN' } });
      await t.app.tutti.pubsub.publish(busTopics.invitations(ann.id), { real: true });
      expect(await socket.next()).toEqual({ topic: busTopics.invitations(ann.id), data: { real: true } });
    });

    it('stops delivering after UNSUBSCRIBE', async () => {
      const socket = await open(ann.accessToken);
      socket.subscribe(busTopics.hallSessions());
      socket.subscribe(busTopics.invitations(ann.id));
      socket.send({ command: 'UNSUBSCRIBE', topic: busTopics.hallSessions() });
      await socket.sync();
      await t.app.tutti.pubsub.publish(busTopics.hallSessions(), { after: 'unsubscribe' });
      await t.app.tutti.pubsub.publish(busTopics.invitations(ann.id), { still: 'subscribed' });
      expect(await socket.next()).toEqual({ topic: busTopics.invitations(ann.id), data: { still: 'subscribed' } });
    });

    it('counts connections and drops their topics when they close', async () => {
      const before = t.app.tutti.bus();
      const socket = await open(ann.accessToken);
      socket.subscribe(`/users/${ann.id}/invitations`);
      await socket.sync();
      expect(t.app.tutti.bus().connections).toBe(before.connections + 1);
      socket.close();
      await socket.closed;
      await expect.poll(() => t.app.tutti.bus().connections).toBe(before.connections);
    });
  });
});

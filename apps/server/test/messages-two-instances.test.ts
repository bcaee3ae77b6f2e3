import { busTopics } from '@tutti/contract/bus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.ts';
import { busUrl, openBus, type TestBusSocket } from './support/bus-socket.ts';
import { postgresDatabase, type TestDatabase } from './support/databases.ts';
import { conversationOf, messagesApi, ok } from './support/messages.ts';
import { createUser, type SignedInUser } from './support/users.ts';

const DATABASE_URL = process.env['TEST_DATABASE_URL'];
const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

// Issue 13, point 7: two instances on one PostgreSQL and one Redis; the members' pages on different instances.
describe.skipIf(!DATABASE_URL)(
  'private messages across two instances on Redis (skipped without TEST_DATABASE_URL)',
  () => {
    let database: TestDatabase;
    let one: TestApp;
    let two: TestApp;
    let ann: SignedInUser;
    let bob: SignedInUser;
    const sockets: TestBusSocket[] = [];
    const connect = async (t: TestApp, user: SignedInUser, ...topics: string[]) => {
      const socket = await openBus(busUrl(t.app, user.accessToken));
      sockets.push(socket);
      for (const topic of topics) socket.subscribe(topic);
      await socket.sync();
      return socket;
    };

    beforeAll(async () => {
      database = postgresDatabase(DATABASE_URL as string);
      await database.setup();
      one = await startTestApp(database, { REDIS_URL });
      two = await startTestApp(database, { REDIS_URL });
      await one.app.listen({ port: 0, host: '127.0.0.1' });
      await two.app.listen({ port: 0, host: '127.0.0.1' });
      ann = await createUser(one);
      bob = await createUser(two);
    });
    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await one?.close();
      await two?.close();
      await database?.teardown();
    });

    it('delivers a message, a read marker and typing to the member on the other instance', async () => {
      const id = await conversationOf(one, ann, bob);
      const bobs = await connect(two, bob, busTopics.privateMessages(bob.id), busTopics.typing(id));
      const anns = await connect(one, ann, busTopics.privateMessages(ann.id));

      const sent = ok(await messagesApi(one).send(ann, id, 'across instances'), 201);
      expect((await bobs.next()).data).toMatchObject({ event: 'message', message: { messageId: sent.messageId } });
      expect((await anns.next()).data).toMatchObject({ event: 'message', message: { messageId: sent.messageId } });

      ok(await messagesApi(two).read(bob, id, sent.messageId));
      const read = { event: 'read', conversationId: id, readerId: bob.id, readUpTo: sent.messageId };
      expect((await anns.next()).data).toEqual({ ...read, unreadConversations: 0 });
      expect((await bobs.next()).data).toEqual({ ...read, unreadConversations: 0 });

      anns.send({ command: 'PUBLISH', topic: busTopics.typing(id), data: { typing: true } });
      expect(await bobs.next()).toMatchObject({
        topic: busTopics.typing(id),
        data: { accountId: ann.id, typing: true },
      });
    });
  },
);

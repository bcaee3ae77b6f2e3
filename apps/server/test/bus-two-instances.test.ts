import { busTopics } from '@tutti/contract/bus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.ts';
import { busUrl, openBus, type TestBusSocket } from './support/bus-socket.ts';
import { postgresDatabase, type TestDatabase } from './support/databases.ts';
import { FAKE_ROOM_SECRET, startFakeRoomServer, type FakeRoomServer } from './support/fake-room.ts';
import { createOpenRehearsal, joined, quitOpen } from './support/sessions.ts';
import { createUser, type SignedInUser } from './support/users.ts';

const DATABASE_URL = process.env['TEST_DATABASE_URL'];
const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

// Two instances must share one database: PGlite is private to its process, so this needs PostgreSQL.
describe.skipIf(!DATABASE_URL)(
  'two instances sharing PostgreSQL and Redis serve one rehearsal (skipped without TEST_DATABASE_URL)',
  () => {
    let database: TestDatabase;
    let rooms: FakeRoomServer;
    let one: TestApp;
    let two: TestApp;
    let ann: SignedInUser;
    let bob: SignedInUser;
    let cat: SignedInUser;
    const sockets: TestBusSocket[] = [];
    const open = async (t: TestApp, user: SignedInUser) => {
      const socket = await openBus(busUrl(t.app, user.accessToken));
      sockets.push(socket);
      return socket;
    };

    beforeAll(async () => {
      database = postgresDatabase(DATABASE_URL as string);
      await database.setup();
      rooms = await startFakeRoomServer();
      const env = {
        REDIS_URL,
        ROOM_SERVER_URL: rooms.url,
        ROOM_SECRET: FAKE_ROOM_SECRET,
        SESSION_SWEEP_INTERVAL_MS: String(24 * 3600_000),
      };
      one = await startTestApp(database, env);
      two = await startTestApp(database, env);
      await one.app.listen({ port: 0, host: '127.0.0.1' });
      await two.app.listen({ port: 0, host: '127.0.0.1' });
      // One database: an account made through either instance signs in on both (same JWT secret).
      ann = await createUser(one);
      bob = await createUser(two);
      cat = await createUser(two);
    });
    afterAll(async () => {
      for (const socket of sockets) socket.close();
      await one?.close();
      await two?.close();
      await rooms?.close();
      await database?.teardown();
    });

    it('shows each musician the other joining and leaving, whichever instance they use', async () => {
      // A private session: the bus asks the sessions module (through the shared database) who may watch it.
      const session = await createOpenRehearsal(one, ann, { public: false, invite: [bob.username] });
      const topic = busTopics.session(session.id);

      const annBus = await open(one, ann);
      annBus.subscribe(topic);
      await annBus.sync();
      const bobBus = await open(two, bob);
      bobBus.subscribe(topic);
      await bobBus.sync();
      const catBus = await open(two, cat);
      catBus.subscribe(topic);
      expect(await catBus.next()).toMatchObject({ topic, error: { code: 'FORBIDDEN' } });

      // Bob joins through instance 2: Ann, connected to instance 1, sees him.
      const bobJoin = await joined(two, bob, session.id);
      const seenByAnn = await annBus.next();
      expect(seenByAnn).toMatchObject({
        topic,
        data: { event: 'joined', slot: bobJoin.slot, musician: { id: bob.id, username: bob.username } },
      });
      expect(await bobBus.next()).toEqual(seenByAnn);

      // Ann joins through instance 1: Bob, on instance 2, sees her.
      const annJoin = await joined(one, ann, session.id);
      const seenByBob = await bobBus.next();
      expect(seenByBob).toMatchObject({
        topic,
        data: { event: 'joined', slot: annJoin.slot, musician: { id: ann.id } },
      });
      expect(await annBus.next()).toEqual(seenByBob);

      // Ann leaves on instance 1: Bob sees it on instance 2.
      expect((await quitOpen(one, ann, session.id)).status).toBe(204);
      expect(await bobBus.next()).toMatchObject({
        topic,
        data: { event: 'left', reason: 'quit', musician: { id: ann.id } },
      });
    });

    it('delivers an invitation made on one instance to the invitee connected to the other', async () => {
      const bobBus = await open(two, bob);
      bobBus.subscribe(busTopics.invitations(bob.id));
      await bobBus.sync();
      const session = await createOpenRehearsal(one, ann, { public: false, invite: [bob.username] });
      expect(await bobBus.next()).toMatchObject({
        topic: busTopics.invitations(bob.id),
        data: { event: 'invited', session: { id: session.id }, invitedBy: { id: ann.id } },
      });
    });
  },
);

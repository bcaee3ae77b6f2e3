import { busTopics } from '@tutti/contract/bus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisPubSub, type PubSubLog } from '../src/platform/pubsub.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { busUrl, openBus, type TestBusSocket } from './support/bus-socket.ts';
import { pgliteDatabase } from './support/databases.ts';
import { createUser } from './support/users.ts';

/** Redis runs on this machine and in CI; REDIS_URL points elsewhere when needed. */
const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

function recordingLog() {
  const lines: { level: string; msg: string; obj: object }[] = [];
  const log: PubSubLog = {
    info: (obj, msg) => lines.push({ level: 'info', msg, obj }),
    warn: (obj, msg) => lines.push({ level: 'warn', msg, obj }),
    error: (obj, msg) => lines.push({ level: 'error', msg, obj }),
  };
  return { log, lines };
}

describe('the bus across instances through Redis', () => {
  const database = pgliteDatabase();
  let one: TestApp;
  let two: TestApp;
  const sockets: TestBusSocket[] = [];

  beforeAll(async () => {
    await database.setup();
    one = await startTestApp(database, { REDIS_URL, ADMIN_EMAILS: 'ops@example.com' });
    two = await startTestApp(database, { REDIS_URL });
    await two.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await one?.close();
    await two?.close();
    await database.teardown();
  });

  it('reports Redis as its bus (to an administrator)', async () => {
    const admin = await createUser(one, { email: 'ops@example.com' });
    const headers = { authorization: `Bearer ${admin.accessToken}` };
    const res = await one.app.inject({ method: 'GET', url: '/api/v1/system', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { bus: string }).bus).toBe('redis');
  });

  it('delivers a message published on instance 1 to a subscriber connected to instance 2', async () => {
    // Each PGlite app has its own copy of the database: the user lives where it connects.
    const bob = await createUser(two);
    const socket = await openBus(busUrl(two.app, bob.accessToken));
    sockets.push(socket);
    socket.subscribe(busTopics.invitations(bob.id));
    await socket.sync();
    const data = { event: 'invited', from: 'instance one' };
    await one.app.tutti.pubsub.publish(busTopics.invitations(bob.id), data);
    expect(await socket.next()).toEqual({ topic: busTopics.invitations(bob.id), data });
    // And instance 2's own publications still reach it (through Redis as well).
    await two.app.tutti.pubsub.publish(busTopics.invitations(bob.id), { from: 'instance two' });
    expect(await socket.next()).toEqual({ topic: busTopics.invitations(bob.id), data: { from: 'instance two' } });
  });
});

describe('createRedisPubSub', () => {
  it('delivers to its own handlers, with the encoded text', async () => {
    const { log } = recordingLog();
    const pubsub = createRedisPubSub(REDIS_URL, log, 'test');
    try {
      expect(await pubsub.ready(10_000)).toBe(true);
      const got = new Promise<unknown[]>((resolve) =>
        pubsub.onMessage((topic, data, encoded) => {
          if (topic === '/redis-self-test') resolve([topic, data, encoded]);
        }),
      );
      await pubsub.publish('/redis-self-test', { n: 1 });
      expect(await got).toEqual(['/redis-self-test', { n: 1 }, '{"topic":"/redis-self-test","data":{"n":1}}']);
    } finally {
      await pubsub.close();
    }
  });

  it('keeps deployments apart: only instances of the same DEPLOYMENT_ID hear each other on one Redis', async () => {
    const { log } = recordingLog();
    const staging = createRedisPubSub(REDIS_URL, log, 'staging');
    const stagingTwin = createRedisPubSub(REDIS_URL, log, 'staging');
    const production = createRedisPubSub(REDIS_URL, log, 'production');
    try {
      for (const p of [staging, stagingTwin, production]) expect(await p.ready(10_000)).toBe(true);
      const heardByTwin: unknown[] = [];
      const heardByProduction: unknown[] = [];
      stagingTwin.onMessage((topic, data) => heardByTwin.push({ topic, data }));
      production.onMessage((topic, data) => heardByProduction.push({ topic, data }));
      await staging.publish('/hall/sessions', { from: 'staging' });
      await expect.poll(() => heardByTwin).toEqual([{ topic: '/hall/sessions', data: { from: 'staging' } }]);
      // Production's own message arrives, and is the only one it ever got: staging's never came.
      await production.publish('/hall/sessions', { from: 'production' });
      await expect.poll(() => heardByProduction.length).toBe(1);
      expect(heardByProduction).toEqual([{ topic: '/hall/sessions', data: { from: 'production' } }]);
    } finally {
      for (const p of [staging, stagingTwin, production]) await p.close();
    }
  });

  it('never throws to the publisher when Redis is away, and logs the first lost event of the outage, without the password', async () => {
    const { log, lines } = recordingLog();
    // Port 1: nothing listens there.
    const pubsub = createRedisPubSub('redis://:hunter2@127.0.0.1:1', log, 'test');
    try {
      expect(await pubsub.ready(50)).toBe(false);
      await expect(pubsub.publish('/hall/sessions', { lost: true })).resolves.toBeUndefined();
      for (let i = 0; i < 20; i++) await pubsub.publish('/hall/sessions', { lost: i });
      // One line for the outage, not one per event.
      expect(lines.filter((l) => l.level === 'error' && l.msg === 'event lost')).toHaveLength(1);
      expect(JSON.stringify(lines)).not.toContain('hunter2');
    } finally {
      await pubsub.close();
    }
  });
});

import {
  BUS_CLOSE_ABUSE,
  BUS_CLOSE_AUTH_TIMEOUT,
  BUS_CLOSE_REVOKED,
  BUS_CLOSE_TOO_MANY_CONNECTIONS,
} from '@tutti/contract/bus';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { busUrl, openBus, type TestBusSocket } from '../../test/support/bus-socket.ts';
import type { BusLimitsConfig } from '../config.ts';
import type { AuthContext } from './auth-guard.ts';
import { createBus, type Bus } from './bus.ts';
import type { BusAuthorizer } from './bus-rules.ts';
import { AppError } from './errors.ts';
import {
  announceRevocation,
  BUS_REVERIFY_TOPIC,
  createMemoryPubSub,
  type PubSub,
  type PubSubHandler,
} from './pubsub.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Tokens are "user:<account>[:<device>]"; "hang" is a check that never ends. */
async function verify(token: string): Promise<AuthContext> {
  if (token === 'hang') return new Promise<AuthContext>(() => undefined);
  const m = /^user:(\d+)(?::(\d+))?$/.exec(token);
  if (!m) throw new AppError(401, 'UNAUTHENTICATED', 'bad token');
  const device = uuid(Number(m[2] ?? 999));
  return { accountId: uuid(Number(m[1])), deviceId: device, account: {} as AuthContext['account'], privileges: [] };
}

/** A pubsub standing for Redis: it can lose what is published (Redis away) and announce a reconnection. */
function fakeRedis() {
  const handlers = new Set<PubSubHandler>();
  const reconnects = new Set<() => void>();
  const published: { topic: string; data: unknown }[] = [];
  let down = false;
  const pubsub: PubSub = {
    async publish(topic, data) {
      published.push({ topic, data });
      if (!down) for (const h of handlers) h(topic, data);
    },
    deliverLocally: (topic, data) => {
      for (const h of handlers) h(topic, data);
    },
    onMessage: (h) => (handlers.add(h), () => handlers.delete(h)),
    onReconnect: (h) => (reconnects.add(h), () => reconnects.delete(h)),
    close: async () => undefined,
  };
  return {
    pubsub,
    published,
    setDown: (value: boolean) => void (down = value),
    reconnect: () => {
      down = false;
      for (const h of reconnects) h();
    },
  };
}

describe('bus limits (bare Fastify)', () => {
  let app: FastifyInstance | undefined;
  let bus: Bus;
  const sockets: TestBusSocket[] = [];

  async function start(
    options: {
      limits?: Partial<BusLimitsConfig>;
      authorize?: BusAuthorizer;
      isSignedIn?: (auth: AuthContext) => Promise<boolean>;
      pubsub?: PubSub;
    } = {},
  ) {
    app = Fastify();
    bus = createBus({ pubsub: options.pubsub ?? createMemoryPubSub(), log: app.log, limits: options.limits });
    await bus.register(app, {
      verify,
      authorize: options.authorize ?? (async () => true),
      isSignedIn: options.isSignedIn ?? (async () => true),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  }
  async function open(token: string) {
    const socket = await openBus(busUrl(app as FastifyInstance, token));
    sockets.push(socket);
    return socket;
  }

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await app?.close();
    app = undefined;
  });

  it('refuses an account’s connection over its cap with 4409, and takes one again once a place is free', async () => {
    await start({ limits: { maxConnectionsPerAccount: 2 } });
    const first = await open('user:1:1');
    const second = await open('user:1:2');
    await Promise.all([first.sync(), second.sync()]);
    expect((await (await open('user:1:3')).closed).code).toBe(BUS_CLOSE_TOO_MANY_CONNECTIONS);
    // Another account is not affected.
    await (await open('user:2')).sync();
    first.close();
    await first.closed;
    await expect.poll(() => bus.stats().connections).toBe(2);
    await (await open('user:1:3')).sync();
  });

  it('refuses an address over its cap at the upgrade with HTTP 429, before any WebSocket', async () => {
    await start({ limits: { maxConnectionsPerAddress: 2 } });
    await (await open('user:1')).sync();
    await (await open('user:2')).sync();
    const status = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(busUrl(app as FastifyInstance, 'user:3'));
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => reject(new Error('accepted')));
    });
    expect(status).toBe(429);
    expect(bus.stats().connections).toBe(2);
  });

  it('closes with 4408 a connection whose token is not checked within the deadline', async () => {
    await start({ limits: { authTimeoutMs: 100 } });
    expect((await (await open('hang')).closed).code).toBe(BUS_CLOSE_AUTH_TIMEOUT);
    await expect.poll(() => bus.stats().connections).toBe(0);
  });

  it('closes with 4429 a connection flooding SUBSCRIBEs, running at most its budget of them', async () => {
    let asked = 0;
    await start({
      limits: { commandBurst: 50, commandsPerSecond: 1 },
      authorize: async () => {
        asked += 1;
        return true;
      },
    });
    const socket = await open('user:1');
    await socket.sync();
    const refusals: string[] = [];
    socket.ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { error?: { code: string } };
      if (frame.error) refusals.push(frame.error.code);
    });
    // 5,000 distinct topics, sent in one go.
    for (let i = 1; i <= 5000; i++) socket.subscribe(`/sessions/${uuid(i)}`);
    expect((await socket.closed).code).toBe(BUS_CLOSE_ABUSE);
    expect(refusals).toContain('RATE_LIMITED');
    // The sync marker took one command of the budget; the rest ran at most the remaining burst.
    expect(asked).toBeLessThanOrEqual(50);
    await expect.poll(() => bus.stats()).toEqual({ connections: 0, topics: 0 });
  });

  it('asks the rules once for a forbidden topic subscribed again and again', async () => {
    let asked = 0;
    await start({
      authorize: async (_auth, topic) => {
        asked += 1;
        return topic.kind !== 'session';
      },
    });
    const socket = await open('user:1');
    for (let i = 0; i < 30; i++) socket.subscribe(`/sessions/${uuid(5)}`);
    for (let i = 0; i < 30; i++) expect(await socket.next()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect(asked).toBe(1);
  });

  it('closes this instance’s connection of a revoked device while Redis loses every publication', async () => {
    const redis = fakeRedis();
    await start({ pubsub: redis.pubsub });
    const socket = await open('user:1:7');
    const kept = await open('user:1:8');
    await Promise.all([socket.sync(), kept.sync()]);
    redis.setDown(true);
    await announceRevocation(redis.pubsub, { deviceId: uuid(7) });
    expect((await socket.closed).code).toBe(BUS_CLOSE_REVOKED);
    await kept.sync(); // still open
  });

  it('checks every connection again after a Redis reconnection, and asks the other instances to do the same', async () => {
    const redis = fakeRedis();
    const revoked = new Set<string>();
    let sessionAllowed = true;
    await start({
      pubsub: redis.pubsub,
      isSignedIn: async (auth) => !revoked.has(auth.deviceId),
      authorize: async (_auth, topic) => topic.kind !== 'session' || sessionAllowed,
    });
    const gone = await open('user:1:7');
    const stays = await open('user:2:8');
    stays.subscribe(`/sessions/${uuid(40)}`);
    await Promise.all([gone.sync(), stays.sync()]);
    // Meanwhile, on another instance: the device was revoked, the session turned private; both messages were lost.
    revoked.add(uuid(7));
    sessionAllowed = false;
    redis.reconnect();
    expect((await gone.closed).code).toBe(BUS_CLOSE_REVOKED);
    expect(await stays.next()).toMatchObject({ topic: `/sessions/${uuid(40)}`, error: { code: 'FORBIDDEN' } });
    expect(redis.published.some((m) => m.topic === BUS_REVERIFY_TOPIC)).toBe(true);
  });

  it('checks every connection again when another instance asks, and periodically', async () => {
    const redis = fakeRedis();
    const revoked = new Set<string>();
    await start({ pubsub: redis.pubsub, isSignedIn: async (auth) => !revoked.has(auth.deviceId) });
    const asked = await open('user:1:7');
    await asked.sync();
    revoked.add(uuid(7));
    redis.pubsub.deliverLocally(BUS_REVERIFY_TOPIC, { from: 'another instance' });
    expect((await asked.closed).code).toBe(BUS_CLOSE_REVOKED);
    await app?.close();

    await start({ limits: { reverifyIntervalMs: 50 }, isSignedIn: async (auth) => !revoked.has(auth.deviceId) });
    const periodic = await open('user:1:7');
    expect((await periodic.closed).code).toBe(BUS_CLOSE_REVOKED);
  });
});

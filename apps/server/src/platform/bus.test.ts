import { BUS_MAX_SUBSCRIPTIONS } from '@tutti/contract/bus';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { busUrl, openBus, type TestBusSocket } from '../../test/support/bus-socket.ts';
import type { AuthContext } from './auth-guard.ts';
import { createBus, loggableUrl, type Bus } from './bus.ts';
import type { BusAuthorizer } from './bus-rules.ts';
import { AppError } from './errors.ts';
import { createMemoryPubSub, type PubSub, type PubSubHandler } from './pubsub.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Tokens are "user:<n>"; "revoked" and "broken" stand for a revoked device and a database that is away. */
async function verify(token: string): Promise<AuthContext> {
  if (token === 'revoked') throw new AppError(403, 'SESSION_REVOKED', 'gone');
  if (token === 'broken') throw new Error('database unreachable');
  const m = /^user:(\d+)$/.exec(token);
  if (!m) throw new AppError(401, 'UNAUTHENTICATED', 'bad token');
  return { accountId: uuid(Number(m[1])), deviceId: uuid(999), account: {} as AuthContext['account'], privileges: [] };
}

const allowAll: BusAuthorizer = async () => true;

describe('bus (permissive rules, bare Fastify)', () => {
  let app: FastifyInstance;
  let bus: Bus;
  let pubsub: PubSub;
  const sockets: TestBusSocket[] = [];

  async function start(options: { authorize?: BusAuthorizer; heartbeatMs?: number; pubsub?: PubSub } = {}) {
    app = Fastify();
    pubsub = options.pubsub ?? createMemoryPubSub();
    bus = createBus({ pubsub, log: app.log, heartbeatMs: options.heartbeatMs });
    await bus.register(app, { verify, authorize: options.authorize ?? allowAll, isSignedIn: async () => true });
    await app.listen({ port: 0, host: '127.0.0.1' });
  }
  async function open(token: string) {
    const socket = await openBus(busUrl(app, token));
    sockets.push(socket);
    return socket;
  }

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await app?.close();
  });

  it(`refuses the topic beyond ${BUS_MAX_SUBSCRIPTIONS} with TOO_MANY_SUBSCRIPTIONS, and counts topics`, async () => {
    await start();
    const socket = await open('user:1');
    for (let i = 1; i <= BUS_MAX_SUBSCRIPTIONS; i++) socket.subscribe(`/sessions/${uuid(i)}`);
    socket.subscribe(`/sessions/${uuid(1)}`); // already held: not counted again
    await socket.sync();
    expect(bus.stats()).toEqual({ connections: 1, topics: BUS_MAX_SUBSCRIPTIONS });
    socket.subscribe(`/sessions/${uuid(BUS_MAX_SUBSCRIPTIONS + 1)}`);
    expect(await socket.next()).toMatchObject({ error: { code: 'TOO_MANY_SUBSCRIPTIONS' } });
    // Freeing one makes room again.
    socket.send({ command: 'UNSUBSCRIBE', topic: `/sessions/${uuid(1)}` });
    socket.subscribe(`/sessions/${uuid(BUS_MAX_SUBSCRIPTIONS + 1)}`);
    await socket.sync();
    await pubsub.publish(`/sessions/${uuid(BUS_MAX_SUBSCRIPTIONS + 1)}`, 'in');
    expect(await socket.next()).toEqual({ topic: `/sessions/${uuid(BUS_MAX_SUBSCRIPTIONS + 1)}`, data: 'in' });
  });

  it('relays an allowed typing PUBLISH through the pubsub to every subscriber, the sender included', async () => {
    await start();
    const a = await open('user:1');
    const b = await open('user:2');
    const heard: unknown[] = [];
    pubsub.onMessage((topic, data) => heard.push({ topic, data }));
    const topic = `/conversations/${uuid(5)}/typing`;
    for (const s of [a, b]) {
      s.subscribe(topic);
      await s.sync();
    }
    // The server names the publisher; a PUBLISH on a topic that only the server publishes on is refused.
    a.send({ command: 'PUBLISH', topic, data: { typing: true } });
    const event = { topic, data: { accountId: uuid(1), typing: true } };
    expect(await b.next()).toEqual(event);
    expect(await a.next()).toEqual(event);
    expect(heard).toEqual([event]);
    a.send({ command: 'PUBLISH', topic: '/hall/sessions', data: { hello: 1 } });
    expect((await a.next()).error?.code).toBe('FORBIDDEN');
  });

  it('asks the rules with the caller and the parsed topic, and refuses when they throw', async () => {
    const asked: unknown[] = [];
    await start({
      authorize: async (auth, topic, action) => {
        asked.push({ account: auth.accountId, topic, action });
        if (topic.kind === 'session') throw new Error('database unreachable');
        return true;
      },
    });
    const socket = await open('user:7');
    socket.subscribe(`/users/${uuid(7)}/invitations`);
    socket.subscribe(`/sessions/${uuid(3)}`);
    expect(await socket.next()).toMatchObject({ topic: `/sessions/${uuid(3)}`, error: { code: 'FORBIDDEN' } });
    expect(asked).toEqual([
      { account: uuid(7), topic: { kind: 'invitations', userId: uuid(7) }, action: 'SUBSCRIBE' },
      { account: uuid(7), topic: { kind: 'session', sessionId: uuid(3) }, action: 'SUBSCRIBE' },
    ]);
  });

  it('closes 4401 for a bad token, 4403 for a revoked device, 1011 when the token cannot be checked', async () => {
    await start();
    expect((await (await open('nope')).closed).code).toBe(4401);
    expect((await (await open('revoked')).closed).code).toBe(4403);
    expect((await (await open('broken')).closed).code).toBe(1011);
  });

  it('handles commands sent before the token check finished, in order', async () => {
    await start();
    const ws = new WebSocket(busUrl(app, 'user:1'));
    const frames: string[] = [];
    ws.on('message', (raw) => frames.push(String(raw)));
    await new Promise((resolve) => ws.once('open', resolve));
    // Sent at once, while the check is still running.
    ws.send(JSON.stringify({ command: 'SUBSCRIBE', topic: '/hall/sessions' }));
    ws.send(JSON.stringify({ command: 'SUBSCRIBE', topic: '/marker' }));
    await expect.poll(() => frames.length).toBe(1);
    await pubsub.publish('/hall/sessions', 1);
    await expect.poll(() => frames.length).toBe(2);
    expect(frames.map((f) => JSON.parse(f) as unknown)).toEqual([
      { topic: '/marker', error: { code: 'UNKNOWN_TOPIC', message: expect.any(String) } },
      { topic: '/hall/sessions', data: 1 },
    ]);
    ws.close();
  });

  it('sends the text a Redis pubsub already encoded as is', async () => {
    const handlers = new Set<PubSubHandler>();
    const fake: PubSub = {
      publish: async () => undefined,
      deliverLocally: () => undefined,
      onMessage: (h) => (handlers.add(h), () => handlers.delete(h)),
      close: async () => undefined,
    };
    await start({ pubsub: fake });
    const socket = await open('user:1');
    socket.subscribe('/hall/sessions');
    await socket.sync();
    for (const h of handlers) h('/hall/sessions', { ignored: true }, '{"topic":"/hall/sessions","data":"as sent"}');
    expect(await socket.next()).toEqual({ topic: '/hall/sessions', data: 'as sent' });
  });

  it('skips a connection whose send buffer is over the limit, logging it once', async () => {
    app = Fastify();
    pubsub = createMemoryPubSub();
    const warnings: unknown[] = [];
    const log = Object.assign(Object.create(app.log) as typeof app.log, {
      warn: (obj: unknown) => void warnings.push(obj),
    });
    // -1: every socket counts as over the limit.
    bus = createBus({ pubsub, log, maxBufferedBytes: -1 });
    await bus.register(app, { verify, authorize: allowAll, isSignedIn: async () => true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await open('user:1');
    socket.subscribe('/hall/sessions');
    await socket.sync();
    await pubsub.publish('/hall/sessions', 1);
    await pubsub.publish('/hall/sessions', 2);
    await socket.sync();
    expect(socket.pending()).toBe(0); // nothing arrived before the marker
    expect(warnings).toHaveLength(1);
  });

  it('cuts a connection that stops answering pings', async () => {
    await start({ heartbeatMs: 20 });
    const ws = new WebSocket(busUrl(app, 'user:1'), { autoPong: false });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    // 1006: terminated without a closing handshake.
    expect(await closed).toBe(1006);
    await expect.poll(() => bus.stats().connections).toBe(0);
  });

  it('keeps a connection that answers pings', async () => {
    await start({ heartbeatMs: 20 });
    const socket = await open('user:1');
    socket.subscribe('/hall/sessions');
    let pings = 0;
    socket.ws.on('ping', () => (pings += 1));
    await expect.poll(() => pings).toBeGreaterThanOrEqual(3);
    await pubsub.publish('/hall/sessions', 'still here');
    expect(await socket.next()).toEqual({ topic: '/hall/sessions', data: 'still here' });
  });

  it('closes every connection with 1001 when the app closes, and stops listening to the pubsub', async () => {
    const memory = createMemoryPubSub();
    let listening = 0;
    const counting: PubSub = {
      ...memory,
      onMessage(handler) {
        listening += 1;
        const off = memory.onMessage(handler);
        return () => {
          listening -= 1;
          return off();
        };
      },
    };
    await start({ pubsub: counting });
    const socket = await open('user:1');
    await socket.sync();
    expect(listening).toBeGreaterThan(0);
    await app.close();
    expect((await socket.closed).code).toBe(1001);
    expect(listening).toBe(0);
  });
});

describe('loggableUrl', () => {
  it('drops the query of bus URLs only', () => {
    expect(loggableUrl('/bus?token=secret')).toBe('/bus');
    expect(loggableUrl('/bus')).toBe('/bus');
    expect(loggableUrl('/api/v1/me?x=1')).toBe('/api/v1/me?x=1');
    expect(loggableUrl('/busy?token=1')).toBe('/busy?token=1');
  });
});

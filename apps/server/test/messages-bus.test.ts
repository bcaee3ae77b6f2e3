import { busTopics, type PrivateMessagesEvent } from '@tutti/contract/bus';
import { MESSAGES_PER_MINUTE } from '@tutti/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TYPING_MIN_INTERVAL_MS } from '../src/platform/bus-publish.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { busUrl, openBus, type TestBusSocket } from './support/bus-socket.ts';
import { pgliteDatabase } from './support/databases.ts';
import { conversationOf, messagesApi, ok, type ErrorJson } from './support/messages.ts';
import { createUser, type SignedInUser } from './support/users.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Issue 13, point 2: the bus carries new messages, read markers and typing to a conversation's two members only.
describe('private messages on the bus', () => {
  const database = pgliteDatabase();
  let t: TestApp;
  const sockets: TestBusSocket[] = [];
  const connect = async (user: SignedInUser, ...topics: string[]) => {
    const socket = await openBus(busUrl(t.app, user.accessToken));
    sockets.push(socket);
    for (const topic of topics) socket.subscribe(topic);
    await socket.sync();
    return socket;
  };
  const typing = (socket: TestBusSocket, id: string, value: unknown) =>
    socket.send({ command: 'PUBLISH', topic: busTopics.typing(id), data: value });

  beforeAll(async () => {
    await database.setup();
    t = await startTestApp(database);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t?.close();
    await database.teardown();
  });

  it("delivers a message and a read marker to both members' pages, each with their own unread count", async () => {
    const [ann, bob] = [await createUser(t), await createUser(t)];
    const id = await conversationOf(t, ann, bob);
    const anns = await connect(ann, busTopics.privateMessages(ann.id));
    const bobs = await connect(bob, busTopics.privateMessages(bob.id));
    const sent = ok(await messagesApi(t).send(ann, id, 'On the bus'), 201);

    const toBob = await bobs.next();
    expect(toBob).toEqual({
      topic: busTopics.privateMessages(bob.id),
      data: { event: 'message', message: { ...sent, clientMessageId: null }, unreadConversations: 1 },
    });
    expect((await anns.next()).data).toEqual({ event: 'message', message: sent, unreadConversations: 0 });

    ok(await messagesApi(t).read(bob, id, sent.messageId));
    const read: PrivateMessagesEvent = {
      event: 'read',
      conversationId: id,
      readerId: bob.id,
      readUpTo: sent.messageId,
      unreadConversations: 0,
    };
    expect((await bobs.next()).data).toEqual(read);
    expect((await anns.next()).data).toEqual(read);
  });

  it("refuses someone else's messages topic, and a conversation's typing topic to a non-member", async () => {
    const [ann, bob, eve] = [await createUser(t), await createUser(t), await createUser(t)];
    const id = await conversationOf(t, ann, bob);
    const eves = await connect(eve);
    eves.subscribe(busTopics.privateMessages(ann.id));
    expect((await eves.next()).error?.code).toBe('FORBIDDEN');
    eves.subscribe(busTopics.typing(id));
    expect((await eves.next()).error?.code).toBe('FORBIDDEN');
    typing(eves, id, { typing: true });
    expect((await eves.next()).error?.code).toBe('FORBIDDEN');
    // Nobody else may publish on a server topic either.
    const anns = await connect(ann);
    anns.send({ command: 'PUBLISH', topic: busTopics.privateMessages(ann.id), data: { event: 'changed' } });
    expect((await anns.next()).error?.code).toBe('FORBIDDEN');
  });

  it("relays typing with the publisher's own id, checks it, and drops repeats within the interval", async () => {
    const [ann, bob] = [await createUser(t), await createUser(t)];
    const id = await conversationOf(t, ann, bob);
    const topic = busTopics.typing(id);
    const bobs = await connect(bob, topic);
    const anns = await connect(ann, topic);

    typing(anns, id, { typing: true, accountId: bob.id });
    expect(await bobs.next()).toEqual({ topic, data: { accountId: ann.id, typing: true } });
    // Ann's own page hears her signal too (the topic's subscribers, her included; the page skips its own id).
    expect(await anns.next()).toEqual({ topic, data: { accountId: ann.id, typing: true } });
    typing(anns, id, { typing: 'yes' });
    expect((await anns.next()).error?.code).toBe('BAD_COMMAND');

    // A burst within the interval: dropped; "stopped" always goes through once.
    for (let i = 0; i < 5; i++) typing(anns, id, { typing: true });
    typing(anns, id, { typing: false });
    typing(anns, id, { typing: false });
    await anns.sync();
    await bobs.sync();
    expect(await bobs.next()).toEqual({ topic, data: { accountId: ann.id, typing: false } });
    expect(bobs.pending()).toBe(0);
    await sleep(TYPING_MIN_INTERVAL_MS + 50);
    typing(anns, id, { typing: true });
    expect(await bobs.next()).toEqual({ topic, data: { accountId: ann.id, typing: true } });
  });

  it("counts each member's other unread conversations in the event, the blocked ones left out", async () => {
    const [ann, bob, cat, dan] = [await createUser(t), await createUser(t), await createUser(t), await createUser(t)];
    const api = messagesApi(t);
    ok(await api.send(cat, await conversationOf(t, cat, bob), 'from cat'), 201);
    ok(await api.send(dan, await conversationOf(t, dan, bob), 'from dan'), 201);
    ok(await api.send(cat, await conversationOf(t, cat, ann), 'to ann'), 201);
    expect((await call(t, 'POST', `v1/me/blocked/${dan.id}`, { token: bob.accessToken })).status).toBe(204);
    const id = await conversationOf(t, ann, bob);
    const anns = await connect(ann, busTopics.privateMessages(ann.id));
    const bobs = await connect(bob, busTopics.privateMessages(bob.id));
    const sent = ok(await api.send(ann, id, 'counted'), 201);
    // Bob: cat's and this one (dan's is blocked); Ann: cat's (her own conversation with Bob is read by writing).
    expect((await bobs.next()).data).toMatchObject({ message: { messageId: sent.messageId }, unreadConversations: 2 });
    expect((await anns.next()).data).toMatchObject({ message: { messageId: sent.messageId }, unreadConversations: 1 });
    expect(ok(await api.list(bob)).unreadConversations).toBe(2);
  });

  it('refuses typing in a blocked conversation, and tells both members their lists changed', async () => {
    const [ann, bob] = [await createUser(t), await createUser(t)];
    const id = await conversationOf(t, ann, bob);
    const anns = await connect(ann, busTopics.privateMessages(ann.id));
    const bobs = await connect(bob, busTopics.privateMessages(bob.id), busTopics.typing(id));
    expect((await call(t, 'POST', `v1/me/blocked/${bob.id}`, { token: ann.accessToken })).status).toBe(204);
    expect((await anns.next()).data).toEqual({ event: 'changed', unreadConversations: 0 });
    // Bob's typing subscription is taken away, then his list changes.
    const frames = [await bobs.next(), await bobs.next()];
    expect(frames).toContainEqual({
      topic: busTopics.privateMessages(bob.id),
      data: { event: 'changed', unreadConversations: 0 },
    });
    expect(frames.find((f) => f.topic === busTopics.typing(id))?.error?.code).toBe('FORBIDDEN');
    const later = await connect(ann);
    typing(later, id, { typing: true });
    expect((await later.next()).error?.code).toBe('FORBIDDEN');
  });

  it(`refuses the message after ${MESSAGES_PER_MINUTE} a minute with RATE_LIMITED`, async () => {
    const [ann, bob] = [await createUser(t), await createUser(t)];
    const id = await conversationOf(t, ann, bob);
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++) ok(await messagesApi(t).send(ann, id, `message ${i}`), 201);
    const refused = await messagesApi(t).send(ann, id, 'one too many');
    expect([refused.status, (refused.json as unknown as ErrorJson).error.code]).toEqual([429, 'RATE_LIMITED']);
    expect(refused.headers['retry-after']).toBeDefined();
    // Bob's own budget is untouched.
    ok(await messagesApi(t).send(bob, id, 'still fine'), 201);
  });
});

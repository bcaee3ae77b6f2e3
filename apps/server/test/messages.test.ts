import { randomUUID } from 'node:crypto';
import { MESSAGE_CONTENTS_MAX } from '@tutti/contract/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../src/platform/schema.ts';
import { call, withTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { conversationOf, messagesApi, ok, type ErrorJson } from './support/messages.ts';
import { createUser, type SignedInUser } from './support/users.ts';

/** YYYY-MM-DD of the day `years` ago. */
const yearsAgo = (years: number): string => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
};

// Issue 13: the 6 endpoints of private messages, their rules and authorization (SPEC sections 2, 3, 6, 7).
describe.each(databases())('private messages on $name', (database) => {
  let t: TestApp;
  withTestApp(database, (app) => (t = app));
  const api = () => messagesApi(t);
  const pair = async (): Promise<[SignedInUser, SignedInUser, string]> => {
    const ann = await createUser(t);
    const bob = await createUser(t);
    return [ann, bob, await conversationOf(t, ann, bob)];
  };
  const block = (blocker: SignedInUser, blocked: SignedInUser) =>
    call(t, 'POST', `v1/me/blocked/${blocked.id}`, { token: blocker.accessToken });

  it('opens one conversation per pair, finds it by lookup, and lists it with its last message and unread count', async () => {
    const ann = await createUser(t);
    const bob = await createUser(t, { username: `bob${randomUUID().slice(0, 8)}` });
    // None yet is an answer (200, null), not a 404 a browser logs on every profile visit.
    const none = await api().lookup(ann, bob.id);
    expect([none.status, none.json]).toEqual([200, null]);
    const opened = ok(await api().open(ann, bob.id));
    expect(opened).toMatchObject({ other: { id: bob.id, username: bob.username, deleted: false }, unreadCount: 0 });
    expect(opened).toMatchObject({ lastMessage: null, canWrite: true });
    // Either side opening again gets the same conversation.
    expect(ok(await api().open(bob, ann.id)).id).toBe(opened.id);
    expect(ok(await api().lookup(bob, ann.id))?.id).toBe(opened.id);

    const sent = ok(await api().send(ann, opened.id, '  Hello Bob, Sunday?  '), 201);
    expect(sent).toMatchObject({ contents: 'Hello Bob, Sunday?', authorId: ann.id, conversationId: opened.id });
    const bobs = ok(await api().list(bob));
    expect(bobs.unreadConversations).toBe(1);
    expect(bobs.items[0]).toMatchObject({ id: opened.id, unreadCount: 1, other: { id: ann.id } });
    // The client's id is its author's only.
    expect(bobs.items[0]?.lastMessage).toMatchObject({ messageId: sent.messageId, clientMessageId: null });
    const anns = ok(await api().list(ann));
    expect(anns).toMatchObject({ unreadConversations: 0, total: 1 });
    expect(anns.items[0]?.lastMessage?.clientMessageId).toBe(sent.clientMessageId);
  });

  it('lists the most recent first, pages, and searches names without accents or case', async () => {
    const me = await createUser(t);
    const tag = `zq${Date.now().toString(36)}`;
    const others = [];
    for (const name of ['Élodie', 'Marc', 'Zoé']) {
      const other = await createUser(t, { username: `${tag}${others.length}` });
      ok(await call(t, 'POST', 'v1/me/preferences', { token: other.accessToken, body: { displayedUsername: name } }));
      others.push(other);
      const id = await conversationOf(t, me, other);
      ok(await api().send(other, id, `from ${name}`), 201);
      t.clock.advance(1000);
    }
    const all = ok(await api().list(me));
    expect(all.items.map((c) => c.other.displayedUsername)).toEqual(['Zoé', 'Marc', 'Élodie']);
    expect(all.unreadConversations).toBe(3);
    const second = ok(await api().list(me, 'p=2&size=2'));
    expect(second).toMatchObject({ total: 3, page: 2, size: 2 });
    expect(second.items.map((c) => c.other.displayedUsername)).toEqual(['Élodie']);
    expect(ok(await api().list(me, 'q=elod')).items.map((c) => c.other.id)).toEqual([others[0]?.id]);
    expect(ok(await api().list(me, 'q=ZOE')).items.map((c) => c.other.id)).toEqual([others[2]?.id]);
    expect(ok(await api().list(me, `q=${tag}1`)).items.map((c) => c.other.id)).toEqual([others[1]?.id]);
    expect(ok(await api().list(me, 'q=%25')).total).toBe(0);
  });

  it('reads a thread newest first, page by page with the cursor, with both read markers', async () => {
    const [ann, bob, id] = await pair();
    const sent = [];
    for (let i = 0; i < 7; i++) sent.push(ok(await api().send(i % 2 ? bob : ann, id, `message ${i}`), 201));
    const first = ok(await api().get(ann, id, 'size=3'));
    expect(first.messages.map((m) => m.contents)).toEqual(['message 6', 'message 5', 'message 4']);
    expect(first.nextBefore).toBe(sent[4]?.messageId);
    // Ann wrote message 6 last: her marker is there; Bob's at his own last one (message 5).
    expect(first).toMatchObject({ myReadUpTo: sent[6]?.messageId, otherReadUpTo: sent[5]?.messageId });
    const second = ok(await api().get(ann, id, `size=3&before=${first.nextBefore}`));
    expect(second.messages.map((m) => m.contents)).toEqual(['message 3', 'message 2', 'message 1']);
    const last = ok(await api().get(ann, id, `size=3&before=${second.nextBefore}`));
    expect(last.messages.map((m) => m.contents)).toEqual(['message 0']);
    expect(last.nextBefore).toBeNull();
    expect((await api().get(ann, id, `before=${randomUUID()}`)).status).toBe(404);
    expect((await api().get(ann, id, 'before=nope')).status).toBe(400);
  });

  it('moves a read marker forward only, and refuses a message of another conversation', async () => {
    const [ann, bob, id] = await pair();
    const one = ok(await api().send(ann, id, 'one'), 201);
    const two = ok(await api().send(ann, id, 'two'), 201);
    expect(ok(await api().list(bob)).unreadConversations).toBe(1);
    expect(ok(await api().read(bob, id, one.messageId))).toEqual({
      conversationId: id,
      readUpTo: one.messageId,
      unreadConversations: 1,
    });
    expect(ok(await api().get(bob, id)).conversation.unreadCount).toBe(1);
    expect(ok(await api().read(bob, id, two.messageId))).toMatchObject({
      readUpTo: two.messageId,
      unreadConversations: 0,
    });
    // Back to the first: the marker stays.
    expect(ok(await api().read(bob, id, one.messageId)).readUpTo).toBe(two.messageId);
    expect(ok(await api().get(ann, id)).otherReadUpTo).toBe(two.messageId);

    const [cat, dan, elsewhere] = await pair();
    const foreign = ok(await api().send(cat, elsewhere, 'elsewhere'), 201);
    expect((await api().read(bob, id, foreign.messageId)).status).toBe(404);
    expect((await api().read(dan, elsewhere, randomUUID())).status).toBe(404);
  });

  it('trims contents, refuses empty and overlong ones, and stores a retried message once', async () => {
    const [ann, bob, id] = await pair();
    for (const contents of ['', '   \n ', 'x'.repeat(MESSAGE_CONTENTS_MAX + 1)]) {
      const res = await api().send(ann, id, contents);
      expect([res.status, (res.json as unknown as ErrorJson).error.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(ok(await api().send(ann, id, 'x'.repeat(MESSAGE_CONTENTS_MAX)), 201).contents).toHaveLength(
      MESSAGE_CONTENTS_MAX,
    );
    const clientMessageId = randomUUID();
    const first = ok(await api().send(ann, id, 'only once', clientMessageId), 201);
    const retry = ok(await api().send(ann, id, 'only once', clientMessageId), 201);
    expect(retry).toEqual(first);
    // Retries racing each other (a flaky network) still store it once, and all answer that one.
    const racing = randomUUID();
    const answers = await Promise.all([1, 2, 3, 4].map(() => api().send(ann, id, 'raced', racing)));
    expect(new Set(answers.map((res) => ok(res, 201).messageId)).size).toBe(1);
    // Bob's own message may use the same client id: ids are per author.
    ok(await api().send(bob, id, 'mine', clientMessageId), 201);
    const thread = ok(await api().get(bob, id));
    expect(thread.messages.filter((m) => m.contents === 'only once')).toHaveLength(1);
    expect(thread.messages.filter((m) => m.contents === 'raced')).toHaveLength(1);
    expect(thread.conversation.unreadCount).toBe(0);
  });

  it('keeps one total order under concurrent sends from both members', async () => {
    const [ann, bob, id] = await pair();
    const sends = Array.from({ length: 20 }, (_, i) => api().send(i % 2 ? bob : ann, id, `concurrent ${i}`));
    const results = await Promise.all(sends);
    for (const res of results) expect(res.status, res.text).toBe(201);
    const thread = ok(await api().get(ann, id, 'size=50'));
    expect(thread.messages).toHaveLength(20);
    expect(new Set(thread.messages.map((m) => m.contents)).size).toBe(20);
    // Newest first, and the same order for both members.
    const times = thread.messages.map((m) => m.sentAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(ok(await api().get(bob, id, 'size=50')).messages.map((m) => m.messageId)).toEqual(
      thread.messages.map((m) => m.messageId),
    );
  });

  it('answers 404 to a third musician on every conversation call, and 401 to a guest', async () => {
    const [ann, , id] = await pair();
    const message = ok(await api().send(ann, id, 'private'), 201);
    const eve = await createUser(t);
    expect((await api().get(eve, id)).status).toBe(404);
    expect((await api().send(eve, id, 'hi')).status).toBe(404);
    expect((await api().read(eve, id, message.messageId)).status).toBe(404);
    expect(ok(await api().list(eve)).total).toBe(0);
    for (const [method, path] of [
      ['GET', 'v1/me/private-messages/conversations'],
      ['POST', 'v1/me/private-messages/conversations'],
      ['GET', `v1/me/private-messages/conversations/lookup/${ann.id}`],
      ['GET', `v2/me/private-messages/conversations/${id}`],
      ['POST', `v1/me/private-messages/conversations/${id}`],
      ['POST', `v1/me/private-messages/conversations/${id}/read`],
    ] as const) {
      expect((await call(t, method, path)).status, path).toBe(401);
    }
  });

  it('refuses every call to a musician under 13, and never opens one with them', async () => {
    const kid = await createUser(t, { birthdate: yearsAgo(10) });
    const [ann, , id] = await pair();
    for (const res of [
      await api().list(kid),
      await api().open(kid, ann.id),
      await api().lookup(kid, ann.id),
      await api().get(kid, id),
      await api().send(kid, id, 'hi'),
      await api().read(kid, id, randomUUID()),
    ]) {
      expect([res.status, (res.json as unknown as ErrorJson).error.code]).toEqual([403, 'SOCIAL_NOT_ELIGIBLE']);
    }
    expect((await api().open(ann, kid.id)).status).toBe(404);
    expect((await api().open(ann, randomUUID())).status).toBe(404);
    const self = await api().open(ann, ann.id);
    expect([self.status, (self.json as unknown as ErrorJson).error.code]).toEqual([400, 'SELF_ACTION']);
  });

  it('closes a conversation blocked either way: readable, not writable, out of both lists until unblocked', async () => {
    const [ann, bob, id] = await pair();
    const before = ok(await api().send(bob, id, 'before the block'), 201);
    const retryId = randomUUID();
    ok(await api().send(bob, id, 'sent once', retryId), 201);
    expect((await block(ann, bob)).status).toBe(204);
    for (const [writer, reader] of [
      [bob, ann],
      [ann, bob],
    ] as const) {
      const refused = await api().send(writer, id, 'after');
      expect([refused.status, (refused.json as unknown as ErrorJson).error.code]).toEqual([409, 'CONVERSATION_CLOSED']);
      const thread = ok(await api().get(reader, id));
      expect(thread.conversation.canWrite).toBe(false);
      expect(thread.messages.map((m) => m.messageId)).toContain(before.messageId);
      expect(ok(await api().list(writer)).total).toBe(0);
      expect((await api().open(writer, reader.id)).status).toBe(404);
      expect((await api().lookup(writer, reader.id)).status).toBe(404);
    }
    // A retry of a message stored before the block still answers it.
    expect((await api().send(bob, id, 'sent once', retryId)).status).toBe(201);
    expect(ok(await api().list(ann)).unreadConversations).toBe(0);

    expect((await call(t, 'DELETE', `v1/me/blocked/${bob.id}`, { token: ann.accessToken })).status).toBe(204);
    expect(ok(await api().list(ann)).items.map((c) => c.id)).toEqual([id]);
    expect(ok(await api().list(ann)).unreadConversations).toBe(1);
    ok(await api().send(bob, id, 'after the unblock'), 201);
  });

  it("keeps the other member's history when an account is deleted, its author shown as deleted", async () => {
    const [ann, bob, id] = await pair();
    ok(await api().send(ann, id, 'from Ann'), 201);
    ok(await api().send(bob, id, 'from Bob'), 201);
    await t.app.tutti.database.db.delete(accounts).where(eq(accounts.id, ann.id));
    const listed = ok(await api().list(bob));
    expect(listed.items[0]).toMatchObject({
      id,
      canWrite: false,
      other: { id: null, username: null, displayedUsername: null, deleted: true },
    });
    const thread = ok(await api().get(bob, id));
    expect(thread.messages.map((m) => [m.contents, m.authorId])).toEqual([
      ['from Bob', bob.id],
      ['from Ann', null],
    ]);
    const refused = await api().send(bob, id, 'anyone there?');
    expect((refused.json as unknown as ErrorJson).error.code).toBe('CONVERSATION_CLOSED');
  });

  it('lets a musician turn message emails off and on in their preferences', async () => {
    const ann = await createUser(t);
    const me = await call<{ messageEmails: boolean }>(t, 'GET', 'v1/me', { token: ann.accessToken });
    expect(me.json.messageEmails).toBe(true);
    const off = await call<{ messageEmails: boolean }>(t, 'POST', 'v1/me/preferences', {
      token: ann.accessToken,
      body: { messageEmails: false },
    });
    expect(ok(off).messageEmails).toBe(false);
    expect(
      (await call<{ messageEmails: boolean }>(t, 'GET', 'v1/me', { token: ann.accessToken })).json.messageEmails,
    ).toBe(false);
  });
});

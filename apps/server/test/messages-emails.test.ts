import { UNREAD_EMAIL_DELAY_MS, UNREAD_EMAIL_WINDOW_MS } from '@tutti/contract/messages';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversationMembers } from '../src/platform/schema.ts';
import { deepLinkUrl } from '../src/platform/deep-link.ts';
import { MESSAGE_EMAILS_JOB } from '../src/modules/messages/messages.emails.ts';
import { call, withTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { conversationOf, messagesApi, ok } from './support/messages.ts';
import { createUser, getMe, type SignedInUser } from './support/users.ts';

// Issue 13, point 5: an email for messages left unread, at most once per conversation a day, in the recipient's
// language, with an opt-out link that works without signing in.
describe.each(databases())('unread-message emails on $name', (database) => {
  let t: TestApp;
  withTestApp(database, (app) => (t = app));
  const run = () => t.app.tutti.jobs.runNow(MESSAGE_EMAILS_JOB);
  /** Moves a conversation's unread and emailed times back (moving the clock would expire the access tokens). */
  const age = async (conversationId: string, ms: number) => {
    const back = (column: typeof conversationMembers.unreadSince) =>
      sql`${column} - make_interval(secs => ${ms / 1000})`;
    await t.app.tutti.database.db
      .update(conversationMembers)
      .set({
        unreadSince: back(conversationMembers.unreadSince),
        lastEmailedAt: back(conversationMembers.lastEmailedAt),
      })
      .where(eq(conversationMembers.conversationId, conversationId));
  };
  const emailsTo = (user: SignedInUser) =>
    t.mail.messages.filter((m) => m.to === user.email && m.link?.includes('/messages/'));
  const optOutLink = (user: SignedInUser): string => {
    const match = /https?:\/\/\S+\/api\/mail\/message-emails\/opt-out\?\S+/.exec(emailsTo(user).at(-1)?.text ?? '');
    expect(match, 'an opt-out link').not.toBeNull();
    return new URL(match?.[0] ?? '').pathname + new URL(match?.[0] ?? '').search;
  };

  it('emails once the messages waited unread, once per conversation a day, in the reader’s language', async () => {
    const ann = await createUser(t);
    const bob = await createUser(t, { locale: 'fr' });
    const id = await conversationOf(t, ann, bob);
    ok(await messagesApi(t).send(ann, id, 'Are you free on Sunday?'), 201);
    await run();
    expect(emailsTo(bob)).toHaveLength(0);

    await age(id, UNREAD_EMAIL_DELAY_MS + 1000);
    await run();
    await run();
    const mails = emailsTo(bob);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('vous a écrit');
    expect(mails[0]?.text).toContain(deepLinkUrl(t.config.publicUrl, `/messages/${id}`));
    // The message itself is not in the email: it is private.
    expect(mails[0]?.text).not.toContain('Sunday');
    // The sender read everything by writing: no email to Ann.
    expect(emailsTo(ann)).toHaveLength(0);

    ok(await messagesApi(t).send(ann, id, 'Still there?'), 201);
    await age(id, UNREAD_EMAIL_DELAY_MS + 1000);
    await run();
    expect(emailsTo(bob)).toHaveLength(1);
    await age(id, UNREAD_EMAIL_WINDOW_MS);
    await run();
    expect(emailsTo(bob)).toHaveLength(2);
    expect(emailsTo(bob)[1]?.text).toContain('2 messages');
  });

  it('sends nothing for what was read, nor to whoever turned the emails off', async () => {
    const ann = await createUser(t);
    const bob = await createUser(t);
    const cat = await createUser(t);
    const read = await conversationOf(t, ann, bob);
    const sent = ok(await messagesApi(t).send(ann, read, 'read at once'), 201);
    ok(await messagesApi(t).read(bob, read, sent.messageId));
    ok(await call(t, 'POST', 'v1/me/preferences', { token: cat.accessToken, body: { messageEmails: false } }));
    const off = await conversationOf(t, ann, cat);
    ok(await messagesApi(t).send(ann, off, 'cat does not want emails'), 201);
    await age(read, UNREAD_EMAIL_DELAY_MS + 1000);
    await age(off, UNREAD_EMAIL_DELAY_MS + 1000);
    await run();
    expect(emailsTo(bob)).toHaveLength(0);
    expect(emailsTo(cat)).toHaveLength(0);
  });

  it('turns the emails off from the link without signing in, and refuses a forged link', async () => {
    const ann = await createUser(t);
    const bob = await createUser(t);
    const id = await conversationOf(t, ann, bob);
    ok(await messagesApi(t).send(ann, id, 'hello'), 201);
    await age(id, UNREAD_EMAIL_DELAY_MS + 1000);
    await run();
    expect(emailsTo(bob)[0]?.subject).toContain('wrote to you');
    const link = optOutLink(bob);

    // Opening the link changes nothing (mail scanners open links): the page asks.
    const page = await t.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post">');
    expect((await getMe(t, bob.accessToken)).messageEmails).toBe(true);

    const done = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Done');
    expect((await getMe(t, bob.accessToken)).messageEmails).toBe(false);

    const forged = link.replace(/s=[^&]+/, 's=forged');
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: forged });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: link.replace(bob.id, ann.id) })).statusCode).toBe(404);
    const french = await t.app.inject({ method: 'GET', url: forged, headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(french.body).toContain('Ce lien n’est pas valide');
    expect((await getMe(t, ann.accessToken)).messageEmails).toBe(true);
  });
});

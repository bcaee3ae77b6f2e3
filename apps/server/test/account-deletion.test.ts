import type { AdminAccount } from '@tutti/contract/account-admin';
import type { AccountDeletion } from '@tutti/contract/accounts';
import type { AuditPage } from '@tutti/contract/audit';
import type { Page } from '@tutti/contract/common';
import type { MusicianCard } from '@tutti/contract/community';
import type { MySubscriptions } from '@tutti/contract/subscriptions';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ERASURE_JOB } from '../src/modules/accounts/account-deletion.ts';
import { billingCustomers, invoices } from '../src/platform/schema.ts';
import { call, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { conversationOf, messagesApi, ok } from './support/messages.ts';
import { CARDS, freshCardNumber, paidProduct, saveCard, subscribe } from './support/payments.ts';
import {
  createOpenRehearsal,
  details,
  newAdmin,
  sessionsSuite,
  signedInAgain,
  type ErrorJson,
} from './support/sessions.ts';
import { MULTIPART, multipart } from './support/uploads.ts';
import { createUser, signIn, type SignedInUser } from './support/users.ts';

const DAY = 24 * 3600_000;
type Res<T> = T & ErrorJson;

const photo = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 10, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();

/** Every row of every table of the database, as text, by table. */
async function everyRow(t: TestApp): Promise<Record<string, string[]>> {
  const db = t.app.tutti.database.db;
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const tables = (await rows(
    sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as { t: string }[];
  const result: Record<string, string[]> = {};
  for (const { t: table } of tables) {
    result[table] = (await rows(sql.raw(`select * from "${table}"`))).map((row) => JSON.stringify(row));
  }
  return result;
}

describe.each(databases())('deleting an account on $name', (database) => {
  const {
    h,
    users: [boss, watcher],
  } = sessionsSuite(database, [newAdmin, createUser]);

  const del = (user: SignedInUser, id: string, body: unknown = {}) =>
    call<Res<AccountDeletion>>(h.t, 'DELETE', `v1/accounts/${id}`, { token: user.accessToken, body });
  const search = (viewer: SignedInUser, name: string) =>
    call<Page<MusicianCard>>(h.t, 'POST', 'v2/search', {
      token: viewer.accessToken,
      body: { p: 1, size: 50, filters: { q: name } },
    });
  const eraseNow = () => h.t.app.tutti.jobs.runNow(ACCOUNT_ERASURE_JOB);

  it('asks for the password, then hides the account and signs every device out at once', async () => {
    const ann = await createUser(h.t);
    const other = await signIn(h.t, ann.email, ann.password);
    const missing = await del(ann, ann.id);
    expect([missing.status, missing.json.error.code, missing.json.error.fields]).toEqual([
      400,
      'WRONG_PASSWORD',
      { password: 'wrong_password' },
    ]);
    expect((await del(ann, ann.id, { password: 'not my password' })).json.error.code).toBe('WRONG_PASSWORD');
    expect((await search(watcher, ann.username)).json.items.map((m) => m.id)).toEqual([ann.id]);

    const later = await createOpenRehearsal(h.t, ann, {
      startsAt: new Date(h.t.clock.now().getTime() + 3 * 3600_000).toISOString(),
    });
    expect(later.status).toBe('scheduled');
    const before = h.t.clock.now().getTime();
    const done = await del(ann, ann.id, { password: ann.password });
    expect(done.status, done.text).toBe(200);
    const erasesAt = new Date(done.json.erasesAt).getTime() - 7 * DAY;
    expect(erasesAt >= before && erasesAt <= h.t.clock.now().getTime()).toBe(true);
    for (const token of [ann.accessToken, other.accessToken]) {
      expect((await call(h.t, 'GET', 'v1/me', { token })).status).toBe(403);
    }
    expect((await call(h.t, 'POST', 'v1/auth/refresh', { body: { refreshToken: other.refreshToken } })).status).toBe(
      401,
    );
    expect((await search(watcher, ann.username)).json.items).toEqual([]);
    expect((await call(h.t, 'GET', `v2/profiles/${ann.id}`, { token: watcher.accessToken })).status).toBe(404);
    // Nobody waits for a session whose organizer left.
    expect((await details(h.t, watcher, later.id)).json.status).toBe('cancelled');
    const mail = h.t.mail.messages.find((m) => m.to === ann.email && /going to be deleted/.test(m.subject));
    expect(mail?.text).toContain('sign in before then');
  });

  it('is kept when its musician signs in within the grace period, and its subscription goes on', async () => {
    const product = await paidProduct(h.t, boss, { trial: null });
    const ann = await createUser(h.t);
    expect((await saveCard(h.t, ann, freshCardNumber())).status).toBe(200);
    expect((await subscribe(h.t, ann, product.id)).status).toBe(201);
    const renewing = async (user: SignedInUser) =>
      (await call<MySubscriptions>(h.t, 'GET', 'v2/me/subscriptions', { token: user.accessToken })).json.current
        ?.cancelAtPeriodEnd;
    expect(await renewing(ann)).toBe(false);
    ok(await del(ann, ann.id, { password: ann.password }));

    h.t.clock.advance(6 * DAY);
    await eraseNow();
    const back = await signedInAgain(h.t, ann);
    // Nothing renews while the deletion stands; signing in restored it.
    expect(await renewing(back)).toBe(false);
    const seen = await signedInAgain(h.t, watcher);
    expect((await search(seen, ann.username)).json.items.map((m) => m.id)).toEqual([ann.id]);
    expect(h.t.mail.messages.some((m) => m.to === ann.email && /is kept/.test(m.subject))).toBe(true);
    h.t.clock.advance(2 * DAY);
    await eraseNow();
    expect((await signedInAgain(h.t, ann)).id).toBe(ann.id);
  });

  it('lets an administrator delete an account, recorded in the audit log, but never the last administrator', async () => {
    const admin = await signedInAgain(h.t, boss);
    const bob = await createUser(h.t);
    const nosy = await createUser(h.t);
    expect((await del(nosy, bob.id, { password: nosy.password })).status).toBe(404);
    expect((await del(admin, bob.id)).status).toBe(200);
    const seen = await call<AdminAccount>(h.t, 'GET', `v1/accounts/${bob.id}`, { token: admin.accessToken });
    expect(seen.json.erasesAt).not.toBeNull();
    const audit = await call<AuditPage>(h.t, 'GET', `v1/audit-log?account=${bob.id}`, { token: admin.accessToken });
    expect(audit.json.items.map((e) => [e.action, e.actor?.id])).toEqual([['account.delete', boss.id]]);
    const last = await del(admin, boss.id, { password: boss.password });
    expect([last.status, last.json.error.code]).toEqual([409, 'LAST_ADMIN']);
  });

  it('erases the account after 7 days: no personal data left in any table, the books and the other side kept', async () => {
    const admin = await signedInAgain(h.t, boss);
    const product = await paidProduct(h.t, admin, { trial: null });
    const ann = await createUser(h.t);
    const bob = await signedInAgain(h.t, await createUser(h.t));
    const marker = `Plays theremin ${ann.id.slice(0, 8)}`;
    const profile = await call(h.t, 'PUT', 'v2/me/profile', {
      token: ann.accessToken,
      body: {
        country: 'FR',
        cityId: null,
        biography: marker,
        publicProfile: true,
        socialLinks: [{ network: 'youtube', url: `https://www.youtube.com/@${ann.username}` }],
        musicStyles: [],
      },
    });
    expect(profile.status, profile.text).toBe(200);
    const pictures: string[] = [];
    for (const path of ['v1/me/profile-picture', 'v1/me/cover-picture']) {
      const res = await h.t.app.inject({
        method: 'POST',
        url: `/api/${path}`,
        headers: { authorization: `Bearer ${ann.accessToken}`, 'content-type': MULTIPART },
        payload: multipart('file', 'me.jpg', 'image/jpeg', await photo()),
      });
      expect(res.statusCode, res.body).toBe(200);
      pictures.push((JSON.parse(res.body) as { url: string }).url);
    }
    expect((await call(h.t, 'POST', `v1/me/followers/${bob.id}`, { token: ann.accessToken })).status).toBeLessThan(300);
    expect((await call(h.t, 'POST', `v1/me/followers/${ann.id}`, { token: bob.accessToken })).status).toBeLessThan(300);
    const conversation = await conversationOf(h.t, bob, ann);
    ok(await messagesApi(h.t).send(ann, conversation, 'See you on Sunday'), 201);
    ok(await messagesApi(h.t).send(bob, conversation, 'Sure!'), 201);
    expect((await saveCard(h.t, ann, CARDS.ok)).status).toBe(200);
    expect((await subscribe(h.t, ann, product.id)).status).toBe(201);
    const db = h.t.app.tutti.database.db;
    const [customer] = await db.select().from(billingCustomers).where(eq(billingCustomers.accountId, ann.id));
    const invoiceNumbers = (await db.select().from(invoices).where(eq(invoices.accountId, ann.id))).map(
      (i) => i.number,
    );
    expect(invoiceNumbers).toHaveLength(1);

    ok(await del(ann, ann.id, { password: ann.password }));
    // During the grace period, the other side sees a deleted musician and cannot write.
    expect(ok(await messagesApi(h.t).list(bob)).items[0]).toMatchObject({ canWrite: false, other: { deleted: true } });
    h.t.clock.advance(7 * DAY - 60_000);
    await eraseNow();
    expect(
      (await call(h.t, 'GET', `v1/accounts/${ann.id}`, { token: (await signedInAgain(h.t, boss)).accessToken })).status,
    ).toBe(200);
    h.t.clock.advance(120_000);
    await eraseNow();

    const personal = [
      ann.email,
      ann.username,
      marker,
      customer!.customerId,
      ...pictures.map((p) => p.split('/').pop()!),
    ];
    for (const [table, rows] of Object.entries(await everyRow(h.t))) {
      for (const row of rows) {
        for (const value of personal) expect(row, `${table} holds ${value}`).not.toContain(value);
        // Only the audit log still names the account's id (who did what, to whom): nothing to tie it to anyone.
        if (table !== 'audit_log') expect(row, `${table} holds the account id`).not.toContain(ann.id);
      }
    }
    for (const url of pictures) expect((await h.t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const kept = await db.select().from(invoices).where(eq(invoices.number, invoiceNumbers[0]!));
    expect(kept[0]).toMatchObject({ accountId: null, subscriptionId: null, status: 'paid' });
    await expect(h.t.app.tutti.billing!.provider.listCards(customer!.customerId)).rejects.toThrow();
    const bobNow = await signedInAgain(h.t, bob);
    const thread = ok(await messagesApi(h.t).get(bobNow, conversation));
    expect(thread.messages.map((m) => [m.contents, m.authorId])).toEqual([
      ['Sure!', bob.id],
      ['See you on Sunday', null],
    ]);
    const signIn401 = await call<ErrorJson>(h.t, 'POST', 'v1/auth', {
      body: { email: ann.email, password: ann.password },
    });
    expect([signIn401.status, signIn401.json.error.code]).toEqual([401, 'INVALID_CREDENTIALS']);
    const admin2 = await signedInAgain(h.t, boss);
    const audit = await call<AuditPage>(h.t, 'GET', `v1/audit-log?account=${ann.id}`, { token: admin2.accessToken });
    expect(audit.json.items.map((e) => [e.action, e.actor, e.target?.username])).toEqual([
      ['account.erase', null, null],
    ]);
  });
});

import type { AdminSubscriptionPage, MySubscriptions, Subscription } from '@tutti/contract/subscriptions';
import { beforeEach, describe, expect, it } from 'vitest';
import { addMonths } from '../src/modules/subscriptions/billing-calendar.ts';
import { products, subscriptions } from '../src/platform/schema.ts';
import { call } from './support/app.ts';
import { databases } from './support/databases.ts';
import { newAdmin, sessionsSuite, signedInAgain, type ErrorJson } from './support/sessions.ts';
import { createUser, type SignedInUser } from './support/users.ts';

describe.each(databases())('cancelling and restoring a subscription on $name', (database) => {
  const {
    h,
    users: [admin],
  } = sessionsSuite(database, [newAdmin]);
  let boss: SignedInUser;
  beforeEach(async () => {
    boss = await signedInAgain(h.t, admin);
  });

  /** A subscription paid by card, written in the ledger as a successful payment leaves it. */
  const paid = async (user: SignedInUser, source: 'card' | 'promo' = 'card') => {
    const { db } = h.t.app.tutti.database;
    const [product] = await db
      .insert(products)
      .values({ nameEn: 'Band', nameFr: 'Groupe', priceCents: 999, enabled: true })
      .returning();
    const at = h.t.clock.now();
    const [row] = await db
      .insert(subscriptions)
      .values({
        accountId: user.id,
        productId: product!.id,
        status: 'active',
        source,
        currentPeriodStart: at,
        currentPeriodEnd: addMonths(at, 1),
        cancelAtPeriodEnd: source === 'promo',
      })
      .returning();
    return row!;
  };
  const cancel = (user: SignedInUser, id: string, body: unknown = {}) =>
    call<Subscription & ErrorJson>(h.t, 'POST', `v3/me/subscriptions/${id}/cancel`, { token: user.accessToken, body });
  const restore = (user: SignedInUser, id: string) =>
    call<Subscription & ErrorJson>(h.t, 'POST', `v2/me/subscriptions/${id}/restore`, { token: user.accessToken });
  const adminList = async (filter: string) =>
    (
      await call<AdminSubscriptionPage>(h.t, 'GET', `v1/subscriptions?filter=${filter}&size=50`, {
        token: boss.accessToken,
      })
    ).json;

  it('cancels at the period end with a reason, confirms by email in the musician’s language, and restores', async () => {
    const zoe = await createUser(h.t, { locale: 'fr' });
    const sub = await paid(zoe);
    const sentBefore = h.t.mail.messages.length;

    const cancelled = await cancel(zoe, sub.id, { reason: 'other', text: '  Mon groupe fait une pause.  ' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(cancelled.json.currentPeriodEnd).toBe(sub.currentPeriodEnd.toISOString());
    // Still current until the end: the page shows "ends on".
    const mine = await call<MySubscriptions>(h.t, 'GET', 'v2/me/subscriptions', { token: zoe.accessToken });
    expect(mine.json.current).toMatchObject({ id: sub.id, cancelAtPeriodEnd: true });
    const mail = h.t.mail.lastTo(zoe.email);
    expect(mail?.subject).toBe('Votre abonnement Groupe est résilié');
    expect(mail?.text).toContain('Il reste actif jusqu’au');
    expect(mail?.link).toMatch(/\/me\/subscription$/);

    // A second click changes nothing and sends nothing.
    expect((await cancel(zoe, sub.id)).status).toBe(200);
    expect(h.t.mail.messages.length).toBe(sentBefore + 1);

    const row = (await adminList('canceling')).items.find((s) => s.id === sub.id);
    expect(row).toMatchObject({
      account: { id: zoe.id, username: zoe.username, email: zoe.email },
      cancellation: { reason: 'other', text: 'Mon groupe fait une pause.' },
    });

    const restored = await restore(zoe, sub.id);
    expect(restored.status).toBe(200);
    expect(restored.json.cancelAtPeriodEnd).toBe(false);
    expect((await adminList('canceling')).items.map((s) => s.id)).not.toContain(sub.id);
    expect((await adminList('active')).items.find((s) => s.id === sub.id)?.cancellation).toBeNull();
    // Restoring what is not cancelled changes nothing.
    expect((await restore(zoe, sub.id)).json.cancelAtPeriodEnd).toBe(false);
  });

  it('takes a cancellation without any reason, and refuses bad ones field by field', async () => {
    const yan = await createUser(h.t);
    const sub = await paid(yan);
    const tooLong = await cancel(yan, sub.id, { reason: 'other', text: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.error.fields).toEqual({ text: 'too_long' });
    expect((await cancel(yan, sub.id, { reason: 'too_expensive' })).json.error.fields).toEqual({ reason: 'invalid' });
    const plain = await cancel(yan, sub.id);
    expect(plain.status).toBe(200);
    expect(h.t.mail.lastTo(yan.email)?.subject).toBe('Your Band subscription is cancelled');
    expect((await adminList('canceling')).items.find((s) => s.id === sub.id)?.cancellation).toMatchObject({
      reason: null,
      text: null,
    });
  });

  it("keeps another musician's subscription out of reach, and refuses what the state does not allow", async () => {
    const [xia, wes] = [await createUser(h.t), await createUser(h.t)];
    const sub = await paid(xia);
    expect((await cancel(wes, sub.id)).status).toBe(404);
    expect((await restore(wes, sub.id)).status).toBe(404);
    expect((await cancel(boss, sub.id)).status).toBe(404);

    // A promo code's subscription has no card: nothing would renew it.
    const promo = await paid(wes, 'promo');
    const refused = await restore(wes, promo.id);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({ code: 'SUBSCRIPTION_STATE_CONFLICT', details: { status: 'active' } });

    // Once the period is over, it has ended: neither cancel nor restore.
    h.t.clock.advance(addMonths(h.t.clock.now(), 1).getTime() - h.t.clock.now().getTime() + 60_000);
    const later = await signedInAgain(h.t, xia);
    expect((await cancel(later, sub.id)).json.error.code).toBe('SUBSCRIPTION_STATE_CONFLICT');
    expect((await restore(later, sub.id)).json.error.code).toBe('SUBSCRIPTION_STATE_CONFLICT');
  });

  it('lists every subscription for administrators, by status, paged', async () => {
    const vic = await createUser(h.t);
    const sub = await paid(vic);
    const all = await adminList('all');
    expect(all.total).toBeGreaterThanOrEqual(1);
    expect(all.items[0]?.id).toBe(sub.id); // the most recent first
    expect((await adminList('trialing')).items.map((s) => s.id)).not.toContain(sub.id);
    const bad = await call<ErrorJson>(h.t, 'GET', 'v1/subscriptions?filter=nope', { token: boss.accessToken });
    expect(bad.status).toBe(400);
    expect((await call(h.t, 'GET', 'v1/subscriptions', { token: vic.accessToken })).status).toBe(403);
  });

  it('finds a musician’s subscriptions by name or email, and sorts by musician or renewal date', async () => {
    const tag = Date.now().toString(36);
    const early = await createUser(h.t, { username: `aa${tag}` });
    const late = await createUser(h.t, { username: `zz${tag}` });
    const first = await paid(late);
    h.t.clock.advance(24 * 3600_000);
    const second = await paid(early);
    boss = await signedInAgain(h.t, admin); // a day later: a fresh access token
    const page = async (query: string) =>
      (await call<AdminSubscriptionPage>(h.t, 'GET', `v1/subscriptions?${query}&size=50`, { token: boss.accessToken }))
        .json;

    // Search: the two musicians by the part of the usernames they share, one of them by email; `%` is no wildcard.
    expect((await page(`q=${tag}`)).items.map((s) => s.id)).toEqual([second.id, first.id]);
    expect((await page(`q=${tag}&sort=username&order=asc`)).items.map((s) => s.account.username)).toEqual([
      `aa${tag}`,
      `zz${tag}`,
    ]);
    const byEmail = await page(`q=${encodeURIComponent(late.email.toUpperCase())}`);
    expect(byEmail.items.map((s) => s.id)).toEqual([first.id]);
    expect(byEmail.total).toBe(1);
    expect((await page('q=%25')).total).toBe(0);
    // The renewal that comes first: the first subscription's period ends a day before the second's.
    expect((await page(`q=${tag}&sort=currentPeriodEnd&order=asc`)).items.map((s) => s.id)).toEqual([
      first.id,
      second.id,
    ]);
    const bad = await call<ErrorJson>(h.t, 'GET', 'v1/subscriptions?sort=price', { token: boss.accessToken });
    expect(bad.status).toBe(400);
  });
});

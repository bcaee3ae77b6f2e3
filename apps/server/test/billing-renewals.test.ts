import type { Invoice, PaymentMethods } from '@tutti/contract/payments';
import type { MySubscriptions } from '@tutti/contract/subscriptions';
import { describe, expect, it } from 'vitest';
import { RETRY_DAYS } from '../src/modules/subscriptions/renewals.ts';
import { call } from './support/app.ts';
import { databases } from './support/databases.ts';
import { CARDS, freshCardNumber, paidProduct, saveCard, subscribe } from './support/payments.ts';
import { newAdmin, sessionsSuite } from './support/sessions.ts';
import { createUser, signIn, type SignedInUser } from './support/users.ts';

const DAY = 86_400_000;

describe.each(databases())('renewals and failed payments on $name', (database) => {
  const {
    h,
    users: [admin],
  } = sessionsSuite(database, [newAdmin], { BILLING_JOB_INTERVAL_MS: String(24 * 3600_000) });

  /** Access tokens expire as the clock moves months: each call signs in again when the last token is old. */
  const tokens = new Map<string, { token: string; at: number }>();
  const token = async (user: SignedInUser) => {
    const known = tokens.get(user.id);
    if (known && h.t.clock.now().getTime() - known.at < 5 * 60_000) return known.token;
    const { accessToken } = await signIn(h.t, user.email, user.password);
    tokens.set(user.id, { token: accessToken, at: h.t.clock.now().getTime() });
    user.accessToken = accessToken;
    return accessToken;
  };
  /** One run of the billing jobs, and the sending of the emails it wrote to the outbox. */
  const runBilling = async () => {
    await h.t.app.tutti.jobs.runNow('billing');
    await h.t.app.tutti.jobs.runNow('mail-outbox');
  };
  const mine = async (user: SignedInUser) =>
    (await call<MySubscriptions>(h.t, 'GET', 'v2/me/subscriptions', { token: await token(user) })).json;
  const invoicesOf = async (user: SignedInUser) =>
    (await call<Invoice[]>(h.t, 'GET', 'v1/me/payments/invoices', { token: await token(user) })).json;
  const subjects = (user: SignedInUser) => h.t.mail.messages.filter((m) => m.to === user.email).map((m) => m.subject);
  /** Moves the clock to `at` (never backwards) and runs the billing jobs. */
  const at = async (when: Date) => {
    const ms = when.getTime() - h.t.clock.now().getTime();
    if (ms > 0) h.t.clock.advance(ms);
    await runBilling();
  };

  /** A musician on a 14-day trial with a card of its own; `then` becomes the default card before the trial ends. */
  const trialing = async (then?: string) => {
    await token(admin);
    const product = await paidProduct(h.t, admin, { trial: { length: 14, unit: 'day' }, priceCents: 1500 });
    const user = await createUser(h.t);
    await saveCard(h.t, user, freshCardNumber());
    const res = await subscribe(h.t, user, product.id);
    expect(res.json.subscription.status, res.text).toBe('trialing');
    if (then) {
      await saveCard(h.t, user, then);
      const cards = await call<PaymentMethods>(h.t, 'GET', 'v1/me/payments/methods', { token: await token(user) });
      const card = cards.json.items.find((c) => c.last4 === then.slice(-4))!;
      await call(h.t, 'PUT', 'v1/me/payments/methods/default', {
        token: await token(user),
        body: { paymentMethod: card.id },
      });
    }
    return { user, subscription: res.json.subscription, trialEnd: new Date(res.json.subscription.trialEnd!) };
  };

  it('reminds a trial 3 days before its end, then charges it and renews month after month', async () => {
    const { user, trialEnd } = await trialing();
    await at(new Date(trialEnd.getTime() - 4 * DAY));
    expect(subjects(user).some((s) => /trial ends/.test(s))).toBe(false);
    await at(new Date(trialEnd.getTime() - 3 * DAY + 60_000));
    await runBilling(); // once only
    expect(subjects(user).filter((s) => /trial ends/.test(s))).toHaveLength(1);

    await at(new Date(trialEnd.getTime() + 60_000));
    const current = (await mine(user)).current!;
    expect(current).toMatchObject({ status: 'active', trialEnd: null });
    expect(current.currentPeriodStart).toBe(trialEnd.toISOString());
    let invoices = await invoicesOf(user);
    expect(invoices.map((i) => [i.status, i.amountCents])).toEqual([['paid', 1500]]);
    expect(subjects(user).filter((s) => /^Payment receipt/.test(s))).toHaveLength(1);

    // Three more months: one invoice each, never two for a period however often the job runs.
    for (let month = 0; month < 3; month++) {
      const end = new Date((await mine(user)).current!.currentPeriodEnd);
      await at(new Date(end.getTime() + 60_000));
      await runBilling();
    }
    invoices = await invoicesOf(user);
    expect(invoices.map((i) => i.status)).toEqual(['paid', 'paid', 'paid', 'paid']);
    expect(new Set(invoices.map((i) => i.periodStart)).size).toBe(4);
  });

  it('retries a failed renewal on the schedule, tells the musician, then gives up: uncollectible and ended', async () => {
    const { user, trialEnd } = await trialing(CARDS.failsWhenCharged);
    await at(new Date(trialEnd.getTime() + 60_000));
    let [invoice] = await invoicesOf(user);
    expect(invoice).toMatchObject({ status: 'open', failureCode: 'generic_decline' });
    expect(new Date(invoice!.nextAttemptAt!).getTime()).toBe(trialEnd.getTime() + RETRY_DAYS[0] * DAY);
    // Past due: still current (the minutes limit stays lifted while the card is retried).
    expect((await mine(user)).current?.status).toBe('past_due');
    expect(subjects(user).filter((s) => /payment failed/.test(s))).toHaveLength(1);

    for (const day of RETRY_DAYS) await at(new Date(trialEnd.getTime() + day * DAY + 60_000));
    [invoice] = await invoicesOf(user);
    expect(invoice).toMatchObject({ status: 'uncollectible', nextAttemptAt: null });
    const state = await mine(user);
    expect(state.current).toBeNull();
    expect(state.past[0]?.status).toBe('canceled');
    expect(subjects(user).filter((s) => /payment failed/.test(s))).toHaveLength(RETRY_DAYS.length + 1);
    expect(subjects(user).at(-1)).toMatch(/subscription has ended/);
  });

  it('succeeds on the retry once the musician makes a good card the default', async () => {
    const { user, trialEnd } = await trialing(CARDS.failsWhenCharged);
    await at(new Date(trialEnd.getTime() + 60_000));
    expect((await mine(user)).current?.status).toBe('past_due');
    const cards = await call<PaymentMethods>(h.t, 'GET', 'v1/me/payments/methods', { token: await token(user) });
    const good = cards.json.items.find((c) => c.last4 !== '0341')!;
    await call(h.t, 'PUT', 'v1/me/payments/methods/default', {
      token: await token(user),
      body: { paymentMethod: good.id },
    });
    await at(new Date(trialEnd.getTime() + RETRY_DAYS[0] * DAY + 60_000));
    expect((await invoicesOf(user)).map((i) => i.status)).toEqual(['paid']);
    expect((await mine(user)).current?.status).toBe('active');
  });

  it('ends a cancelled subscription at the end of its period, with an email, and never charges it', async () => {
    const { user, subscription, trialEnd } = await trialing();
    const cancelled = await call(h.t, 'POST', `v3/me/subscriptions/${subscription.id}/cancel`, {
      token: await token(user),
      body: { reason: 'no_musician' },
    });
    expect(cancelled.status).toBe(200);
    await at(new Date(trialEnd.getTime() + 60_000));
    const state = await mine(user);
    expect(state.current).toBeNull();
    expect(state.past[0]).toMatchObject({ id: subscription.id, status: 'canceled' });
    expect(await invoicesOf(user)).toEqual([]);
    expect(subjects(user).at(-1)).toMatch(/subscription has ended/);
  });

  it('expires a first payment never authenticated after 23 hours: the invoice is void', async () => {
    await token(admin);
    const product = await paidProduct(h.t, admin, { trial: null });
    const user = await createUser(h.t);
    await saveCard(h.t, user, CARDS.authentication, { authenticate: 'pass' });
    const pending = await subscribe(h.t, user, product.id);
    expect(pending.json.subscription.status).toBe('incomplete');
    await at(new Date(h.t.clock.now().getTime() + 23 * 3_600_000 + 60_000));
    expect((await invoicesOf(user)).map((i) => i.status)).toEqual(['void']);
    expect((await mine(user)).past[0]?.status).toBe('canceled');
  });
});

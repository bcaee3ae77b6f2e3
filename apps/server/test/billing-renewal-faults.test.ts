import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingCustomers, invoices } from '../src/modules/subscriptions/billing.schema.ts';
import type { PaymentProvider } from '../src/modules/subscriptions/payments/provider.ts';
import { CHARGE_LEASE_MS } from '../src/modules/subscriptions/renewal-charges.ts';
import { RETRY_DAYS } from '../src/modules/subscriptions/renewals.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { captureLogs, type CapturedLogs } from './support/logs.ts';
import { CARDS, freshCardNumber, paidProduct, saveCard, subscribe } from './support/payments.ts';
import { ADMIN_EMAIL } from './support/sessions.ts';
import { createUser, signIn, type SignedInUser } from './support/users.ts';

const DAY = 86_400_000;
const DUE = 40;

/**
 * Issue 29, "One bad renewal stays one": among due renewals, a customer the provider no longer knows, a declined card
 * and a rate-limited call are each that invoice's failure, backed off with its code; the others are charged, and the
 * job stays green. A job that does fail twice in a row raises the alert.
 */
describe.each(databases())('renewals that meet provider errors on $name', (database) => {
  let t: TestApp;
  let logs: CapturedLogs;
  let admin: SignedInUser;

  beforeAll(async () => {
    await database.setup();
    logs = captureLogs('info');
    t = await startTestApp(
      database,
      { ADMIN_EMAILS: ADMIN_EMAIL, BILLING_JOB_INTERVAL_MS: String(DAY), METRICS_OPEN: 'true' },
      { logger: logs.logger },
    );
    admin = await createUser(t, { email: ADMIN_EMAIL });
  });
  afterAll(async () => {
    await t?.close();
    await database?.teardown();
  });

  const db = () => t.app.tutti.database.db;
  const provider = (): PaymentProvider => t.app.tutti.billing!.provider;
  /** The gauge of failed runs in a row of a job, as a scraper reads it. */
  const failuresGauge = async (job: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    const line = res.body.split('\n').find((l) => l.startsWith(`tutti_job_consecutive_failures{job="${job}"}`));
    return line === undefined ? undefined : Number(line.split(' ').pop());
  };
  const runJobs = async () => {
    await t.app.tutti.jobs.runNow('billing');
    await t.app.tutti.jobs.runNow('mail-outbox');
  };
  /** Musicians on a 1-day trial, each with a card of its own (or `card`). */
  const trialists = async (n: number, priceCents: number, card?: (i: number) => string) => {
    // The clock moved days since the last token: the administrator signs in again.
    admin.accessToken = (await signIn(t, admin.email, admin.password)).accessToken;
    const product = await paidProduct(t, admin, { trial: { length: 1, unit: 'day' }, priceCents });
    const users: SignedInUser[] = [];
    for (let i = 0; i < n; i++) {
      const user = await createUser(t);
      // The trial is once per card: a card that fails when charged is saved after a fresh one, as the default.
      await saveCard(t, user, freshCardNumber());
      expect((await subscribe(t, user, product.id)).json.subscription.status).toBe('trialing');
      const other = card?.(i);
      if (other) {
        expect((await saveCard(t, user, other)).status).toBe(200);
        const cards = await call<{ items: { id: string; last4: string }[] }>(t, 'GET', 'v1/me/payments/methods', {
          token: user.accessToken,
        });
        const id = cards.json.items.find((c) => c.last4 === other.slice(-4))!.id;
        await call(t, 'PUT', 'v1/me/payments/methods/default', {
          token: user.accessToken,
          body: { paymentMethod: id },
        });
      }
      users.push(user);
    }
    return users;
  };
  const invoiceOf = async (user: SignedInUser) => db().select().from(invoices).where(eq(invoices.accountId, user.id));
  const mailsTo = (user: SignedInUser) => t.mail.messages.filter((m) => m.to === user.email).map((m) => m.subject);

  it('charges 37 of 40 due renewals and backs off the 3 the provider refuses, each with its code', async () => {
    const users = await trialists(DUE, 1100, (i) => (i === 1 ? CARDS.failsWhenCharged : ''));
    const [gone, declined, limited] = [users[0]!, users[1]!, users[2]!];
    // The provider lost this customer (the sandbox's state before it wrote each change): every call answers 404.
    await db()
      .update(billingCustomers)
      .set({ customerId: `cus_lost_${gone.id.slice(0, 8)}` })
      .where(eq(billingCustomers.accountId, gone.id));
    // The provider wrapper: this one musician's charge meets a rate limit.
    const { customerId: limitedCustomer } = (
      await db().select().from(billingCustomers).where(eq(billingCustomers.accountId, limited.id))
    )[0]!;
    const charge = provider().charge;
    provider().charge = async (input) => {
      if (input.customerId === limitedCustomer) {
        throw new Stripe.errors.StripeRateLimitError({
          message: 'Too many requests',
          type: 'rate_limit_error',
          code: 'rate_limit',
        });
      }
      return charge(input);
    };
    try {
      t.clock.advance(DAY + 60_000);
      await runJobs();
    } finally {
      provider().charge = charge;
    }

    const rows = (await Promise.all(users.map(invoiceOf))).map((r) => r[0]!);
    expect(rows.filter((r) => r.status === 'paid')).toHaveLength(DUE - 3);
    const backedOff = [gone, declined, limited].map((u) => rows[users.indexOf(u)]!);
    expect(backedOff.map((r) => [r.status, r.failureCode, r.attempts])).toEqual([
      ['open', 'no_payment_method', 1],
      ['open', 'generic_decline', 1],
      ['open', 'rate_limit', 1],
    ]);
    for (const r of backedOff) {
      expect(r.nextAttemptAt?.toISOString()).toBe(
        new Date(r.periodStart.getTime() + RETRY_DAYS[0] * DAY).toISOString(),
      );
    }
    // Each told by the durable outbox: 37 receipts, 3 failures.
    expect(users.filter((u) => mailsTo(u).some((s) => /^Payment receipt/.test(s)))).toHaveLength(DUE - 3);
    for (const u of [gone, declined, limited])
      expect(mailsTo(u).filter((s) => /payment failed/.test(s))).toHaveLength(1);
    // The job is green.
    expect(t.app.tutti.jobs.failures().get('billing')).toBe(0);
    expect(await failuresGauge('billing')).toBe(0);

    // The retry day: the rate limit is over, that one is charged; the others fail again, backed off further.
    t.clock.advance(RETRY_DAYS[0] * DAY);
    await runJobs();
    expect((await invoiceOf(limited))[0]).toMatchObject({ status: 'paid', attempts: 2, failureCode: null });
    expect((await invoiceOf(declined))[0]).toMatchObject({
      status: 'open',
      attempts: 2,
      failureCode: 'generic_decline',
    });
  }, 240_000);

  it('raises the alert after two failed runs, and a run that cannot record a charge replays it, charged once', async () => {
    const [user] = await trialists(1, 1300);
    // The ledger cannot be written (its outbox refuses every row): the charge happens, its outcome is not recorded.
    await db().execute(sql`ALTER TABLE mail_outbox ADD CONSTRAINT test_refuses CHECK (false) NOT VALID`);
    try {
      t.clock.advance(DAY + 60_000);
      await t.app.tutti.jobs.runNow('billing');
      expect(t.app.tutti.jobs.failures().get('billing')).toBe(1);
      expect(logs.lines(50).filter((l) => l['alert'] === 'job_failing')).toHaveLength(0);
      t.clock.advance(CHARGE_LEASE_MS + 1000);
      await t.app.tutti.jobs.runNow('billing');
    } finally {
      await db().execute(sql`ALTER TABLE mail_outbox DROP CONSTRAINT test_refuses`);
    }
    expect(await failuresGauge('billing')).toBe(2);
    expect(logs.lines(50).filter((l) => l['alert'] === 'job_failing' && l['job'] === 'billing')).toHaveLength(1);

    t.clock.advance(CHARGE_LEASE_MS + 1000);
    await runJobs();
    expect(await failuresGauge('billing')).toBe(0);
    const [invoice] = await invoiceOf(user!);
    expect(invoice).toMatchObject({ status: 'paid', attempts: 1 });
    // The same idempotency key each time: the provider replayed its first charge.
    expect(mailsTo(user!).filter((s) => /^Payment receipt/.test(s))).toHaveLength(1);
    const charges = await sandboxChargesOf(t, invoice!.id);
    expect(charges).toBe(1);
  }, 60_000);
});

/** The payment intents the sandbox holds for an invoice (its metadata names it). */
async function sandboxChargesOf(t: TestApp, invoiceId: string): Promise<number> {
  const sandbox = t.app.tutti.billing!.sandbox!;
  return sandbox
    .paymentIntents()
    .filter((pi) => (pi['metadata'] as Record<string, string>)['invoiceId'] === invoiceId && pi.status === 'succeeded')
    .length;
}

import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../src/modules/subscriptions/billing.schema.ts';
import { startTestApp, type TestApp } from './support/app.ts';
import { postgresDatabase, type TestDatabase } from './support/databases.ts';
import { freshCardNumber, paidProduct, saveCard, subscribe } from './support/payments.ts';
import { ADMIN_EMAIL } from './support/sessions.ts';
import { createUser, type SignedInUser } from './support/users.ts';

const DATABASE_URL = process.env['TEST_DATABASE_URL'];
const SUBSCRIBERS = 12;

// Two instances must share one database: PGlite is private to its process, so this needs PostgreSQL.
describe.skipIf(!DATABASE_URL)(
  'two instances renewing at once never charge a period twice (skipped without TEST_DATABASE_URL)',
  () => {
    let database: TestDatabase;
    let one: TestApp;
    let two: TestApp;
    const users: SignedInUser[] = [];

    beforeAll(async () => {
      database = postgresDatabase(DATABASE_URL as string);
      await database.setup();
      const env = { ADMIN_EMAILS: ADMIN_EMAIL, BILLING_JOB_INTERVAL_MS: String(24 * 3600_000) };
      one = await startTestApp(database, env);
      // The second instance talks to the first one's sandbox, as two instances talk to one Stripe account.
      two = await startTestApp(database, env, { paymentProvider: one.app.tutti.billing!.provider });
    });
    afterAll(async () => {
      await two?.close();
      await one?.close();
      await database?.teardown();
    });

    it('shares the due renewals between them: one invoice and one charge per subscription', async () => {
      const admin = await createUser(one, { email: ADMIN_EMAIL });
      const product = await paidProduct(one, admin, { trial: { length: 1, unit: 'day' }, priceCents: 700 });
      for (let i = 0; i < SUBSCRIBERS; i++) {
        const user = await createUser(one);
        await saveCard(one, user, freshCardNumber());
        expect((await subscribe(one, user, product.id)).json.subscription.status).toBe('trialing');
        users.push(user);
      }
      for (const t of [one, two]) t.clock.advance(86_400_000 + 60_000);
      // Both at the same moment, several times: the rows are claimed by one or the other, never both.
      await Promise.all([
        one.app.tutti.jobs.runNow('billing'),
        two.app.tutti.jobs.runNow('billing'),
        one.app.tutti.jobs.runNow('billing'),
        two.app.tutti.jobs.runNow('billing'),
      ]);
      await Promise.all([one, two].map((t) => t.app.tutti.jobs.runNow('mail-outbox')));
      const db = one.app.tutti.database.db;
      for (const user of users) {
        const rows = await db.select().from(invoices).where(eq(invoices.accountId, user.id));
        expect(rows.map((r) => [r.status, r.attempts])).toEqual([['paid', 1]]);
      }
      const [all] = await db.select({ n: count() }).from(invoices).where(eq(invoices.amountCents, 700));
      expect(all?.n).toBe(SUBSCRIBERS);
      const receipts = [...one.mail.messages, ...two.mail.messages].filter((m) => /^Payment receipt/.test(m.subject));
      expect(receipts).toHaveLength(SUBSCRIBERS);
      // Both took a share (each claims 200 at most per batch, so with 12 one may take all: then the other saw none).
      const reports = [one, two].map((t) => t.app.tutti.billing!.renewals.report);
      expect(reports.reduce((n, r) => n + r.renewed, 0)).toBe(SUBSCRIBERS);
      expect(reports.reduce((n, r) => n + r.paid, 0)).toBe(SUBSCRIBERS);
    });
  },
);

import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { buildApp } from '@tutti/server/src/app.ts';
import { WEBHOOK_PATH } from '@tutti/server/src/modules/subscriptions/payments/webhooks.ts';
import { sql } from 'drizzle-orm';
import { benchServerConfig } from './bench-server.ts';
import { machine } from './report.ts';

/**
 * The renewal job at scale (issue 12, point 7): SUBSCRIPTIONS card subscriptions, each with its own customer and card
 * at the embedded payment sandbox, all due at once; one run of the billing job renews them (an invoice each, charged
 * off-session through the stripe SDK). The baseline, in the same run, is the payment service alone: as many
 * PaymentIntents created and confirmed straight through the same SDK, 16 at a time (the job's own concurrency).
 */

export interface RenewalsReport {
  date: string;
  machine: ReturnType<typeof machine>;
  database: string;
  subscriptions: number;
  seedSeconds: number;
  baselineSeconds: number;
  renewalSeconds: number;
  /** After the job: the receipts' queue drained (a PDF rendered for each). */
  mailSeconds: number;
  perSecond: number;
  invoices: number;
  paid: number;
  ratioToBaseline: number;
}

const round = (n: number) => Math.round(n * 100) / 100;

async function inParallel<T>(items: T[], limit: number, run: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        await run(items[i]!, i);
      }
    }),
  );
}

export async function runRenewalsBench(options: {
  webDist: string;
  logLevel: string;
  databaseUrl?: string;
  subscriptions: number;
}): Promise<RenewalsReport> {
  const { dataDir, config } = await benchServerConfig('renewals', options, {
    // The bench runs the job itself.
    BILLING_JOB_INTERVAL_MS: String(24 * 3600_000),
  });
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const app = await buildApp(config, { now });
  await app.ready();
  const db = app.tutti.database.db;
  const billing = app.tutti.billing!;
  const sandbox = billing.sandbox!;
  // The bench talks to the sandbox as the server does, with the server's own provider.
  const provider = billing.provider;
  try {
    // A database kept between runs (BENCH_DATABASE_URL): an earlier run's subscriptions must not fall due in this one.
    await db.execute(sql`UPDATE subscriptions SET status = 'canceled'
      WHERE account_id IN (SELECT id FROM accounts WHERE email LIKE 'renew-%@example.com')`);
    const seedStart = performance.now();
    // Seeding makes 10,000 cards: their events (card saved) are the server's concern on the day a musician adds one,
    // not the renewals'. They are held back while seeding, and delivered again as the module does for the job.
    sandbox.setDeliver(null);
    const tag = randomBytes(3).toString('hex');
    const n = options.subscriptions;
    // Customers and cards at the sandbox, through the SDK (the server's provider).
    const customers: { customer: string; card: string }[] = new Array(n);
    await inParallel(Array.from({ length: n }), 32, async (_, i) => {
      const customer = await provider.createCustomer({
        email: `renew-${tag}-${i}@example.com`,
        accountId: `${tag}-${i}`,
      });
      const setup = await provider.createSetupIntent(customer, `${tag}-${i}`);
      const res = await fetch(`${sandbox.url}/v1/setup_intents/${setup.id}/confirm`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${provider.publishableKey}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          client_secret: setup.clientSecret,
          'payment_method_data[card][number]': '4242424242424242',
          'payment_method_data[card][exp_month]': '12',
          'payment_method_data[card][exp_year]': String(new Date().getUTCFullYear() + 3),
          'payment_method_data[card][cvc]': '123',
        }),
      });
      const body = (await res.json()) as { payment_method: string };
      await provider.setDefaultCard(customer, body.payment_method);
      customers[i] = { customer, card: body.payment_method };
    });
    const [product] = (
      (await db.execute(sql`INSERT INTO products (name_en, name_fr, price_cents, enabled)
        VALUES ('Band', 'Groupe', 999, true) RETURNING id`)) as unknown as { rows: { id: string }[] }
    ).rows;
    const due = new Date(Date.now() - 60_000);
    for (let start = 0; start < n; start += 1000) {
      const rows = [];
      for (let i = start; i < Math.min(n, start + 1000); i++) {
        rows.push(
          sql`(${`renew-${tag}-${i}@example.com`}, ${`renew${tag}${i}`}, 'x', '1990-01-01', ${`tok-${tag}-${i}`}, now())`,
        );
      }
      await db.execute(sql`INSERT INTO accounts (email, username, password_hash, birthdate, nals_token, validated_at)
        VALUES ${sql.join(rows, sql`, `)}`);
    }
    await db.execute(sql`INSERT INTO billing_customers (account_id, customer_id)
      SELECT a.id, c.customer FROM accounts a
      JOIN (SELECT unnest(${sql.raw(`ARRAY[${customers.map((c) => `'${c.customer}'`).join(',')}]`)}) AS customer,
                   generate_series(0, ${n - 1}) AS i) c ON a.email = ${`renew-${tag}-`} || c.i || '@example.com'`);
    await db.execute(sql`INSERT INTO subscriptions (account_id, product_id, status, source, current_period_start,
        current_period_end, billing_anchor, created_at)
      SELECT id, ${product!.id}, 'active', 'card', ${new Date(due.getTime() - 30 * 86_400_000)}, ${due}, ${due}, now()
      FROM accounts WHERE email LIKE ${`renew-${tag}-%`}`);
    await db.execute(sql`ANALYZE`);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    // Baseline: the payment service alone, as many charges, 16 at a time.
    const baselineStart = performance.now();
    await inParallel(customers, 16, async (c, i) => {
      await provider.charge({
        customerId: c.customer,
        cardId: c.card,
        amountCents: 999,
        description: 'baseline',
        idempotencyKey: `baseline-${tag}-${i}`,
        offSession: true,
        metadata: {},
      });
    });
    const baselineSeconds = (performance.now() - baselineStart) / 1000;

    sandbox.setDeliver(async (payload, signature) => {
      await app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    });
    offset = 60_000;
    const start = performance.now();
    await app.tutti.jobs.runNow('billing');
    const renewalSeconds = (performance.now() - start) / 1000;
    // The receipts (each with its invoice's PDF) go out behind the job: timed apart.
    await app.tutti.jobs.runNow('mail-outbox');
    const mailSeconds = (performance.now() - start) / 1000 - renewalSeconds;
    const counts = (
      (await db.execute(sql`SELECT count(*)::int AS invoices, count(*) FILTER (WHERE i.status = 'paid')::int AS paid
        FROM invoices i JOIN accounts a ON a.id = i.account_id WHERE a.email LIKE ${`renew-${tag}-%`}`)) as unknown as {
        rows: { invoices: number; paid: number }[];
      }
    ).rows[0]!;
    const report: RenewalsReport = {
      date: new Date().toISOString().slice(0, 16).replace('T', ' '),
      machine: machine(),
      database: options.databaseUrl ? 'PostgreSQL' : 'PGlite',
      subscriptions: n,
      seedSeconds: round(seedSeconds),
      baselineSeconds: round(baselineSeconds),
      renewalSeconds: round(renewalSeconds),
      mailSeconds: round(mailSeconds),
      perSecond: round(n / renewalSeconds),
      invoices: counts.invoices,
      paid: counts.paid,
      ratioToBaseline: round(renewalSeconds / baselineSeconds),
    };
    // Printed before the app closes: a run of this size is long to repeat.
    console.log(JSON.stringify(report));
    return report;
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function renewalsMarkdownSection(reports: RenewalsReport[]): string {
  const first = reports[0]!;
  return [
    `## ${first.date}: renewal job (\`BENCH_ONLY=renewals\`)`,
    '',
    `${first.machine.cpu}, ${first.machine.cores} cores, Node ${first.machine.node}. ${first.subscriptions} card ` +
      'subscriptions due at once, each with its own customer and card at the embedded payment sandbox; one run of the ' +
      'billing job (an invoice each, charged off-session through the stripe SDK, 16 at a time). Baseline: as many ' +
      'charges straight through the same SDK, 16 at a time, in the same run.',
    '',
    '| database | subscriptions | invoices | paid | job s | renewals/s | baseline s | job vs baseline | receipts sent after, s |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...reports.map(
      (r) =>
        `| ${r.database} | ${r.subscriptions} | ${r.invoices} | ${r.paid} | ${r.renewalSeconds} | ${r.perSecond} | ${r.baselineSeconds} | ${r.ratioToBaseline}x | ${r.mailSeconds} |`,
    ),
    '',
    'Target (not asserted): 10,000 due renewals in under 60 s on PostgreSQL, with exactly 10,000 invoices. ' +
      reports
        .map(
          (r) =>
            `${r.database}: ${r.renewalSeconds} s, ${r.invoices} invoices (${r.renewalSeconds < 60 && r.invoices === r.subscriptions ? 'met' : 'MISSED'})`,
        )
        .join('; ') +
      '.',
  ].join('\n');
}

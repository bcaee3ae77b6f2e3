import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandboxStore } from '../src/modules/subscriptions/payments/sandbox-store.ts';
import type { Database } from '../src/platform/db.ts';
import { createJobs } from '../src/platform/jobs.ts';
import { createMemoryMailer, type MailMessage } from '../src/platform/mail.ts';
import { createMailOutbox, MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../src/platform/mail-outbox/mail-outbox.ts';
import { mailOutbox } from '../src/platform/mail-outbox/mail-outbox.schema.ts';
import { databases } from './support/databases.ts';

const log = pino({ level: 'silent' });

describe.each(databases())('the durable mail outbox on $name', (database) => {
  let db: Database;
  beforeAll(async () => {
    await database.setup();
    db = await database.open();
    await db.migrate();
  });
  afterAll(async () => {
    await db?.close();
    await database.teardown();
  });

  /** An outbox whose mail server refuses the first `refusals` sends, on a clock the test moves. */
  const outboxWith = (refusals: number) => {
    let offset = 0;
    const now = () => new Date(Date.now() + offset);
    const memory = createMemoryMailer();
    let refused = 0;
    const mailer = {
      ...memory,
      send: async (m: MailMessage) => {
        if (refused < refusals) {
          refused += 1;
          throw new Error('421 try again later');
        }
        await memory.send(m);
      },
    };
    const jobs = createJobs(log);
    const outbox = createMailOutbox({ db: db.db, mailer, jobs, now, log });
    outbox.handle('test', async (payload) => ({ to: String(payload['to']), subject: 'Hi', text: 'Hello' }));
    return { outbox, sent: memory.messages, advance: (ms: number) => void (offset += ms) };
  };

  it('sends what a committed transaction wrote, never what rolled back, and retries a refused send later', async () => {
    await db.db.delete(mailOutbox);
    const { outbox, sent, advance } = outboxWith(2);
    await db.db.transaction((tx) => outbox.enqueue(tx, 'test', { to: 'kept@example.com' }));
    await db.db
      .transaction(async (tx) => {
        await outbox.enqueue(tx, 'test', { to: 'undone@example.com' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);

    expect(await outbox.run()).toEqual({ sent: 0, failed: 1 });
    // Not due again before its delay.
    advance(RETRY_DELAYS_MS[0] - 1000);
    expect(await outbox.run()).toEqual({ sent: 0, failed: 0 });
    advance(2000);
    expect(await outbox.run()).toEqual({ sent: 0, failed: 1 });
    advance(RETRY_DELAYS_MS[1] + 1000);
    expect(await outbox.run()).toEqual({ sent: 1, failed: 0 });
    expect(sent.map((m) => m.to)).toEqual(['kept@example.com']);
    const [row] = await db.db.select().from(mailOutbox);
    expect(row).toMatchObject({ attempts: 3, nextAttemptAt: null, lastError: null });
    expect(row!.sentAt).not.toBeNull();
  });

  it('gives an email up after its last try, and leaves it out of later runs', async () => {
    await db.db.delete(mailOutbox);
    const { outbox, sent, advance } = outboxWith(Number.POSITIVE_INFINITY);
    await db.db.transaction((tx) => outbox.enqueue(tx, 'test', { to: 'never@example.com' }));
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      expect((await outbox.run()).failed).toBe(1);
      advance(RETRY_DELAYS_MS.at(-1)! + 1000);
    }
    expect(await outbox.run()).toEqual({ sent: 0, failed: 0 });
    const [row] = await db.db.select().from(mailOutbox);
    expect(row).toMatchObject({
      attempts: MAX_ATTEMPTS,
      nextAttemptAt: null,
      sentAt: null,
      lastError: '421 try again later',
    });
    expect(sent).toEqual([]);
  });
});

describe('the payment sandbox store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tutti-sandbox-store-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds every committed change after a crash, skips a line torn mid-write, and folds the journal in', async () => {
    const file = join(dir, 'state.json');
    const store = await openSandboxStore(file);
    store.state.customers['cus_1'] = { id: 'cus_1', invoice_settings: { default_payment_method: null } };
    await store.commit();
    // A nested change goes through a read of its object.
    (store.state.customers['cus_1']!['invoice_settings'] as Record<string, unknown>)['default_payment_method'] = 'pm_1';
    store.state.paymentIntents['pi_1'] = { id: 'pi_1', status: 'succeeded' };
    await store.commit();
    delete store.state.paymentIntents['pi_1'];
    await store.commit();
    // The process dies here (no close); a change it was writing is torn.
    writeFileSync(`${file}.journal`, `${readFileSync(`${file}.journal`, 'utf8')}{"c":"customers","k":"cus_2","v":{"id`);

    const reopened = await openSandboxStore(file);
    expect(reopened.state.customers['cus_1']).toEqual({
      id: 'cus_1',
      invoice_settings: { default_payment_method: 'pm_1' },
    });
    expect(reopened.state.customers['cus_2']).toBeUndefined();
    expect(reopened.state.paymentIntents['pi_1']).toBeUndefined();
    // Replayed, then folded into the state file: the journal starts empty.
    expect(readFileSync(`${file}.journal`, 'utf8')).toBe('');
    expect(JSON.parse(readFileSync(file, 'utf8')).customers.cus_1.invoice_settings.default_payment_method).toBe('pm_1');
    await reopened.close();
  });
});

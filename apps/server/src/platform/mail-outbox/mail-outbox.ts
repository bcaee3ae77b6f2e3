import { and, asc, eq, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db.ts';
import type { Jobs } from '../jobs.ts';
import type { Mailer, MailMessage } from '../mail.ts';
import { mailOutbox } from './mail-outbox.schema.ts';

export const MAIL_OUTBOX_JOB = 'mail-outbox';
/** Rows claimed per transaction; the job loops over batches until none is due. */
const BATCH = 50;
/** A claimed row is pushed this far ahead: if its instance dies mid-send, another sends it after the lease. */
export const LEASE_MS = 10 * 60_000;
/** Wait after the n-th failed send (the last value repeats), and the sends tried before giving up (about 2 days). */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 6 * 3600_000] as const;
export const MAX_ATTEMPTS = 12;
/** The longest a caller of flush waits. */
export const FLUSH_WAIT_MS = 3000;
/** Sent (or given up) rows are kept this long, for support questions, then deleted. */
const KEEP_MS = 30 * 86_400_000;

/** Turns a row's payload into the message to send, or null when there is no one to send it to any more (an erased
 *  account): the row is then closed without sending. */
export type MailRenderer = (payload: Record<string, unknown>) => Promise<MailMessage | null>;

export interface MailOutbox {
  /** Declares who renders rows of `kind` (each module, at start). */
  handle(kind: string, render: MailRenderer): void;
  /** Writes an email to send, in the caller's transaction: it exists exactly when what it reports commits. */
  enqueue(tx: Db, kind: string, payload: Record<string, unknown>): Promise<void>;
  /** Sends what is due now, after any run in flight: a request that just committed an email waits for its sending,
   *  at most FLUSH_WAIT_MS (behind a burst of renewal receipts, its email goes with the job's run instead). */
  flush(): Promise<void>;
  /** One run of the job: claims due rows in batches, sends, marks them sent or due again later. */
  run(stopping?: () => boolean): Promise<{ sent: number; failed: number }>;
}

export const retryDelay = (attempts: number): number =>
  RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];

/**
 * The durable outbox and its job. A row is claimed (FOR UPDATE SKIP LOCKED) and leased in a short transaction, sent
 * with no transaction open, then marked: several instances share the rows, a mail server that is slow holds no lock,
 * and an instance killed mid-send leaves its rows to be sent after the lease (at least once: a kill between the send
 * and its mark sends that one email twice, never zero times).
 */
export function createMailOutbox(deps: {
  db: Db;
  mailer: Mailer;
  jobs: Jobs;
  now: () => Date;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  intervalMs?: number;
}): MailOutbox {
  const { db, now, log } = deps;
  const renderers = new Map<string, MailRenderer>();

  const claim = (at: Date) =>
    db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(mailOutbox)
        .where(and(isNotNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, at)))
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length > 0) {
        await tx
          .update(mailOutbox)
          .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + LEASE_MS) })
          .where(
            sql`${mailOutbox.id} IN (${sql.join(
              due.map((r) => sql`${r.id}::uuid`),
              sql`, `,
            )})`,
          );
      }
      return due.map((r) => ({ ...r, attempts: r.attempts + 1 }));
    });

  const run: MailOutbox['run'] = async (stopping = () => false) => {
    let sent = 0;
    let failed = 0;
    while (!stopping()) {
      const rows = await claim(now());
      for (const row of rows) {
        // Left leased: another run (or instance) sends it once the lease is over.
        if (stopping()) break;
        const render = renderers.get(row.kind);
        try {
          if (!render) throw new Error(`no renderer for mail kind ${row.kind}`);
          const message = await render(row.payload);
          if (message) await deps.mailer.send(message);
          await db
            .update(mailOutbox)
            .set({ sentAt: now(), nextAttemptAt: null, lastError: message ? null : 'no_recipient' })
            .where(eq(mailOutbox.id, row.id));
          sent += 1;
        } catch (err) {
          failed += 1;
          const giveUp = row.attempts >= MAX_ATTEMPTS;
          const error = err instanceof Error ? err.message : String(err);
          await db
            .update(mailOutbox)
            .set({
              lastError: error.slice(0, 500),
              nextAttemptAt: giveUp ? null : new Date(now().getTime() + retryDelay(row.attempts)),
            })
            .where(eq(mailOutbox.id, row.id));
          if (giveUp)
            log.error({ err, id: row.id, kind: row.kind, attempts: row.attempts }, 'mail outbox: email given up');
          else
            log.warn(
              { err, id: row.id, kind: row.kind, attempts: row.attempts },
              'mail outbox: send failed, retried later',
            );
        }
      }
      if (rows.length < BATCH) break;
    }
    // What is done and old goes: the table holds what is pending plus a month of history.
    await db
      .delete(mailOutbox)
      .where(and(isNull(mailOutbox.nextAttemptAt), lt(mailOutbox.createdAt, new Date(now().getTime() - KEEP_MS))));
    return { sent, failed };
  };

  deps.jobs.register(MAIL_OUTBOX_JOB, deps.intervalMs ?? 15_000, (stopping) => run(stopping));

  return {
    handle(kind, render) {
      if (renderers.has(kind)) throw new Error(`Mail kind ${kind} is already handled`);
      renderers.set(kind, render);
    },
    async enqueue(tx, kind, payload) {
      const at = now();
      await tx.insert(mailOutbox).values({ kind, payload, createdAt: at, nextAttemptAt: at });
    },
    flush: () =>
      Promise.race([
        deps.jobs.runNow(MAIL_OUTBOX_JOB),
        new Promise<void>((resolve) => setTimeout(resolve, FLUSH_WAIT_MS).unref()),
      ]),
    run,
  };
}

import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../schema-columns.ts';

/**
 * The durable mail outbox (docs/reliability.md, "Emails that report money"): an email a module promised is a row
 * written in the same transaction as what it reports, sent later by the `mail-outbox` job. A row holds the email's
 * parameters (its kind and what its renderer needs), not the rendered message: a receipt's PDF is rendered at send.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Which renderer turns the payload into a message ("billing"). */
    kind: text('kind').notNull(),
    /** What the renderer needs; `accountId`, when the email is for an account, is what erasing it looks for. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: instant('created_at').notNull(),
    /** Sends tried (a claim counts as one, so a crash mid-send is counted too). */
    attempts: integer('attempts').notNull().default(0),
    /** When the next send is due; null once sent or given up. A claimed row is pushed a lease ahead. */
    nextAttemptAt: instant('next_attempt_at'),
    sentAt: instant('sent_at'),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} IS NOT NULL`),
    index('mail_outbox_created_idx').on(t.createdAt),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;

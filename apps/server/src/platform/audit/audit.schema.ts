import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../schema-columns.ts';

/**
 * The audit log (docs/decisions/0035-audit-log.md): one row per administrator's write, inserted in the write's own
 * transaction. Actor and target are plain ids, not foreign keys: an entry outlives the accounts it names (the reader
 * joins their current username, none once erased).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: instant('at').notNull(),
    /** The administrator; null for the server itself. */
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    /** The account acted on, if any. */
    targetId: uuid('target_id'),
    details: jsonb('details')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id),
    index('audit_log_target_at_idx').on(t.targetId, t.at.desc()),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;

import type { AuditAction, AuditEntry, AuditPage, AuditQuery } from '@tutti/contract/audit';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { accounts } from '../../modules/accounts/accounts.schema.ts';
import type { Db } from '../db.ts';
import { auditLog } from './audit.schema.ts';

export interface AuditRecord {
  /** The administrator who acted (null: the server itself). */
  actorId: string | null;
  action: AuditAction;
  targetId?: string | null;
  /** What changed; never a secret. */
  details?: Record<string, unknown>;
  at: Date;
}

/**
 * Writes one entry with `tx`: the transaction of the write it records, so that both commit or neither does (an action
 * is never done unrecorded, nor recorded undone).
 */
export async function record(tx: Db, entry: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetId: entry.targetId ?? null,
    details: entry.details ?? {},
    at: entry.at,
  });
}

const actors = alias(accounts, 'audit_actor');
const targets = alias(accounts, 'audit_target');

/** The administration's view of the log: the most recent first, optionally about one account, with the usernames
 *  the named accounts have now. */
export async function readAuditLog(db: Db, query: AuditQuery): Promise<AuditPage> {
  const where: SQL | undefined = query.account ? eq(auditLog.targetId, query.account) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: auditLog,
        actorUsername: actors.username,
        targetUsername: targets.username,
      })
      .from(auditLog)
      .leftJoin(actors, eq(actors.id, auditLog.actorId))
      .leftJoin(targets, eq(targets.id, auditLog.targetId))
      .where(and(where))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.size)
      .offset((query.p - 1) * query.size),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  const items = rows.map(({ entry, actorUsername, targetUsername }): AuditEntry => ({
    id: entry.id,
    at: entry.at.toISOString(),
    actor: entry.actorId ? { id: entry.actorId, username: actorUsername } : null,
    action: entry.action as AuditAction,
    target: entry.targetId ? { id: entry.targetId, username: targetUsername } : null,
    details: entry.details,
  }));
  return { items, page: query.p, size: query.size, total: total?.n ?? 0 };
}

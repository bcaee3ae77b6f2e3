import { and, eq, sql } from 'drizzle-orm';
import type { SessionLimits } from '../../config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { accounts, sessionInvitations, sessions } from '../../platform/schema.ts';

const MINUTE_MS = 60_000;

/**
 * Fair use of open rehearsals, per organizer (docs/decisions/0015): live sessions at once, scheduled ones ahead,
 * creations per minute, and invitations per session. Every count is read from the database in the transaction that
 * inserts, after locking the row the inserts hang on (the organizer's account, or the session): two requests at
 * once take turns, on any instance, and neither misses the other's row. The clock is read once the lock is held: a
 * request that waited reads a later time than the session it waited for, so that session counts as live for it (read
 * before the wait, "now" could fall before that session's start and count it as scheduled). Administrators are held to the same limits:
 * their open rehearsals take rooms like anyone's, and test rehearsals (theirs only) do not count.
 */
export function createFairUse(limits: SessionLimits, now: () => Date) {
  /** The organizer's open rehearsals, counted with the account row locked, and the time they were counted at. */
  const countsOf = async (tx: Db, organizerId: string) => {
    // NO KEY UPDATE: two creations of this account take turns, yet invitations that point at this account (its
    // row's key, locked KEY SHARE by the foreign key) are not blocked: two organizers inviting each other at
    // once would otherwise deadlock.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, organizerId)).for('no key update');
    const at = now();
    const since = new Date(at.getTime() - MINUTE_MS).toISOString();
    const atIso = at.toISOString();
    const [c] = await tx
      .select({
        recent: sql<number>`(count(*) filter (where ${sessions.createdAt} > ${since}::timestamptz))::int`,
        oldestRecent: sql<
          string | Date | null
        >`min(${sessions.createdAt}) filter (where ${sessions.createdAt} > ${since}::timestamptz)`,
        live: sql<number>`(count(*) filter (where ${sessions.endedAt} is null and ${sessions.startsAt} <= ${atIso}::timestamptz))::int`,
        scheduled: sql<number>`(count(*) filter (where ${sessions.endedAt} is null and ${sessions.startsAt} > ${atIso}::timestamptz))::int`,
      })
      .from(sessions)
      .where(and(eq(sessions.organizerId, organizerId), eq(sessions.kind, 'open')));
    return {
      at,
      recent: c?.recent ?? 0,
      oldestRecent: c?.oldestRecent ?? null,
      live: c?.live ?? 0,
      scheduled: c?.scheduled ?? 0,
    };
  };

  const checkLive = (live: number): void => {
    if (live >= limits.live) {
      throw new AppError(409, 'LIVE_SESSIONS_LIMIT', 'You already organize as many live sessions as allowed.', {
        details: { limit: limits.live },
      });
    }
  };

  return {
    /**
     * Before inserting an open rehearsal organized by `organizerId` that starts at `startsAt` (now when null).
     * Answers the creation time and the start, both read under the lock.
     */
    async checkCreation(tx: Db, organizerId: string, startsAt: Date | null): Promise<{ at: Date; startsAt: Date }> {
      const c = await countsOf(tx, organizerId);
      const at = c.at;
      if (c.recent >= limits.perMinute) {
        const oldest = c.oldestRecent ? new Date(c.oldestRecent).getTime() : at.getTime();
        const retryAfterSeconds = Math.max(1, Math.ceil((oldest + MINUTE_MS - at.getTime()) / 1000));
        throw new AppError(429, 'SESSION_CREATION_RATE', 'Too many sessions created in the last minute.', {
          details: { limit: limits.perMinute, retryAfterSeconds },
        });
      }
      const start = startsAt ?? at;
      if (start.getTime() <= at.getTime()) checkLive(c.live);
      else if (c.scheduled >= limits.scheduled) {
        throw new AppError(409, 'SCHEDULED_SESSIONS_LIMIT', 'You already have as many scheduled sessions as allowed.', {
          details: { limit: limits.scheduled },
        });
      }
      return { at, startsAt: start };
    },

    /**
     * Before a scheduled session starts now, or an ended one starts again: one more live session of its organizer.
     * Answers the time it goes live at, read under the lock.
     */
    async checkGoingLive(tx: Db, organizerId: string): Promise<Date> {
      const c = await countsOf(tx, organizerId);
      checkLive(c.live);
      return c.at;
    },

    /** Before inviting `accountIds` to a session whose row `tx` holds locked: refuses when the ones not invited yet
     *  would take the session past its limit (an invitation already there costs nothing). */
    async checkInvitations(tx: Db, sessionId: string, accountIds: string[]): Promise<void> {
      if (accountIds.length === 0) return;
      const rows = await tx
        .select({ accountId: sessionInvitations.accountId })
        .from(sessionInvitations)
        .where(eq(sessionInvitations.sessionId, sessionId));
      const already = new Set(rows.map((r) => r.accountId));
      const added = new Set(accountIds.filter((id) => !already.has(id))).size;
      if (added > 0 && already.size + added > limits.invitations) {
        throw new AppError(409, 'INVITATIONS_LIMIT', 'This session has as many invitations as allowed.', {
          details: { limit: limits.invitations },
        });
      }
    },
  };
}

export type FairUse = ReturnType<typeof createFairUse>;

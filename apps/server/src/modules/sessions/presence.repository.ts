import { currentAt } from '../subscriptions/subscriptions.schema.ts';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import {
  roomMetrics,
  rooms,
  sessionPlayers,
  sessions,
  subscriptions,
  type RoomRow,
  type SessionPlayerRow,
} from '../../platform/schema.ts';
import type { RoomMetrics } from '@tutti/contract/sessions';

export type LeaveReason = NonNullable<SessionPlayerRow['leaveReason']>;

/** Who plays where: session_players (one row per join), the rooms sessions play in, and what the minutes and room
 *  metrics read from them. */
export function createPresenceRepository(db: Db) {
  return {
    async presentPlayer(sessionId: string, accountId: string, q: Db = db): Promise<SessionPlayerRow | null> {
      const [row] = await q
        .select()
        .from(sessionPlayers)
        .where(
          and(
            eq(sessionPlayers.sessionId, sessionId),
            eq(sessionPlayers.accountId, accountId),
            isNull(sessionPlayers.leftAt),
          ),
        );
      return row ?? null;
    },

    /** Sessions the account is present in right now. */
    async presenceOf(accountId: string): Promise<SessionPlayerRow[]> {
      return db
        .select()
        .from(sessionPlayers)
        .where(and(eq(sessionPlayers.accountId, accountId), isNull(sessionPlayers.leftAt)));
    },

    async presentPlayers(tx: Db, sessionId: string): Promise<SessionPlayerRow[]> {
      return tx
        .select()
        .from(sessionPlayers)
        .where(and(eq(sessionPlayers.sessionId, sessionId), isNull(sessionPlayers.leftAt)));
    },

    async findByLeaveToken(sessionId: string, tokenHash: string): Promise<SessionPlayerRow | null> {
      const [row] = await db
        .select()
        .from(sessionPlayers)
        .where(and(eq(sessionPlayers.sessionId, sessionId), eq(sessionPlayers.leaveTokenHash, tokenHash)));
      return row ?? null;
    },

    async insertPlayer(tx: Db, values: typeof sessionPlayers.$inferInsert): Promise<SessionPlayerRow> {
      const [row] = await tx.insert(sessionPlayers).values(values).returning();
      if (!row) throw new Error('player insert returned nothing');
      return row;
    },

    async renewLeaveToken(tx: Db, playerId: string, tokenHash: string, at: Date): Promise<SessionPlayerRow | null> {
      const [row] = await tx
        .update(sessionPlayers)
        .set({ leaveTokenHash: tokenHash, lastKeepaliveAt: at })
        .where(and(eq(sessionPlayers.id, playerId), isNull(sessionPlayers.leftAt)))
        .returning();
      return row ?? null;
    },

    /** True only for the call that made the player leave (two quits leave once). */
    async markLeft(tx: Db, playerId: string, at: Date, reason: LeaveReason): Promise<SessionPlayerRow | null> {
      const [row] = await tx
        .update(sessionPlayers)
        .set({ leftAt: at, leaveReason: reason })
        .where(and(eq(sessionPlayers.id, playerId), isNull(sessionPlayers.leftAt)))
        .returning();
      return row ?? null;
    },

    async touch(playerId: string, at: Date): Promise<SessionPlayerRow | null> {
      const [row] = await db
        .update(sessionPlayers)
        .set({ lastKeepaliveAt: at })
        .where(and(eq(sessionPlayers.id, playerId), isNull(sessionPlayers.leftAt)))
        .returning();
      return row ?? null;
    },

    /** Players whose keepalives stopped before `silentSince`, claimed in `tx` (rows another instance holds are
     *  skipped). They leave at their last keepalive: the silence is not counted against their minutes. */
    async claimSilent(tx: Db, silentSince: Date, limit: number): Promise<SessionPlayerRow[]> {
      return tx
        .select()
        .from(sessionPlayers)
        .where(and(isNull(sessionPlayers.leftAt), lt(sessionPlayers.lastKeepaliveAt, silentSince)))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    // ---- rooms

    async openRoom(sessionId: string, q: Db = db): Promise<RoomRow | null> {
      const [row] = await q
        .select()
        .from(rooms)
        .where(and(eq(rooms.sessionId, sessionId), isNull(rooms.closedAt)));
      return row ?? null;
    },

    /** Null when the session already has an open room (the unique index decides between racing joins). */
    async insertRoom(values: typeof rooms.$inferInsert): Promise<RoomRow | null> {
      const [row] = await db
        .insert(rooms)
        .values(values)
        .onConflictDoNothing({ target: rooms.sessionId, where: sql`${rooms.closedAt} is null` })
        .returning();
      return row ?? null;
    },

    async closeRooms(tx: Db, sessionId: string, at: Date): Promise<RoomRow[]> {
      return tx
        .update(rooms)
        .set({ closedAt: at })
        .where(and(eq(rooms.sessionId, sessionId), isNull(rooms.closedAt)))
        .returning();
    },

    async closeRoom(roomId: string, at: Date): Promise<RoomRow | null> {
      const [row] = await db
        .update(rooms)
        .set({ closedAt: at })
        .where(and(eq(rooms.id, roomId), isNull(rooms.closedAt)))
        .returning();
      return row ?? null;
    },

    async findRoom(id: string): Promise<RoomRow | null> {
      const [row] = await db.select().from(rooms).where(eq(rooms.id, id));
      return row ?? null;
    },

    async insertMetrics(roomId: string, accountId: string, m: RoomMetrics, at: Date): Promise<void> {
      await db.insert(roomMetrics).values({
        roomId,
        accountId,
        minPingMs: m.minPingInMs,
        maxPingMs: m.maxPingInMs,
        averagePingMs: m.averagePingInMs,
        sigmaPingMs: m.sigmaPingInMs,
        createdAt: at,
      });
    },

    // ---- minutes

    /** Seconds of open rehearsal since `since`: each join counts from its start (or `since`) to its quit, or to its
     *  last keepalive while it goes on. */
    async openSecondsSince(accountId: string, since: Date): Promise<number> {
      const end = sql`coalesce(${sessionPlayers.leftAt}, ${sessionPlayers.lastKeepaliveAt})`;
      const [row] = await db
        .select({
          seconds: sql<
            string | null
          >`sum(extract(epoch from (${end} - greatest(${sessionPlayers.joinedAt}, ${since.toISOString()}::timestamptz))))`,
        })
        .from(sessionPlayers)
        .innerJoin(sessions, eq(sessions.id, sessionPlayers.sessionId))
        .where(
          and(
            eq(sessionPlayers.accountId, accountId),
            eq(sessions.kind, 'open'),
            sql`${end} > ${since.toISOString()}::timestamptz`,
          ),
        );
      return Math.max(0, Number(row?.seconds ?? 0));
    },

    /** The latest end, before `now`, of a subscription period of this account (whatever became of it since). */
    async lastSubscriptionEnd(accountId: string, now: Date): Promise<Date | null> {
      const [row] = await db
        .select({ end: sql<Date | string | null>`max(${subscriptions.currentPeriodEnd})` })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.accountId, accountId),
            sql`${subscriptions.currentPeriodEnd} <= ${now.toISOString()}::timestamptz`,
          ),
        );
      return row?.end ? new Date(row.end) : null;
    },

    async isSubscribed(accountId: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.accountId, accountId), currentAt(now)))
        .limit(1);
      return row !== undefined;
    },
  };
}

export type PresenceRepository = ReturnType<typeof createPresenceRepository>;

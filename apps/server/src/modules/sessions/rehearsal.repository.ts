import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { notBlockedWith } from '../community/community.visibility.ts';
import type { Db } from '../../platform/db.ts';
import {
  accounts,
  cities,
  sessionInvitations,
  sessionPlayers,
  sessionPosts,
  sessions,
  type AccountRow,
  type SessionRow,
} from '../../platform/schema.ts';

/** What a session response is built from: the row, its organizer, who is present, who is invited. */
export interface SessionView {
  row: SessionRow;
  organizer: AccountRow | null;
  players: { account: AccountRow; slot: number; joinedAt: Date }[];
  invitations: { account: AccountRow; invitedAt: Date; invitedBy: AccountRow | null }[];
}

/** How a viewer is tied to a session, for the visibility rules (sessions.policy.ts). */
export interface SessionTies {
  invited: boolean;
  played: boolean;
}

export type NewSession = typeof sessions.$inferInsert;
export type SessionPatch = Partial<Pick<SessionRow, 'name' | 'description' | 'public' | 'startsAt' | 'coverPicture'>>;
export type PostKind = (typeof sessionPosts.$inferInsert)['kind'];

const inviter = alias(accounts, 'inviter');

/** How long an ended or cancelled session stays in its organizer's list. */
export const RECENTLY_ENDED_DAYS = 30;

/** Private sessions a viewer may see: organizer, invited, or played in it. */
const tiedTo = (accountId: string): SQL =>
  or(
    eq(sessions.organizerId, accountId),
    sql`exists (select 1 from ${sessionInvitations} where ${sessionInvitations.sessionId} = ${sessions.id} and ${sessionInvitations.accountId} = ${accountId})`,
    sql`exists (select 1 from ${sessionPlayers} where ${sessionPlayers.sessionId} = ${sessions.id} and ${sessionPlayers.accountId} = ${accountId})`,
  ) as SQL;

export function createRehearsalRepository(db: Db) {
  const idsOf = async (where: SQL | undefined, order: SQL[], limit?: number, offset?: number) => {
    const query = db
      .select({ id: sessions.id })
      .from(sessions)
      .where(where)
      .orderBy(...order);
    const rows = limit === undefined ? await query : await query.limit(limit).offset(offset ?? 0);
    return rows.map((r) => r.id);
  };

  /** One page of ids in that order, and how many rows match in all. */
  const pageOf = async (where: SQL | undefined, order: SQL[], page: number, size: number) => {
    const [ids, total] = await Promise.all([idsOf(where, order, size, (page - 1) * size), count(where)]);
    return { ids, total };
  };

  const count = async (where: SQL | undefined): Promise<number> => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(where);
    return row?.n ?? 0;
  };

  return {
    async findSession(id: string, q: Db = db): Promise<SessionRow | null> {
      const [row] = await q.select().from(sessions).where(eq(sessions.id, id));
      return row ?? null;
    },

    /** Locks the row for the rest of the transaction: joins, quits and ends of one session take turns. */
    async lockSession(tx: Db, id: string): Promise<SessionRow | null> {
      const [row] = await tx.select().from(sessions).where(eq(sessions.id, id)).for('update');
      return row ?? null;
    },

    async tiesOf(sessionId: string, accountId: string): Promise<SessionTies> {
      const [row] = await db
        .select({
          invited: sql<boolean>`exists (select 1 from ${sessionInvitations} where ${sessionInvitations.sessionId} = ${sessionId} and ${sessionInvitations.accountId} = ${accountId})`,
          played: sql<boolean>`exists (select 1 from ${sessionPlayers} where ${sessionPlayers.sessionId} = ${sessionId} and ${sessionPlayers.accountId} = ${accountId})`,
        })
        .from(sql`(select 1) as one`);
      return { invited: row?.invited === true, played: row?.played === true };
    },

    /** Views in the order of `ids`; unknown ids are skipped. */
    async loadViews(ids: string[]): Promise<SessionView[]> {
      if (ids.length === 0) return [];
      const rows = await db.select().from(sessions).where(inArray(sessions.id, ids));
      const organizerIds = [...new Set(rows.flatMap((r) => (r.organizerId ? [r.organizerId] : [])))];
      const [organizers, players, invitations] = await Promise.all([
        organizerIds.length ? db.select().from(accounts).where(inArray(accounts.id, organizerIds)) : [],
        db
          .select({
            sessionId: sessionPlayers.sessionId,
            slot: sessionPlayers.slot,
            joinedAt: sessionPlayers.joinedAt,
            account: accounts,
          })
          .from(sessionPlayers)
          .innerJoin(accounts, eq(accounts.id, sessionPlayers.accountId))
          .where(and(inArray(sessionPlayers.sessionId, ids), isNull(sessionPlayers.leftAt)))
          .orderBy(asc(sessionPlayers.slot)),
        db
          .select({
            sessionId: sessionInvitations.sessionId,
            invitedAt: sessionInvitations.invitedAt,
            account: accounts,
            invitedBy: inviter,
          })
          .from(sessionInvitations)
          .innerJoin(accounts, eq(accounts.id, sessionInvitations.accountId))
          .leftJoin(inviter, eq(inviter.id, sessionInvitations.invitedById))
          .where(inArray(sessionInvitations.sessionId, ids))
          .orderBy(asc(sessionInvitations.invitedAt), asc(accounts.username)),
      ]);
      const organizerById = new Map(organizers.map((a) => [a.id, a]));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        if (!row) return [];
        return [
          {
            row,
            organizer: row.organizerId ? (organizerById.get(row.organizerId) ?? null) : null,
            players: players.filter((p) => p.sessionId === id),
            invitations: invitations.filter((i) => i.sessionId === id),
          },
        ];
      });
    },

    async insertSession(values: NewSession, q: Db = db): Promise<SessionRow> {
      const [row] = await q.insert(sessions).values(values).returning();
      if (!row) throw new Error('session insert returned nothing');
      return row;
    },

    async updateSession(id: string, patch: SessionPatch, q: Db = db): Promise<SessionRow | null> {
      const [row] = await q.update(sessions).set(patch).where(eq(sessions.id, id)).returning();
      return row ?? null;
    },

    /** Accounts by username, case-insensitively. */
    /** The accounts of these usernames that `inviterId` may invite: one blocked either way is left out, as if it
     *  did not exist (the inviter learns nothing about a block). */
    async findAccountsByUsernames(usernames: string[], inviterId: string): Promise<AccountRow[]> {
      if (usernames.length === 0) return [];
      const lowered = [...new Set(usernames.map((u) => u.trim().toLowerCase()))];
      return db
        .select()
        .from(accounts)
        .where(and(inArray(sql`lower(${accounts.username})`, lowered), notBlockedWith(inviterId)));
    },

    /** Where an account plays from: its city's coordinates, or null without a city (or account). */
    async cityOfAccount(id: string | null): Promise<{ latitude: number; longitude: number } | null> {
      if (id === null) return null;
      const [row] = await db
        .select({ latitude: cities.latitude, longitude: cities.longitude })
        .from(accounts)
        .innerJoin(cities, eq(cities.id, accounts.cityId))
        .where(eq(accounts.id, id));
      return row ?? null;
    },

    async findAccount(id: string): Promise<AccountRow | null> {
      const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
      return row ?? null;
    },

    /** Answers the accounts that were not invited yet (an existing invitation is left as it was). */
    async addInvitations(
      sessionId: string,
      accountIds: string[],
      invitedById: string,
      at: Date,
      q: Db = db,
    ): Promise<string[]> {
      if (accountIds.length === 0) return [];
      const rows = await q
        .insert(sessionInvitations)
        .values(accountIds.map((accountId) => ({ sessionId, accountId, invitedById, invitedAt: at })))
        .onConflictDoNothing()
        .returning({ accountId: sessionInvitations.accountId });
      return rows.map((r) => r.accountId);
    },

    async insertPost(sessionId: string, kind: PostKind, actorId: string | null, at: Date, q: Db = db): Promise<void> {
      await q.insert(sessionPosts).values({ sessionId, kind, actorId, createdAt: at });
    },

    /** Live open sessions I may see, the most recently started first (id last: pages never overlap). */
    livePage: (accountId: string, now: Date, page: number, size: number) =>
      pageOf(
        and(
          eq(sessions.kind, 'open'),
          isNull(sessions.endedAt),
          lte(sessions.startsAt, now),
          or(eq(sessions.public, true), tiedTo(accountId)),
          notBlockedWith(accountId, sessions.organizerId),
        ),
        [sql`${sessions.runningSince} desc nulls last`, desc(sessions.startsAt), asc(sessions.id)],
        page,
        size,
      ),

    /** Public sessions, live first then the soonest; none organized by someone blocked either way. */
    publicPage: (accountId: string, now: Date, page: number, size: number) =>
      pageOf(
        and(
          eq(sessions.kind, 'open'),
          eq(sessions.public, true),
          isNull(sessions.endedAt),
          notBlockedWith(accountId, sessions.organizerId),
        ),
        [
          sql`case when ${sessions.startsAt} <= ${now.toISOString()}::timestamptz then 0 else 1 end`,
          asc(sessions.startsAt),
          asc(sessions.id),
        ],
        page,
        size,
      ),

    /** Mine: live and scheduled ones soonest first, then those that ended or were cancelled in the last
     *  RECENTLY_ENDED_DAYS, the latest first (so an organizer whose session ended still finds it, and can restart it). */
    organizedPage: (accountId: string, now: Date, page: number, size: number) =>
      pageOf(
        and(
          eq(sessions.kind, 'open'),
          eq(sessions.organizerId, accountId),
          or(
            isNull(sessions.endedAt),
            gte(sessions.endedAt, new Date(now.getTime() - RECENTLY_ENDED_DAYS * 86_400_000)),
          ),
        ),
        [
          sql`case when ${sessions.endedAt} is null then 0 else 1 end`,
          asc(sessions.startsAt),
          sql`${sessions.endedAt} desc nulls first`,
          asc(sessions.id),
        ],
        page,
        size,
      ),

    invitedPage: (accountId: string, page: number, size: number) =>
      pageOf(
        and(
          eq(sessions.kind, 'open'),
          isNull(sessions.endedAt),
          sql`exists (select 1 from ${sessionInvitations} where ${sessionInvitations.sessionId} = ${sessions.id} and ${sessionInvitations.accountId} = ${accountId})`,
        ),
        [asc(sessions.startsAt), asc(sessions.id)],
        page,
        size,
      ),

    testIds: () => idsOf(and(eq(sessions.kind, 'test'), isNull(sessions.endedAt)), [desc(sessions.createdAt)]),

    /** The feed: posts of sessions that are public now (one turned private later takes its posts with it). */
    async postsPage(page: number, size: number) {
      const where = and(eq(sessions.kind, 'open'), eq(sessions.public, true));
      const [rows, [total]] = await Promise.all([
        db
          .select({ post: sessionPosts, session: sessions, actor: accounts })
          .from(sessionPosts)
          .innerJoin(sessions, eq(sessions.id, sessionPosts.sessionId))
          .leftJoin(accounts, eq(accounts.id, sessionPosts.actorId))
          .where(where)
          .orderBy(desc(sessionPosts.createdAt), desc(sessionPosts.id))
          .limit(size)
          .offset((page - 1) * size),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(sessionPosts)
          .innerJoin(sessions, eq(sessions.id, sessionPosts.sessionId))
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Open sessions that should end: nobody present, and either they had players, or nobody came within
     *  `emptyTimeoutMs` of their start. Claimed (locked, skipping rows another instance holds) in `tx`. */
    /** Open sessions with nobody present: started ones empty for longer than the grace period (since their last player
     *  left, or since they started for rows from before the grace period existed), and ones nobody joined
     *  `emptyTimeoutMs` after their start. */
    async claimAbandoned(
      tx: Db,
      now: Date,
      limits: { emptyTimeoutMs: number; graceMs: number },
      limit: number,
    ): Promise<SessionRow[]> {
      const neverJoinedSince = new Date(now.getTime() - limits.emptyTimeoutMs);
      const emptySince = new Date(now.getTime() - limits.graceMs);
      return tx
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.kind, 'open'),
            isNull(sessions.endedAt),
            lte(sessions.startsAt, now),
            or(
              and(
                isNotNull(sessions.runningSince),
                sql`coalesce(${sessions.emptySince}, ${sessions.runningSince}) <= ${emptySince.toISOString()}::timestamptz`,
              ),
              and(isNull(sessions.runningSince), lte(sessions.startsAt, neverJoinedSince)),
            ),
            sql`not exists (select 1 from ${sessionPlayers} where ${sessionPlayers.sessionId} = ${sessions.id} and ${sessionPlayers.leftAt} is null)`,
          ),
        )
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    async markEnded(tx: Db, id: string, at: Date): Promise<SessionRow | null> {
      const [row] = await tx
        .update(sessions)
        .set({ endedAt: at })
        .where(and(eq(sessions.id, id), isNull(sessions.endedAt)))
        .returning();
      return row ?? null;
    },

    /** Someone joined: running from now if it was not yet, and no longer empty. */
    async markRunning(tx: Db, id: string, at: Date): Promise<void> {
      await tx
        .update(sessions)
        .set({
          runningSince: sql`coalesce(${sessions.runningSince}, ${at.toISOString()}::timestamptz)`,
          emptySince: null,
        })
        .where(eq(sessions.id, id));
    },

    /** Everyone left a live open session: its grace period starts. */
    async markEmpty(tx: Db, id: string, at: Date): Promise<void> {
      await tx
        .update(sessions)
        .set({ emptySince: at })
        .where(and(eq(sessions.id, id), isNull(sessions.endedAt), isNull(sessions.emptySince)));
    },

    /** Cancelled before its start: ended too, so every list of sessions not ended leaves it out. */
    async markCancelled(tx: Db, id: string, at: Date): Promise<SessionRow | null> {
      const [row] = await tx
        .update(sessions)
        .set({ endedAt: at, cancelledAt: at })
        .where(and(eq(sessions.id, id), isNull(sessions.endedAt)))
        .returning();
      return row ?? null;
    },

    /** Ended no earlier than `since`, not cancelled: live again, empty from `at` (its grace period starts over). */
    async markRestarted(tx: Db, id: string, since: Date, at: Date): Promise<SessionRow | null> {
      const [row] = await tx
        .update(sessions)
        .set({ endedAt: null, emptySince: at })
        .where(and(eq(sessions.id, id), isNull(sessions.cancelledAt), gte(sessions.endedAt, since)))
        .returning();
      return row ?? null;
    },
  };
}

export type RehearsalRepository = ReturnType<typeof createRehearsalRepository>;

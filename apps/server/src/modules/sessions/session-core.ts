import { createHash, randomBytes } from 'node:crypto';
import type { JoinedSession, Session } from '@tutti/contract/sessions';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { RoomAllocator } from '../../platform/room-allocator.ts';
import type { RoomRow, SessionPlayerRow, SessionRow } from '../../platform/schema.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { Minutes } from './minutes.ts';
import type { LeaveReason, PresenceRepository } from './presence.repository.ts';
import { presentMusician, presentSession } from './rehearsal.presenter.ts';
import type { RehearsalRepository, SessionView } from './rehearsal.repository.ts';
import type { SessionEvents } from './sessions.events.ts';
import { lowestFreeSlot } from './sessions.policy.ts';

export interface CoreDeps {
  db: Db;
  repo: RehearsalRepository;
  presence: PresenceRepository;
  allocator: RoomAllocator;
  events: SessionEvents;
  minutes: Minutes;
  /** Where uploaded files (covers) live. */
  storage: Storage;
  log: FastifyBaseLogger;
  now: () => Date;
  /** How long an empty live session stays open, and an ended one restartable (SESSION_EMPTY_GRACE_MS). */
  graceMs: number;
}

export const hashLeaveToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const sessionEnded = () => new AppError(409, 'SESSION_ENDED', 'This session has ended.');
export const sessionCancelled = () => new AppError(409, 'SESSION_CANCELLED', 'This session was cancelled.');

/** Two joins racing for the same slot or room: the loser tries again. */
class RetryJoin extends Error {}
const JOIN_ATTEMPTS = 4;

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: unknown; cause?: { code?: unknown } };
  return err.code === '23505' || err.cause?.code === '23505';
};

/**
 * What open and test rehearsals share: presenting sessions, taking a slot in the session's room, leaving it, and
 * ending a session. Every change of presence runs in a transaction that first locks the session row, so joins,
 * quits, sweeps and ends of one session take turns (and no end misses a join that happened meanwhile). Calls to
 * room servers and the bus happen after the commit, never while a row is locked.
 */
export function createSessionCore(deps: CoreDeps) {
  const { db, repo, presence, allocator, events, minutes, storage, log, now, graceMs } = deps;

  const present = (view: SessionView, showInvited: boolean): Session =>
    presentSession(view, now(), storage.publicUrl, showInvited, graceMs);

  /** As the bus shows it: a private session's topic is only for those who may see its invitations anyway. */
  const forBus = (view: SessionView): Session => present(view, view.row.kind === 'open' && !view.row.public);

  const loadView = async (id: string): Promise<SessionView> => {
    const [view] = await repo.loadViews([id]);
    if (!view) throw new Error(`session ${id} vanished`);
    return view;
  };

  const release = async (closed: RoomRow[]): Promise<void> => {
    await Promise.all(closed.map((room) => allocator.release({ serverId: room.serverId, remoteId: room.remoteId })));
  };

  /** Players who left a room that goes on are dropped from it at once: their audio client may never have been told
   *  (a closed tab), and the others must stop hearing them. */
  const dropFromRooms = async (left: SessionPlayerRow[], closed: RoomRow[]): Promise<void> => {
    const closedIds = new Set(closed.map((r) => r.id));
    await Promise.all(
      left.map(async (player) => {
        if (player.roomId === null || closedIds.has(player.roomId)) return;
        const room = await presence.findRoom(player.roomId);
        // Its tickets for the slot die with it: a replayed one (quit, minutes used up) is refused from now on.
        const revocation = { accountId: player.accountId, through: player.leftAt ?? now() };
        if (room && room.closedAt === null) await allocator.dropPlayer(room, player.slot, revocation);
      }),
    );
  };

  const post = async (row: SessionRow, kind: 'joined' | 'ended', actorId: string | null, q: Db = db) => {
    if (row.kind === 'open' && row.public) await repo.insertPost(row.id, kind, actorId, now(), q);
  };

  /** After a player left (in the same transaction): a session with nobody left gives its room back (the next join
   *  opens another); an open one stays live for its grace period, which the sweep ends unless someone comes back. */
  const settle = async (tx: Db, session: SessionRow): Promise<{ ended: boolean; closed: RoomRow[] }> => {
    if (session.endedAt || (await presence.presentPlayers(tx, session.id)).length > 0) {
      return { ended: false, closed: [] };
    }
    const at = now();
    if (session.kind === 'open') await repo.markEmpty(tx, session.id, at);
    return { ended: false, closed: await presence.closeRooms(tx, session.id, at) };
  };

  /** The open room of the session, opening one when there is none; between racing joins the first insert wins and
   *  the others give their room back. */
  const ensureRoom = async (row: SessionRow): Promise<RoomRow> => {
    const open = await presence.openRoom(row.id);
    if (open) return open;
    // The organizer's city, when known, picks the nearest region; else the session's time zone (issue 11 point 5).
    const city = await repo.cityOfAccount(row.organizerId);
    const allocated = await allocator.allocate({ maxPlayers: row.maxPlayers, timeZone: row.timeZone, city });
    const inserted = await presence.insertRoom({ sessionId: row.id, ...allocated, createdAt: now() });
    if (inserted) return inserted;
    await allocator.release(allocated);
    throw new RetryJoin();
  };

  type JoinOutcome =
    | { kind: 'joined'; player: SessionPlayerRow; fresh: boolean }
    | { kind: 'ended'; closed: RoomRow[] }
    | { kind: 'retry' };

  const takeSlot = (row: SessionRow, room: RoomRow, accountId: string, tokenHash: string) =>
    db.transaction(async (tx): Promise<JoinOutcome> => {
      const locked = await repo.lockSession(tx, row.id);
      if (!locked || locked.endedAt) {
        // The session ended while its room was being opened: that room must not stay open.
        return { kind: 'ended', closed: await presence.closeRooms(tx, row.id, now()) };
      }
      const open = await presence.openRoom(row.id, tx);
      if (open?.id !== room.id) return { kind: 'retry' };
      const at = now();
      const mine = await presence.presentPlayer(row.id, accountId, tx);
      if (mine) {
        // A reloaded page joins again: same slot, and only its new beacon token is valid from now on.
        const renewed = await presence.renewLeaveToken(tx, mine.id, tokenHash, at);
        return renewed ? { kind: 'joined', player: renewed, fresh: false } : { kind: 'retry' };
      }
      const taken = (await presence.presentPlayers(tx, row.id)).map((p) => p.slot);
      const slot = lowestFreeSlot(taken, locked.maxPlayers);
      if (slot === null) throw new AppError(409, 'SESSION_FULL', 'This session is full.');
      // The new player takes a slot of the room server too (not reserved when the room opened); 503 when it is full.
      await allocator.admit(tx, room);
      const player = await presence.insertPlayer(tx, {
        sessionId: row.id,
        accountId,
        roomId: room.id,
        slot,
        joinedAt: at,
        lastKeepaliveAt: at,
        leaveTokenHash: tokenHash,
      });
      await repo.markRunning(tx, row.id, at);
      await post(locked, 'joined', accountId, tx);
      return { kind: 'joined', player, fresh: true };
    });

  const core = {
    present,
    forBus,
    loadView,

    /** Leaves the player (once: a second call for the same join does nothing), ends or empties the session when it
     *  was the last one, then tells the room servers and the bus. */
    async leave(player: SessionPlayerRow, reason: LeaveReason, leftAt: Date = now()): Promise<void> {
      const outcome = await db.transaction(async (tx) => {
        const session = await repo.lockSession(tx, player.sessionId);
        if (!session) return null;
        const left = await presence.markLeft(tx, player.id, leftAt, reason);
        if (!left) return null;
        return { left, ...(await settle(tx, session)) };
      });
      if (!outcome) return;
      await release(outcome.closed);
      await dropFromRooms([outcome.left], outcome.closed);
      await core.announceLeft([outcome.left], outcome.ended);
    },

    /** Publishes `left` for players that left one session, then `ended` when it ended with them. */
    async announceLeft(players: SessionPlayerRow[], ended: boolean): Promise<void> {
      const first = players[0];
      if (!first) return;
      const view = await loadView(first.sessionId);
      const session = forBus(view);
      const accounts = await Promise.all(players.map((p) => repo.findAccount(p.accountId)));
      for (const [i, p] of players.entries()) {
        const account = accounts[i];
        if (!account || p.leaveReason === 'ended' || p.leaveReason === null) continue;
        await events.left(session, presentMusician(account, storage.publicUrl), p.slot, p.leaveReason);
      }
      if (ended) await events.ended(session);
    },

    /** Ends a session now (its organizer ended or cancelled it, or a test rehearsal was deleted): everyone present
     *  leaves with reason 'ended'. `cancel`: a scheduled session that never started. */
    async end(sessionId: string, cancel = false): Promise<boolean> {
      const outcome = await db.transaction(async (tx) => {
        const session = await repo.lockSession(tx, sessionId);
        if (!session) return null;
        const at = now();
        const ended = cancel ? await repo.markCancelled(tx, sessionId, at) : await repo.markEnded(tx, sessionId, at);
        if (!ended) return { ended: false, closed: [] as RoomRow[] };
        for (const p of await presence.presentPlayers(tx, sessionId)) await presence.markLeft(tx, p.id, at, 'ended');
        await post(session, 'ended', null, tx);
        return { ended: true, closed: await presence.closeRooms(tx, sessionId, at) };
      });
      if (!outcome) return false;
      await release(outcome.closed);
      if (outcome.ended) await events.ended(forBus(await loadView(sessionId)));
      return true;
    },

    /** Ends sessions another step found empty (the sweep), in a transaction that holds them. */
    async endClaimed(tx: Db, session: SessionRow): Promise<RoomRow[]> {
      const at = now();
      if (!(await repo.markEnded(tx, session.id, at))) return [];
      await post(session, 'ended', null, tx);
      return presence.closeRooms(tx, session.id, at);
    },

    release,

    /** Settles a session whose players another step made leave (the sweep): empties it when nobody is left, and drops
     *  those players from its room otherwise. */
    async settleAfterLeaving(sessionId: string, left: SessionPlayerRow[] = []): Promise<boolean> {
      const outcome = await db.transaction(async (tx) => {
        const session = await repo.lockSession(tx, sessionId);
        return session ? settle(tx, session) : { ended: false, closed: [] as RoomRow[] };
      });
      await release(outcome.closed);
      await dropFromRooms(left, outcome.closed);
      return outcome.ended;
    },

    /**
     * Takes a slot in the session's room (the same one again for someone already present). Checks that apply to
     * both kinds live here; visibility and passwords are the caller's. `countMinutes`: open rehearsals, where an
     * account without subscription needs free minutes left.
     */
    async join(row: SessionRow, accountId: string, countMinutes: boolean): Promise<JoinedSession> {
      if (row.cancelledAt) throw sessionCancelled();
      if (row.endedAt) throw sessionEnded();
      if (row.startsAt.getTime() > now().getTime()) {
        throw new AppError(409, 'SESSION_NOT_STARTED', 'This session has not started yet.', {
          details: { startsAt: row.startsAt.toISOString() },
        });
      }
      const remainingMinutes = countMinutes ? await minutes.remainingFor(accountId) : null;
      if (remainingMinutes !== null && remainingMinutes <= 0) {
        throw new AppError(402, 'NO_MINUTES_LEFT', 'Your free minutes of this month are used up.');
      }
      // One session at a time: joining here first leaves wherever the account still is (a closed tab's beacon
      // that never arrived).
      for (const elsewhere of await presence.presenceOf(accountId)) {
        if (elsewhere.sessionId !== row.id) await core.leave(elsewhere, 'quit');
      }
      const leaveToken = randomBytes(32).toString('base64url');
      for (let attempt = 0; attempt < JOIN_ATTEMPTS; attempt++) {
        let outcome: JoinOutcome;
        try {
          const room = await ensureRoom(row);
          outcome = await takeSlot(row, room, accountId, hashLeaveToken(leaveToken));
          if (outcome.kind === 'joined') {
            const view = await loadView(row.id);
            const session = present(view, true);
            if (outcome.fresh) {
              const account = view.players.find((p) => p.account.id === accountId)?.account;
              if (account)
                await events.joined(forBus(view), presentMusician(account, storage.publicUrl), outcome.player.slot);
            }
            // Issued as of the slot's last renewal (lastKeepaliveAt, never later than its leave time), so the
            // revocation that follows a leave always covers it.
            const charge = await allocator.ticket(room, {
              slot: outcome.player.slot,
              accountId,
              issuedAt: outcome.player.lastKeepaliveAt,
            });
            return {
              session,
              room: { id: room.id, ip: room.ip, port: room.port, charge },
              slot: outcome.player.slot,
              remainingMinutes,
              leaveToken,
            };
          }
        } catch (e) {
          if (e instanceof RetryJoin || isUniqueViolation(e)) continue;
          throw e;
        }
        if (outcome.kind === 'ended') {
          await release(outcome.closed);
          throw sessionEnded();
        }
      }
      log.warn({ sessionId: row.id }, 'join gave up after repeated races');
      throw new AppError(409, 'CONFLICT', 'Too many musicians are joining at once; try again.');
    },
  };
  return core;
}

export type SessionCore = ReturnType<typeof createSessionCore>;

import type {
  CreateOpenRehearsalBody,
  InviteBody,
  JoinedSession,
  Session,
  SessionStatus,
  UpdateOpenRehearsalBody,
} from '@tutti/contract/sessions';
import { SESSION_MAX_PLAYERS } from '@tutti/contract/sessions';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../../platform/auth-guard.ts';
import { AppError } from '../../platform/errors.ts';
import type { AccountRow, SessionRow } from '../../platform/schema.ts';
import { readUploadedFile } from '../../platform/storage/http.ts';
import { IMAGE_PRESETS, storeImage } from '../../platform/storage/images.ts';
import { deleteQuietly } from '../../platform/storage/storage.ts';
import { presentMusician } from './rehearsal.presenter.ts';
import type { SessionPatch } from './rehearsal.repository.ts';
import type { CoreDeps, SessionCore } from './session-core.ts';
import { sessionCancelled, sessionEnded } from './session-core.ts';
import type { SessionAccess } from './session-access.ts';
import type { FairUse } from './fair-use.ts';
import type { SessionNotices } from './session-notices.ts';
import { isOrganizer, restartableUntil, sessionStatus } from './sessions.policy.ts';

const organizerOnly = () => new AppError(403, 'FORBIDDEN', 'Only the organizer can change this session.');

const stateConflict = (status: SessionStatus, message: string) =>
  new AppError(409, 'SESSION_STATE_CONFLICT', message, { details: { status } });

export function createOpenRehearsalService(
  deps: CoreDeps & { core: SessionCore; access: SessionAccess; fairUse: FairUse; notices: SessionNotices },
) {
  const { db, repo, core, access, fairUse, notices, events, storage, log, now, graceMs } = deps;

  /** Accounts for the usernames, without the inviter; any unknown username refuses the whole request. */
  const resolveInvitees = async (usernames: string[], inviterId: string): Promise<AccountRow[]> => {
    const found = await repo.findAccountsByUsernames(usernames, inviterId);
    const known = new Set(found.map((a) => a.username.toLowerCase()));
    const unknown = [...new Set(usernames.filter((u) => !known.has(u.trim().toLowerCase())))];
    if (unknown.length > 0) {
      throw new AppError(400, 'VALIDATION_FAILED', 'Some usernames do not exist.', {
        fields: { invite: 'unknown_username' },
        details: { unknown },
      });
    }
    return found.filter((a) => a.id !== inviterId);
  };

  /** Adds the invitations within the session's limit, its row locked so that two invites at once take turns. */
  const invite = (row: SessionRow, inviter: AccountRow, invitees: AccountRow[]): Promise<string[]> =>
    db.transaction(async (tx) => {
      const ids = invitees.map((a) => a.id);
      await repo.lockSession(tx, row.id);
      await fairUse.checkInvitations(tx, row.id, ids);
      return repo.addInvitations(row.id, ids, inviter.id, now(), tx);
    });

  /** The organizer's own session; `ended`: also one that ended or was cancelled. */
  const organized = async (auth: AuthContext, id: string, ended = false): Promise<SessionRow> => {
    const { row } = await access.visible(auth, id, 'open');
    if (!isOrganizer(row, auth.accountId)) throw organizerOnly();
    if (row.endedAt && !ended) throw row.cancelledAt ? sessionCancelled() : sessionEnded();
    return row;
  };

  /**
   * The organizer's state changes. Asking for the state the session is already in changes nothing (a double click,
   * a retry); any other change its state does not allow is a 409 SESSION_STATE_CONFLICT naming that state.
   * Runs before the other fields of the same request, so "start now and rename" works, and nothing changes when the
   * state change is refused.
   */
  const transition = async (
    row: SessionRow,
    organizerId: string,
    to: NonNullable<UpdateOpenRehearsalBody['status']>,
  ): Promise<void> => {
    const at = now();
    const status = sessionStatus(row, at);
    if (status === to) return;
    if (to === 'live' && status === 'scheduled') {
      await db.transaction(async (tx) => {
        const startsAt = await fairUse.checkGoingLive(tx, organizerId);
        await repo.updateSession(row.id, { startsAt }, tx);
      });
      await notices.changed(row.id, 'startedNow');
    } else if (to === 'live' && status === 'ended') {
      const until = restartableUntil(row, graceMs);
      if (!until || until <= at) throw stateConflict(status, 'The grace period to restart this session is over.');
      await db.transaction(async (tx) => {
        const restartAt = await fairUse.checkGoingLive(tx, organizerId);
        if (!(await repo.markRestarted(tx, row.id, new Date(restartAt.getTime() - graceMs), restartAt))) {
          throw stateConflict(status, 'The grace period to restart this session is over.');
        }
      });
    } else if (to === 'cancelled' && status === 'scheduled') {
      await core.end(row.id, true);
      await notices.changed(row.id, 'cancelled');
    } else if (to === 'ended' && status === 'live') {
      await core.end(row.id);
    } else {
      throw stateConflict(status, `A ${status} session cannot become ${to}.`);
    }
  };

  const announceInvites = async (row: SessionRow, inviteeIds: string[], inviter: AccountRow) => {
    if (inviteeIds.length === 0) return;
    // The invitee may see a private session's invitations: send them the session as they will see it.
    const session = core.present(await core.loadView(row.id), true);
    await events.invited(session, inviteeIds, presentMusician(inviter, storage.publicUrl));
    await notices.invited(row.id, inviteeIds);
  };

  return {
    async create(auth: AuthContext, body: CreateOpenRehearsalBody): Promise<Session> {
      const invitees = await resolveInvitees(body.invite ?? [], auth.accountId);
      const { row, at } = await db.transaction(async (tx) => {
        const { at, startsAt } = await fairUse.checkCreation(
          tx,
          auth.accountId,
          body.startsAt ? new Date(body.startsAt) : null,
        );
        const inserted = await repo.insertSession(
          {
            kind: 'open',
            name: body.name,
            description: body.description || null,
            public: body.public,
            organizerId: auth.accountId,
            startsAt,
            timeZone: body.timeZone ?? null,
            maxPlayers: SESSION_MAX_PLAYERS,
            createdAt: at,
          },
          tx,
        );
        // Within the same transaction: a creation whose invitations exceed the limit leaves no session behind.
        await fairUse.checkInvitations(
          tx,
          inserted.id,
          invitees.map((a) => a.id),
        );
        await repo.addInvitations(
          inserted.id,
          invitees.map((a) => a.id),
          auth.accountId,
          at,
          tx,
        );
        return { row: inserted, at };
      });
      const inviteeIds = invitees.map((a) => a.id);
      if (row.public) {
        await repo.insertPost(
          row.id,
          sessionStatus(row, at) === 'scheduled' ? 'scheduled' : 'created',
          auth.accountId,
          at,
        );
      }
      const view = await core.loadView(row.id);
      await events.created(core.forBus(view));
      await announceInvites(row, inviteeIds, auth.account);
      return core.present(view, true);
    },

    async update(auth: AuthContext, id: string, body: UpdateOpenRehearsalBody): Promise<Session> {
      let row = await organized(auth, id, body.status !== undefined);
      const { status, ...fields } = body;
      if (status !== undefined) {
        await transition(row, auth.accountId, status);
        row = (await repo.findSession(id)) ?? row;
        if (row.endedAt) {
          // Ended or cancelled (core.end told the bus): there is nothing left to edit in it.
          if (Object.values(fields).some((v) => v !== undefined)) {
            throw row.cancelledAt ? sessionCancelled() : sessionEnded();
          }
          return core.present(await core.loadView(id), true);
        }
      }
      const patch: SessionPatch = {};
      if (body.name !== undefined) patch.name = body.name;
      if (body.description !== undefined) patch.description = body.description || null;
      if (body.public !== undefined) patch.public = body.public;
      if (body.startsAt !== undefined) {
        if (sessionStatus(row, now()) !== 'scheduled') {
          throw new AppError(409, 'CONFLICT', 'The start time can only change before the session starts.');
        }
        patch.startsAt = new Date(body.startsAt);
      }
      if (Object.keys(patch).length > 0) await repo.updateSession(id, patch);
      if (patch.startsAt && patch.startsAt.getTime() !== row.startsAt.getTime()) {
        await notices.changed(id, 'rescheduled');
      }
      const view = await core.loadView(id);
      await events.updated(core.forBus(view), row.public);
      return core.present(view, true);
    },

    async setCover(auth: AuthContext, id: string, request: FastifyRequest): Promise<Session> {
      const row = await organized(auth, id);
      const bytes = await readUploadedFile(request, 'file');
      const key = await storeImage(storage, bytes, IMAGE_PRESETS.sessionCover, { folder: 'sessions', owner: row.id });
      // The cover replaced is the one the locked row holds: of two uploads at once, neither leaves a file behind.
      let replaced: string | null;
      try {
        replaced = await db.transaction(async (tx) => {
          const locked = await repo.lockSession(tx, id);
          await repo.updateSession(id, { coverPicture: key }, tx);
          return locked?.coverPicture ?? null;
        });
      } catch (e) {
        await deleteQuietly(storage, key, log);
        throw e;
      }
      if (replaced) await deleteQuietly(storage, replaced, log);
      const view = await core.loadView(id);
      await events.updated(core.forBus(view), row.public);
      return core.present(view, true);
    },

    async invite(auth: AuthContext, id: string, body: InviteBody): Promise<Session> {
      const row = await organized(auth, id);
      const invitees = await resolveInvitees(body.usernames, auth.accountId);
      const added = await invite(row, auth.account, invitees);
      await announceInvites(row, added, auth.account);
      return core.present(await core.loadView(id), true);
    },

    async join(auth: AuthContext, id: string): Promise<JoinedSession> {
      const { row } = await access.visible(auth, id, 'open');
      return core.join(row, auth.accountId, true);
    },
  };
}

export type OpenRehearsalService = ReturnType<typeof createOpenRehearsalService>;

import type { Selfcheck } from '@tutti/contract/nals';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../platform/auth-guard.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { RoomServerUnavailableError, type RoomClient } from '../../platform/room-client.ts';
import type { SelfcheckRow } from '../../platform/schema.ts';
import { ECHO_ROOM_PLAYER } from './sessions.policy.ts';
import { presentSelfcheck } from './sessions.presenter.ts';
import type { SessionsRepository } from './sessions.repository.ts';

const roomServerUnavailable = () =>
  new AppError(503, 'ROOM_SERVER_UNAVAILABLE', 'The room server is not available; try again in a moment.');

export function createSessionsService(deps: {
  repo: SessionsRepository;
  rooms: RoomClient;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const { repo, rooms, log, now } = deps;

  /** Marks it closed, then asks the room server to drop the room. A room server that is down or restarted has
   *  lost its rooms anyway, so that failure is logged, not reported: the self-check is over for the user. */
  const close = async (row: SelfcheckRow): Promise<void> => {
    if (!(await repo.markClosed(row.id, now()))) return;
    try {
      await rooms.closeRoom(row.roomId);
    } catch (e) {
      if (!(e instanceof RoomServerUnavailableError)) throw e;
      log.warn({ err: e, roomId: row.roomId }, 'self-check closed, but its echo room could not be closed');
    }
  };

  return {
    /** One echo room per user at a time: starting again closes the previous one (a reloaded page never closed it). */
    async startSelfcheck(session: AuthContext): Promise<Selfcheck> {
      for (const previous of await repo.openSelfchecksOf(session.accountId)) await close(previous);
      let room;
      try {
        room = await rooms.createEchoRoom();
      } catch (e) {
        if (!(e instanceof RoomServerUnavailableError)) throw e;
        log.warn({ err: e }, 'self-check refused: room server unavailable');
        throw roomServerUnavailable();
      }
      try {
        const row = await repo.insertSelfcheck({ accountId: session.accountId, roomId: room.id, at: now() });
        const at = now();
        const charge = rooms.ticket({
          roomId: room.id,
          slot: ECHO_ROOM_PLAYER,
          accountId: session.accountId,
          issuedAt: at,
        });
        return presentSelfcheck(row, room, charge);
      } catch (e) {
        await rooms.closeRoom(room.id).catch(() => undefined);
        throw e;
      }
    },

    async closeSelfcheck(session: AuthContext, id: string): Promise<void> {
      const row = await repo.findOwnSelfcheck(id, session.accountId);
      if (!row) throw notFound('No such self-check.');
      if (row.closedAt === null) await close(row);
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;

import type { KeepaliveResponse, QuitBody, RoomMetrics, Session } from '@tutti/contract/sessions';
import type { AuthContext } from '../../platform/auth-guard.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { SessionRow } from '../../platform/schema.ts';
import type { CoreDeps, SessionCore } from './session-core.ts';
import { hashLeaveToken } from './session-core.ts';
import type { SessionAccess } from './session-access.ts';

const notInSession = () => new AppError(409, 'NOT_IN_SESSION', 'You are not in this session.');
const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', 'Sign in to continue.');

/** Being in a session: details, keepalives (and the free minutes they count), quitting, room quality reports. */
export function createSessionPresenceService(deps: CoreDeps & { core: SessionCore; access: SessionAccess }) {
  const { repo, presence, core, access, minutes, now } = deps;

  return {
    /** For the bus: may this user subscribe to the session's topic? Same rule as the details. */
    async canWatchSession(auth: AuthContext, sessionId: string): Promise<boolean> {
      return (await access.find(auth, sessionId)) !== null;
    },

    async details(auth: AuthContext, id: string): Promise<Session> {
      const { row, showInvited } = await access.visible(auth, id);
      return core.present(await core.loadView(row.id), showInvited);
    },

    /**
     * Leaves the caller's slot. With the Authorization header, the caller is the account; without it (the page's
     * beacon on close), the body's leaveToken names the join. The token is only ever handed to the page that
     * joined, and no cookie authenticates anything here, so another site cannot make a browser quit for its user.
     */
    async quit(auth: AuthContext | null, id: string, kind: SessionRow['kind'], body: QuitBody | undefined) {
      if (auth) {
        const { row } = await access.visible(auth, id, kind);
        const player = await presence.presentPlayer(row.id, auth.accountId);
        if (player) await core.leave(player, 'quit');
        return;
      }
      if (!body?.leaveToken) throw unauthenticated();
      const player = await presence.findByLeaveToken(id, hashLeaveToken(body.leaveToken));
      if (!player) throw unauthenticated();
      const row = await repo.findSession(player.sessionId);
      if (row?.kind !== kind) throw unauthenticated();
      if (player.leftAt === null) await core.leave(player, 'quit');
    },

    async keepalive(auth: AuthContext, id: string): Promise<KeepaliveResponse> {
      const row = await repo.findSession(id);
      if (!row) throw notFound('No such session.');
      const present = await presence.presentPlayer(id, auth.accountId);
      const player = present && (await presence.touch(present.id, now()));
      if (!player) throw notInSession();
      let remainingMinutes: number | null = null;
      if (row.kind === 'open') {
        remainingMinutes = await minutes.remainingFor(auth.accountId);
        if (remainingMinutes !== null && remainingMinutes <= 0) {
          await core.leave(player, 'minutes');
          throw new AppError(402, 'NO_MINUTES_LEFT', 'Your free minutes of this month are used up.');
        }
      }
      return { remainingMinutes, session: core.present(await core.loadView(id), true) };
    },

    async postRoomMetrics(auth: AuthContext, roomId: string, metrics: RoomMetrics): Promise<void> {
      const room = await presence.findRoom(roomId);
      if (!room) throw notFound('No such room.');
      const player = await presence.presentPlayer(room.sessionId, auth.accountId);
      if (!player || player.roomId !== room.id) throw notInSession();
      await presence.insertMetrics(room.id, auth.accountId, metrics, now());
    },
  };
}

export type SessionPresenceService = ReturnType<typeof createSessionPresenceService>;

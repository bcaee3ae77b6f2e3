import type { MySessions, Session } from '@tutti/contract/sessions';
import { PUBLIC_SESSIONS_PAGE_SIZE, SESSION_POSTS_PAGE_SIZE } from '@tutti/contract/sessions';
import type { AuthContext } from '../../platform/auth-guard.ts';
import { presentPost } from './rehearsal.presenter.ts';
import type { SessionView } from './rehearsal.repository.ts';
import type { CoreDeps, SessionCore } from './session-core.ts';

/** The lists: live sessions, the public directory, mine and my invitations, and the hall's feed. */
export function createSessionQueries(deps: CoreDeps & { core: SessionCore }) {
  const { repo, core, minutes, uploads, now } = deps;

  /** The invitation list only for those tied to the session (organizer, invited, present player). */
  const presentFor =
    (accountId: string) =>
    (view: SessionView): Session =>
      core.present(
        view,
        view.row.organizerId === accountId ||
          view.invitations.some((i) => i.account.id === accountId) ||
          view.players.some((p) => p.account.id === accountId),
      );

  return {
    async listLive(auth: AuthContext): Promise<Session[]> {
      const views = await repo.loadViews(await repo.liveVisibleIds(auth.accountId, now()));
      return views.map(presentFor(auth.accountId));
    },

    async listPublic(auth: AuthContext, page: number) {
      const { ids, total } = await repo.publicPage(now(), page, PUBLIC_SESSIONS_PAGE_SIZE);
      return { items: (await repo.loadViews(ids)).map(presentFor(auth.accountId)), page, total };
    },

    async listMine(auth: AuthContext): Promise<MySessions> {
      const [organized, invited, remainingMinutes] = await Promise.all([
        repo.organizedIds(auth.accountId).then((ids) => repo.loadViews(ids)),
        repo.invitedIds(auth.accountId).then((ids) => repo.loadViews(ids)),
        minutes.remainingFor(auth.accountId),
      ]);
      return {
        organized: organized.map((v) => core.present(v, true)),
        invited: invited.map((v) => core.present(v, true)),
        remainingMinutes,
      };
    },

    async listPosts(page: number) {
      const { rows, total } = await repo.postsPage(page, SESSION_POSTS_PAGE_SIZE);
      const at = now();
      return {
        items: rows.map((r) => presentPost(r.post, r.session, r.actor, at, uploads.urlOf)),
        page,
        total,
      };
    },
  };
}

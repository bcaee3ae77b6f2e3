import type { PageQuery } from '@tutti/contract/common';
import type { MySessions, Session, SessionPage, SessionPostPage } from '@tutti/contract/sessions';
import type { AuthContext } from '../../platform/auth-guard.ts';
import { presentPost } from './rehearsal.presenter.ts';
import type { SessionView } from './rehearsal.repository.ts';
import type { CoreDeps, SessionCore } from './session-core.ts';

/** The lists: live sessions, the public directory, mine and my invitations, and the hall's feed. Each is paged
 *  (`p`, `size` at most PAGE_SIZE_MAX): none grows with what other accounts create. */
export function createSessionQueries(deps: CoreDeps & { core: SessionCore }) {
  const { repo, core, minutes, storage, now } = deps;

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
    async listLive(auth: AuthContext, { p, size }: PageQuery): Promise<SessionPage> {
      const { ids, total } = await repo.livePage(auth.accountId, now(), p, size);
      return { items: (await repo.loadViews(ids)).map(presentFor(auth.accountId)), page: p, size, total };
    },

    async listPublic(auth: AuthContext, { p, size }: PageQuery): Promise<SessionPage> {
      const { ids, total } = await repo.publicPage(auth.accountId, now(), p, size);
      return { items: (await repo.loadViews(ids)).map(presentFor(auth.accountId)), page: p, size, total };
    },

    async listMine(auth: AuthContext, { p, size }: PageQuery): Promise<MySessions> {
      const mine = async (found: Promise<{ ids: string[]; total: number }>): Promise<SessionPage> => {
        const { ids, total } = await found;
        return { items: (await repo.loadViews(ids)).map((v) => core.present(v, true)), page: p, size, total };
      };
      const [organized, invited, remainingMinutes] = await Promise.all([
        mine(repo.organizedPage(auth.accountId, now(), p, size)),
        mine(repo.invitedPage(auth.accountId, p, size)),
        minutes.remainingFor(auth.accountId),
      ]);
      return { organized, invited, remainingMinutes };
    },

    async listPosts({ p, size }: PageQuery): Promise<SessionPostPage> {
      const { rows, total } = await repo.postsPage(p, size);
      const at = now();
      return {
        items: rows.map((r) => presentPost(r.post, r.session, r.actor, at, storage.publicUrl)),
        page: p,
        size,
        total,
      };
    },
  };
}

import { notFound } from '../../platform/errors.ts';
import type { SessionRow } from '../../platform/schema.ts';
import type { RehearsalRepository, SessionTies } from './rehearsal.repository.ts';
import { canSeeSession, showsInvitations, type Viewer } from './sessions.policy.ts';

export interface VisibleSession {
  row: SessionRow;
  ties: SessionTies;
  /** Whether this viewer sees the invitation list. */
  showInvited: boolean;
}

/** Finds a session the viewer may see; anything else (unknown, private, test without the role, another kind) is the
 *  same 404. */
export function createSessionAccess(repo: RehearsalRepository) {
  const find = async (viewer: Viewer, id: string): Promise<VisibleSession | null> => {
    const row = await repo.findSession(id);
    if (!row) return null;
    const ties = await repo.tiesOf(id, viewer.accountId);
    if (!canSeeSession(row, viewer, ties)) return null;
    return { row, ties, showInvited: showsInvitations(row, viewer.accountId, ties) };
  };
  return {
    find,
    async visible(viewer: Viewer, id: string, kind?: SessionRow['kind']): Promise<VisibleSession> {
      const found = await find(viewer, id);
      if (!found || (kind && found.row.kind !== kind)) throw notFound('No such session.');
      return found;
    },
  };
}

export type SessionAccess = ReturnType<typeof createSessionAccess>;

import type { JoinedSession, Session } from '@tutti/contract/sessions';
import { SESSION_MAX_PLAYERS } from '@tutti/contract/sessions';
import type { z } from 'zod';
import type { CreateTestRehearsalBodySchema } from '@tutti/contract/test-rehearsals';
import type { AuthContext } from '../../platform/auth-guard.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import type { CoreDeps, SessionCore } from './session-core.ts';
import type { SessionAccess } from './session-access.ts';

/** Password-protected rehearsals administrators set up for testers (TUTTI_MU): no free-minute accounting, and they
 *  last until deleted (an empty one only gives its room back). */
export function createTestRehearsalService(deps: CoreDeps & { core: SessionCore; access: SessionAccess }) {
  const { repo, core, access, now } = deps;

  return {
    async list(): Promise<Session[]> {
      const views = await repo.loadViews(await repo.testIds());
      return views.map((v) => core.present(v, false));
    },

    async create(auth: AuthContext, body: z.output<typeof CreateTestRehearsalBodySchema>): Promise<Session> {
      const at = now();
      const row = await repo.insertSession({
        kind: 'test',
        name: body.name,
        description: body.description || null,
        public: false,
        passwordHash: await hashPassword(body.password),
        organizerId: auth.accountId,
        startsAt: at,
        maxPlayers: SESSION_MAX_PLAYERS,
        createdAt: at,
      });
      return core.present(await core.loadView(row.id), false);
    },

    async remove(id: string): Promise<void> {
      const row = await repo.findSession(id);
      if (row?.kind !== 'test') throw notFound('No such test rehearsal.');
      await core.end(id);
    },

    async join(auth: AuthContext, id: string, password: string): Promise<JoinedSession> {
      const { row } = await access.visible(auth, id, 'test');
      if (!row.passwordHash || !(await verifyPassword(row.passwordHash, password))) {
        throw new AppError(400, 'WRONG_PASSWORD', 'This password is not the rehearsal’s.', {
          fields: { password: 'wrong_password' },
        });
      }
      return core.join(row, auth.accountId, false);
    },
  };
}

export type TestRehearsalService = ReturnType<typeof createTestRehearsalService>;

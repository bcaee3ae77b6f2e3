import type { CurrentUser, PreferencesBody } from '@tutti/contract/accounts';
import type { Locale } from '@tutti/contract/common';
import type { AuthContext } from '../../platform/auth-guard.ts';
import { uniqueViolation } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { randomToken } from '../../platform/tokens.ts';
import type { AccountRow } from '../../platform/schema.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { ONLINE_WINDOW_MS } from './me.policy.ts';
import { presentCurrentUser } from './me.presenter.ts';
import type { AccountPatch, MeRepository } from './me.repository.ts';

const usernameTaken = () =>
  new AppError(409, 'USERNAME_TAKEN', 'This username is taken.', { fields: { username: 'username_taken' } });

export function createMeService(deps: {
  repo: MeRepository;
  auth: AuthService;
  now: () => Date;
  /** The storage's URL of a picture key. */
  pictureUrl: (key: string) => string;
  /** After a rotation, with the token that stopped working (the broker closes its connections). */
  onNalsTokenRotated?: (oldToken: string) => void;
}) {
  const { repo, now } = deps;
  const present = (account: AccountRow, session: AuthContext) =>
    presentCurrentUser(account, session.privileges, now(), deps.pictureUrl);
  const update = async (session: AuthContext, patch: AccountPatch) =>
    present(await repo.update(session.accountId, patch), session);

  return {
    getMe: (session: AuthContext): CurrentUser => present(session.account, session),

    /** The pending one-shot hint (see APP_START_* in the contract), or '' when there is nothing to show. */
    appStart: (session: AuthContext): Promise<string> => repo.takeAppStartHint(session.accountId),

    ping: (session: AuthContext) => repo.ping(session.accountId, now()),

    async onlineCount(): Promise<{ online: number }> {
      return { online: await repo.countOnlineSince(new Date(now().getTime() - ONLINE_WINDOW_MS)) };
    },

    async changePassword(session: AuthContext, oldPassword: string, newPassword: string): Promise<void> {
      if (!(await verifyPassword(session.account.passwordHash, oldPassword))) {
        throw new AppError(400, 'WRONG_PASSWORD', 'The current password is wrong.', {
          fields: { oldPassword: 'wrong_password' },
        });
      }
      await repo.update(session.accountId, { passwordHash: await hashPassword(newPassword) });
      // Whoever else holds a session may be the reason for the change: only this device stays signed in.
      await deps.auth.revokeSessions(session.accountId, session.deviceId);
    },

    setBirthdate: (session: AuthContext, birthdate: string) => update(session, { birthdate }),
    setLocale: (session: AuthContext, locale: Locale) => update(session, { locale }),

    async changeUsername(session: AuthContext, username: string): Promise<CurrentUser> {
      if (await repo.usernameTakenByOther(username, session.accountId)) throw usernameTaken();
      try {
        return await update(session, { username });
      } catch (e) {
        if (uniqueViolation(e) !== null) throw usernameTaken();
        throw e;
      }
    },

    async setPreferences(session: AuthContext, body: PreferencesBody): Promise<CurrentUser> {
      const patch: AccountPatch = {};
      if (body.displayedUsername !== undefined) patch.displayedUsername = body.displayedUsername || null;
      if (body.newsOptIn !== undefined) patch.newsOptIn = body.newsOptIn;
      if (body.messageEmails !== undefined) patch.messageEmails = body.messageEmails;
      if (body.publicProfile !== undefined) patch.publicProfile = body.publicProfile;
      if (body.locale !== undefined) patch.locale = body.locale;
      if (body.rotateNalsToken) patch.nalsToken = randomToken();
      if (Object.keys(patch).length === 0) return present(session.account, session);
      const user = await update(session, patch);
      if (patch.nalsToken) deps.onNalsTokenRotated?.(session.account.nalsToken);
      return user;
    },
  };
}

export type MeService = ReturnType<typeof createMeService>;

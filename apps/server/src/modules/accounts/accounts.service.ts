import { APP_START_ONBOARDING, APP_START_PASSWORD_RECOVERED } from '@tutti/contract/accounts';
import type { SignUpBody } from '@tutti/contract/accounts';
import type { FieldErrorCode } from '@tutti/contract/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Background } from '../../platform/background.ts';
import { uniqueViolation } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { AccountRow } from '../../platform/schema.ts';
import { hashToken, randomToken } from '../../platform/tokens.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { confirmationEmail, recoveryEmail } from './accounts.mail.ts';
import { asLocale, localeFromAcceptLanguage, privilegesForNewAccount } from './accounts.policy.ts';
import { lower, type AccountsRepository } from './accounts.repository.ts';

export const CONFIRMATION_TTL_MS = 7 * 24 * 3600 * 1000;
export const RECOVERY_TTL_MS = 3600 * 1000;

export const CONFIRM_PATH = '/users/validate-account';
export const RECOVER_PATH = '/users/recover-password';

/** setImmediate runs after the pending promise callbacks, among them the one that writes the answer. */
const afterResponse = () => new Promise<void>((resolve) => setImmediate(resolve));

const invalidLink = () => new AppError(400, 'INVALID_LINK', 'This link is invalid, expired or already used.');

/** 409 naming every taken field, with the code of the first (email before username). */
export function takenError(taken: { email: boolean; username: boolean }): AppError | null {
  if (!taken.email && !taken.username) return null;
  const fields: Record<string, FieldErrorCode> = {};
  if (taken.email) fields['email'] = 'email_taken';
  if (taken.username) fields['username'] = 'username_taken';
  return taken.email
    ? new AppError(409, 'EMAIL_TAKEN', 'An account already uses this email address.', { fields })
    : new AppError(409, 'USERNAME_TAKEN', 'This username is taken.', { fields });
}

export interface AccountsDeps {
  repo: AccountsRepository;
  auth: AuthService;
  mailer: Mailer;
  background: Background;
  config: Pick<AppConfig, 'publicUrl' | 'adminEmails' | 'testerEmails'>;
  log: FastifyBaseLogger;
  now: () => Date;
}

export function createAccountsService(deps: AccountsDeps) {
  const { repo, mailer, config, log, now } = deps;

  async function sendConfirmation(account: AccountRow): Promise<void> {
    const token = randomToken();
    const at = now();
    await repo.createOneTimeToken({
      accountId: account.id,
      purpose: 'confirm_email',
      tokenHash: hashToken(token),
      expiresAt: new Date(at.getTime() + CONFIRMATION_TTL_MS),
      createdAt: at,
    });
    const link = `${config.publicUrl}${CONFIRM_PATH}?token=${token}`;
    await mailer.send({
      to: account.email,
      link,
      ...confirmationEmail(asLocale(account.locale), account.username, link),
    });
    // Never the link: it signs in whoever reads the logs. The outbox mailer logs it when the outbox is the destination.
    log.info({ to: account.email }, 'confirmation email sent');
  }

  async function sendRecovery(account: AccountRow): Promise<void> {
    const token = randomToken();
    const at = now();
    await repo.createOneTimeToken({
      accountId: account.id,
      purpose: 'recover_password',
      tokenHash: hashToken(token),
      expiresAt: new Date(at.getTime() + RECOVERY_TTL_MS),
      createdAt: at,
    });
    const link = `${config.publicUrl}${RECOVER_PATH}?token=${token}`;
    await mailer.send({ to: account.email, link, ...recoveryEmail(asLocale(account.locale), account.username, link) });
    log.info({ to: account.email }, 'password recovery email sent');
  }

  return {
    async signUp(body: SignUpBody, acceptLanguage: string | undefined): Promise<{ id: string; email: string }> {
      const email = lower(body.email);
      const conflict = takenError(await repo.findTaken(email, body.username));
      if (conflict) throw conflict;
      const passwordHash = await hashPassword(body.password);
      let account: AccountRow;
      try {
        account = await repo.create({
          email,
          username: body.username,
          passwordHash,
          birthdate: body.birthdate,
          locale: body.locale ?? localeFromAcceptLanguage(acceptLanguage),
          newsOptIn: body.newsOptIn ?? false,
          nalsToken: randomToken(),
          privileges: privilegesForNewAccount(email, config.adminEmails, config.testerEmails),
          createdAt: now(),
        });
      } catch (e) {
        // Two sign-ups racing for the same name: the unique index decides, the loser gets the same 409.
        const constraint = uniqueViolation(e);
        if (constraint === null) throw e;
        throw takenError({ email: constraint.includes('email'), username: !constraint.includes('email') });
      }
      try {
        await sendConfirmation(account);
      } catch (err) {
        // The account exists either way; the confirmation step offers to send the email again.
        log.error({ err, to: email }, 'confirmation email failed');
      }
      return { id: account.id, email: account.email };
    },

    async resendConfirmation(accountId: string): Promise<void> {
      const account = await repo.findById(accountId);
      if (!account) throw notFound('No such account.');
      if (account.validatedAt) {
        throw new AppError(409, 'ACCOUNT_ALREADY_CONFIRMED', 'This email address is already confirmed.');
      }
      await sendConfirmation(account);
    },

    async validate(token: string): Promise<void> {
      const accountId = await repo.consumeOneTimeToken('confirm_email', hashToken(token), now());
      if (!accountId) throw invalidLink();
      // The first sign-in after the confirmation opens the onboarding (SPEC section 4, app-start check).
      await repo.markValidated(accountId, now(), APP_START_ONBOARDING);
    },

    /** Answers before anything depends on the address: the lookup, the token and the email all run after the
     *  answer has gone, so a known address and an unknown one take the same time (issue 10, point 11). */
    async forgotPassword(email: string): Promise<void> {
      deps.background.run('password recovery email', async () => {
        await afterResponse();
        const account = await repo.findByEmail(email);
        // An account an administrator deleted is, for its owner, already gone (issue 33): no link to it.
        if (account && account.deletionBy !== 'admin') await sendRecovery(account);
      });
    },

    async recoverPassword(token: string, password: string): Promise<void> {
      const at = now();
      // The token first: a flood of made-up tokens costs a lookup each, never an argon2 hash.
      const accountId = await repo.consumeOneTimeToken('recover_password', hashToken(token), at);
      if (!accountId) throw invalidLink();
      const passwordHash = await hashPassword(password);
      // The next app start tells the musician that every device was signed out.
      await repo.setPasswordHash(accountId, passwordHash, APP_START_PASSWORD_RECOVERED);
      await repo.expireOneTimeTokens(accountId, 'recover_password', at);
      // The link proved the mailbox, which is what confirmation proves.
      await repo.markValidated(accountId, at);
      await deps.auth.revokeSessions(accountId);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, withTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import {
  agentHeader,
  confirmEmail,
  createUser,
  getMe,
  newSerial,
  newUser,
  signIn,
  signUp,
  tokenFromEmail,
} from './support/users.ts';

type ErrorJson = {
  error: { code: string; message: string; fields?: Record<string, string>; details?: Record<string, unknown> };
};

const CONFIRM = '/users/validate-account';
const RECOVER = '/users/recover-password';
const DAY = 24 * 3600 * 1000;

describe.each(databases())('accounts on $name', (database) => {
  let t: TestApp;
  withTestApp(database, (app) => (t = app), { ADMIN_EMAILS: 'root@example.com' });

  describe('POST v1/accounts (sign-up)', () => {
    it('creates the account, lower-cases the email and sends the confirmation email', async () => {
      const user = newUser();
      const res = await call<{ id: string; email: string }>(t, 'POST', 'v1/accounts', {
        body: { ...user, email: user.email.toUpperCase() },
      });
      expect(res.status).toBe(201);
      expect(res.json).toEqual({ id: expect.any(String), email: user.email });
      const mail = t.mail.lastTo(user.email);
      expect(mail?.subject).toBe('Confirm your email address for Tutti');
      expect(mail?.text).toContain(`Hello ${user.username},`);
      expect(mail?.text).toMatch(new RegExp(`http://localhost:8080${CONFIRM}\\?token=[\\w-]{40,}`));
    });

    it('answers every validation message with its field code', async () => {
      const res = await call<ErrorJson>(t, 'POST', 'v1/accounts', {
        body: { email: 'not-an-email', password: 'short', username: 'no spaces!', birthdate: '' },
      });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: {
          email: 'invalid_email',
          password: 'password_too_short',
          username: 'username_alphanumeric',
          birthdate: 'birthdate_required',
        },
      });
    });

    it('requires every field, and checks lengths and dates', async () => {
      const missing = await call<ErrorJson>(t, 'POST', 'v1/accounts', { body: {} });
      expect(missing.json.error.fields).toEqual({
        email: 'invalid_email',
        password: 'required',
        username: 'required',
        birthdate: 'birthdate_required',
      });
      const bad = await call<ErrorJson>(t, 'POST', 'v1/accounts', {
        body: { email: `${'a'.repeat(250)}@x.io`, password: 'p'.repeat(201), username: 'a', birthdate: '2999-01-01' },
      });
      expect(bad.json.error.fields).toEqual({
        email: 'too_long',
        password: 'too_long',
        username: 'username_length',
        birthdate: 'birthdate_invalid',
      });
      const impossible = await call<ErrorJson>(t, 'POST', 'v1/accounts', {
        body: { ...newUser(), birthdate: '1990-02-30', locale: 'de' },
      });
      expect(impossible.json.error.fields).toEqual({ birthdate: 'birthdate_invalid', locale: 'invalid' });
    });

    it('refuses a taken email or username, case-insensitively, with 409', async () => {
      const first = newUser();
      await signUp(t, first);
      const sameEmail = await call<ErrorJson>(t, 'POST', 'v1/accounts', {
        body: newUser({ email: first.email.toUpperCase() }),
      });
      expect(sameEmail.status).toBe(409);
      expect(sameEmail.json.error).toMatchObject({ code: 'EMAIL_TAKEN', fields: { email: 'email_taken' } });
      const sameName = await call<ErrorJson>(t, 'POST', 'v1/accounts', {
        body: newUser({ username: first.username.toUpperCase() }),
      });
      expect(sameName.status).toBe(409);
      expect(sameName.json.error).toMatchObject({ code: 'USERNAME_TAKEN', fields: { username: 'username_taken' } });
      const both = await call<ErrorJson>(t, 'POST', 'v1/accounts', { body: first });
      expect(both.json.error).toMatchObject({
        code: 'EMAIL_TAKEN',
        fields: { email: 'email_taken', username: 'username_taken' },
      });
    });

    it('gives CORE_GUEST to everyone and CORE_ADMIN to ADMIN_EMAILS', async () => {
      const guest = await createUser(t);
      expect((await getMe(t, guest.accessToken)).privileges).toEqual(['CORE_GUEST']);
      const admin = await createUser(t, { email: 'root@example.com' });
      expect((await getMe(t, admin.accessToken)).privileges).toEqual(['CORE_ADMIN', 'CORE_GUEST']);
    });

    it('writes the email in French for a French account, the locale taken from Accept-Language', async () => {
      const user = newUser();
      const res = await call(t, 'POST', 'v1/accounts', {
        body: user,
        headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' },
      });
      expect(res.status).toBe(201);
      const mail = t.mail.lastTo(user.email);
      expect(mail?.subject).toBe('Confirmez votre adresse e-mail pour Tutti');
      expect(mail?.text).toContain(`Bonjour ${user.username},`);
      await confirmEmail(t, user.email);
      const tokens = await signIn(t, user.email, user.password);
      expect((await getMe(t, tokens.accessToken)).locale).toBe('fr');
    });

    it('keeps an explicit locale and news choice', async () => {
      const user = newUser({ locale: 'en' });
      await call(t, 'POST', 'v1/accounts', {
        body: { ...user, newsOptIn: true },
        headers: { 'accept-language': 'fr' },
      });
      await confirmEmail(t, user.email);
      const me = await getMe(t, (await signIn(t, user.email, user.password)).accessToken);
      expect(me).toMatchObject({ locale: 'en', newsOptIn: true, birthdate: user.birthdate });
    });
  });

  describe('POST v1/accounts/{id}/email (resend)', () => {
    it('sends a new confirmation email; both links work until one is used', async () => {
      const user = newUser();
      const id = await signUp(t, user);
      const firstToken = tokenFromEmail(t, user.email, CONFIRM);
      const res = await call(t, 'POST', `v1/accounts/${id}/email`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      const secondToken = tokenFromEmail(t, user.email, CONFIRM);
      expect(secondToken).not.toBe(firstToken);
      expect((await call(t, 'POST', 'v1/accounts/validate', { body: { token: firstToken } })).status).toBe(204);
    });

    it('answers 404 for an unknown account', async () => {
      const res = await call<ErrorJson>(t, 'POST', `v1/accounts/${randomUUID()}/email`);
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe('NOT_FOUND');
    });

    it('answers 409 ACCOUNT_ALREADY_CONFIRMED once confirmed', async () => {
      const user = await createUser(t);
      const res = await call<ErrorJson>(t, 'POST', `v1/accounts/${user.id}/email`);
      expect(res.status).toBe(409);
      expect(res.json.error.code).toBe('ACCOUNT_ALREADY_CONFIRMED');
    });
  });

  describe('POST v1/accounts/validate', () => {
    it('confirms the account once; the link then is INVALID_LINK', async () => {
      const user = newUser();
      await signUp(t, user);
      const token = tokenFromEmail(t, user.email, CONFIRM);
      expect((await call(t, 'POST', 'v1/accounts/validate', { body: { token } })).status).toBe(204);
      const again = await call<ErrorJson>(t, 'POST', 'v1/accounts/validate', { body: { token } });
      expect(again.status).toBe(400);
      expect(again.json.error.code).toBe('INVALID_LINK');
      await signIn(t, user.email, user.password);
    });

    it('refuses an unknown token and an expired one (7 days)', async () => {
      const unknown = await call<ErrorJson>(t, 'POST', 'v1/accounts/validate', { body: { token: 'nope' } });
      expect(unknown.status).toBe(400);
      expect(unknown.json.error.code).toBe('INVALID_LINK');
      const user = newUser();
      await signUp(t, user);
      const token = tokenFromEmail(t, user.email, CONFIRM);
      t.clock.advance(7 * DAY + 1000);
      try {
        const expired = await call<ErrorJson>(t, 'POST', 'v1/accounts/validate', { body: { token } });
        expect(expired.status).toBe(400);
        expect(expired.json.error.code).toBe('INVALID_LINK');
      } finally {
        t.clock.advance(-(7 * DAY + 1000));
      }
    });

    it('requires the token', async () => {
      const res = await call<ErrorJson>(t, 'POST', 'v1/accounts/validate', { body: { token: '' } });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { token: 'invalid' } });
      const missing = await call<ErrorJson>(t, 'POST', 'v1/accounts/validate', { body: {} });
      expect(missing.json.error.fields).toEqual({ token: 'required' });
    });
  });

  describe('POST v1/accounts/forgot-password', () => {
    it('answers 204 and emails a recovery link valid one hour', async () => {
      const user = await createUser(t);
      const res = await call(t, 'POST', 'v1/accounts/forgot-password', { body: { email: user.email.toUpperCase() } });
      expect(res.status).toBe(204);
      await t.app.tutti.background.drain();
      const mail = t.mail.lastTo(user.email);
      expect(mail?.subject).toBe('Reset your Tutti password');
      expect(tokenFromEmail(t, user.email, RECOVER)).toMatch(/^[\w-]{40,}$/);
    });

    it('answers the same 204 for an unknown address and sends nothing', async () => {
      const before = t.mail.messages.length;
      const res = await call(t, 'POST', 'v1/accounts/forgot-password', { body: { email: 'nobody@example.com' } });
      expect(res.status).toBe(204);
      await t.app.tutti.background.drain();
      expect(t.mail.messages.length).toBe(before);
    });

    it('validates the email', async () => {
      const res = await call<ErrorJson>(t, 'POST', 'v1/accounts/forgot-password', { body: { email: 'nope' } });
      expect(res.status).toBe(400);
      expect(res.json.error.fields).toEqual({ email: 'invalid_email' });
    });
  });

  describe('POST v1/accounts/recover-password', () => {
    async function recoveryToken(email: string): Promise<string> {
      await call(t, 'POST', 'v1/accounts/forgot-password', { body: { email } });
      await t.app.tutti.background.drain();
      return tokenFromEmail(t, email, RECOVER);
    }

    it('sets the new password once and signs out every device', async () => {
      const user = await createUser(t);
      const token = await recoveryToken(user.email);
      const res = await call(t, 'POST', 'v1/accounts/recover-password', { body: { token, password: 'brand new pw' } });
      expect(res.status).toBe(204);
      const revoked = await call<ErrorJson>(t, 'GET', 'v1/me', { token: user.accessToken });
      expect(revoked.status).toBe(403);
      expect(revoked.json.error.code).toBe('SESSION_REVOKED');
      const refresh = await call<ErrorJson>(t, 'POST', 'v1/auth/refresh', {
        body: { refreshToken: user.refreshToken },
      });
      expect(refresh.json.error.code).toBe('REFRESH_TOKEN_INVALID');
      const old = await call<ErrorJson>(t, 'POST', 'v1/auth', { body: { email: user.email, password: user.password } });
      expect(old.json.error.code).toBe('INVALID_CREDENTIALS');
      const again = await signIn(t, user.email, 'brand new pw');
      // The next app start explains the sign-out, once.
      const hint = await call(t, 'GET', 'v1/me/appstart', { token: again.accessToken });
      expect(hint.text).toBe('password-recovered');
      expect((await call(t, 'GET', 'v1/me/appstart', { token: again.accessToken })).text).toBe('');
      const reused = await call<ErrorJson>(t, 'POST', 'v1/accounts/recover-password', {
        body: { token, password: 'another one' },
      });
      expect(reused.status).toBe(400);
      expect(reused.json.error.code).toBe('INVALID_LINK');
    });

    it('refuses an expired link (1 hour) and an older link once a newer one was used', async () => {
      const user = await createUser(t);
      const older = await recoveryToken(user.email);
      const newer = await recoveryToken(user.email);
      expect(
        (await call(t, 'POST', 'v1/accounts/recover-password', { body: { token: newer, password: 'pw-number-1' } }))
          .status,
      ).toBe(204);
      const stale = await call<ErrorJson>(t, 'POST', 'v1/accounts/recover-password', {
        body: { token: older, password: 'pw-number-2' },
      });
      expect(stale.json.error.code).toBe('INVALID_LINK');
      const late = await recoveryToken(user.email);
      t.clock.advance(3600 * 1000 + 1000);
      try {
        const expired = await call<ErrorJson>(t, 'POST', 'v1/accounts/recover-password', {
          body: { token: late, password: 'pw-number-3' },
        });
        expect(expired.json.error.code).toBe('INVALID_LINK');
      } finally {
        t.clock.advance(-(3600 * 1000 + 1000));
      }
    });

    it('confirms an unconfirmed account, since the link proves the mailbox', async () => {
      const user = newUser();
      await signUp(t, user);
      const token = await recoveryToken(user.email);
      await call(t, 'POST', 'v1/accounts/recover-password', { body: { token, password: 'fresh password' } });
      const res = await call(t, 'POST', 'v1/auth', {
        body: { email: user.email, password: 'fresh password' },
        headers: agentHeader(newSerial()),
      });
      expect(res.status).toBe(200);
    });

    it('validates the token and the password', async () => {
      const res = await call<ErrorJson>(t, 'POST', 'v1/accounts/recover-password', {
        body: { token: '', password: 'short' },
      });
      expect(res.status).toBe(400);
      expect(res.json.error.fields).toEqual({ token: 'invalid', password: 'password_too_short' });
    });
  });
});

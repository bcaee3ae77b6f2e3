import type { CurrentUser } from '@tutti/contract/accounts';
import { describe, expect, it } from 'vitest';
import { call, withTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { createUser, getMe, signIn } from './support/users.ts';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };

/** YYYY-MM-DD of the day `years` ago, shifted by `days`. */
function yearsAgo(years: number, days = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe.each(databases())('current user on $name', (database) => {
  let t: TestApp;
  withTestApp(database, (app) => (t = app));

  describe('GET v1/me', () => {
    it('answers every field of the current user', async () => {
      const user = await createUser(t);
      const me = await getMe(t, user.accessToken);
      expect(me).toEqual({
        id: user.id,
        email: user.email,
        username: user.username,
        displayedUsername: user.username,
        profilePicture: null,
        locale: 'en',
        privileges: ['CORE_GUEST'],
        nalsToken: expect.stringMatching(/^[\w-]{40,}$/),
        audioClientSeen: false,
        eligibleToSocial: true,
        birthdate: user.birthdate,
        newsOptIn: false,
        messageEmails: true,
        publicProfile: true,
        createdAt: expect.any(String),
      } satisfies CurrentUser);
    });

    it('is not eligible to social under 13, and is from the 13th birthday', async () => {
      const young = await createUser(t, { birthdate: yearsAgo(13, 1) });
      expect((await getMe(t, young.accessToken)).eligibleToSocial).toBe(false);
      const teen = await createUser(t, { birthdate: yearsAgo(13) });
      expect((await getMe(t, teen.accessToken)).eligibleToSocial).toBe(true);
    });
  });

  describe('GET v1/me/appstart', () => {
    it('sends a newcomer to the onboarding once, on the first app start after the confirmation', async () => {
      const user = await createUser(t);
      const first = await call(t, 'GET', 'v1/me/appstart', { token: user.accessToken });
      expect(first.status).toBe(200);
      expect(first.headers['content-type']).toContain('text/plain');
      expect(first.text).toBe('nals-download-app-start');
      expect((await call(t, 'GET', 'v1/me/appstart', { token: user.accessToken })).text).toBe('');
    });

    it('refuses a guest', async () => {
      expect((await call(t, 'GET', 'v1/me/appstart')).status).toBe(401);
    });
  });

  describe('POST v1/me/ping and GET v1/metrics/accounts/online', () => {
    it('counts accounts pinged in the last 2 minutes', async () => {
      const a = await createUser(t);
      const b = await createUser(t);
      const online = async () =>
        (await call<{ online: number }>(t, 'GET', 'v1/metrics/accounts/online', { token: a.accessToken })).json.online;
      const before = await online();
      expect((await call(t, 'POST', 'v1/me/ping', { token: a.accessToken })).status).toBe(204);
      expect(await online()).toBe(before + 1);
      await call(t, 'POST', 'v1/me/ping', { token: a.accessToken });
      expect(await online()).toBe(before + 1);
      await call(t, 'POST', 'v1/me/ping', { token: b.accessToken });
      expect(await online()).toBe(before + 2);
      t.clock.advance(121 * 1000);
      try {
        // Everyone pinged before the jump is now offline.
        expect(await online()).toBe(0);
      } finally {
        t.clock.advance(-121 * 1000);
      }
    });
  });

  describe('PUT v1/me/password', () => {
    it('changes the password and signs out the other devices only', async () => {
      const user = await createUser(t);
      const other = await signIn(t, user.email, user.password);
      const res = await call(t, 'PUT', 'v1/me/password', {
        token: user.accessToken,
        body: { oldPassword: user.password, newPassword: 'new secret 1' },
      });
      expect(res.status).toBe(204);
      expect((await call(t, 'GET', 'v1/me', { token: user.accessToken })).status).toBe(200);
      expect((await call(t, 'GET', 'v1/me', { token: other.accessToken })).status).toBe(403);
      await signIn(t, user.email, 'new secret 1');
    });

    it('refuses a wrong current password with 400 WRONG_PASSWORD', async () => {
      const user = await createUser(t);
      const res = await call<ErrorJson>(t, 'PUT', 'v1/me/password', {
        token: user.accessToken,
        body: { oldPassword: 'not it at all', newPassword: 'new secret 1' },
      });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ code: 'WRONG_PASSWORD', fields: { oldPassword: 'wrong_password' } });
    });

    it('validates both fields', async () => {
      const user = await createUser(t);
      const res = await call<ErrorJson>(t, 'PUT', 'v1/me/password', {
        token: user.accessToken,
        body: { oldPassword: '', newPassword: 'short' },
      });
      expect(res.json.error.fields).toEqual({ oldPassword: 'invalid', newPassword: 'password_too_short' });
    });
  });

  describe('PUT v1/me/birthdate', () => {
    it('sets the birthdate and recomputes eligibility', async () => {
      const user = await createUser(t);
      const res = await call<CurrentUser>(t, 'PUT', 'v1/me/birthdate', {
        token: user.accessToken,
        body: { birthdate: yearsAgo(10) },
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ birthdate: yearsAgo(10), eligibleToSocial: false });
    });

    it('validates the date', async () => {
      const user = await createUser(t);
      for (const [birthdate, code] of [
        ['', 'birthdate_required'],
        ['17/05/1990', 'birthdate_invalid'],
        ['1890-01-01', 'birthdate_invalid'],
        [yearsAgo(0, 2), 'birthdate_invalid'],
      ]) {
        const res = await call<ErrorJson>(t, 'PUT', 'v1/me/birthdate', {
          token: user.accessToken,
          body: { birthdate },
        });
        expect(res.json.error.fields, birthdate).toEqual({ birthdate: code });
      }
    });
  });

  describe('PUT v1/me/locale', () => {
    it('sets the locale, which the next sign-in keeps', async () => {
      const user = await createUser(t);
      const res = await call<CurrentUser>(t, 'PUT', 'v1/me/locale', {
        token: user.accessToken,
        body: { locale: 'fr' },
      });
      expect(res.status).toBe(200);
      expect(res.json.locale).toBe('fr');
      const again = await signIn(t, user.email, user.password);
      expect((await getMe(t, again.accessToken)).locale).toBe('fr');
    });

    it('refuses a language the product does not speak', async () => {
      const user = await createUser(t);
      const res = await call<ErrorJson>(t, 'PUT', 'v1/me/locale', { token: user.accessToken, body: { locale: 'de' } });
      expect(res.status).toBe(400);
      expect(res.json.error.fields).toEqual({ locale: 'invalid' });
    });
  });

  describe('POST v1/me/username', () => {
    it('changes the username (the displayed name follows when not set)', async () => {
      const user = await createUser(t);
      const username = `${user.username}x`;
      const res = await call<CurrentUser>(t, 'POST', 'v1/me/username', { token: user.accessToken, body: { username } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ username, displayedUsername: username });
    });

    it('lets me change the case of my own name', async () => {
      const user = await createUser(t);
      const username = user.username.toUpperCase();
      const res = await call<CurrentUser>(t, 'POST', 'v1/me/username', { token: user.accessToken, body: { username } });
      expect(res.json.username).toBe(username);
    });

    it("refuses someone else's name, whatever the case, with 409 USERNAME_TAKEN", async () => {
      const user = await createUser(t);
      const other = await createUser(t);
      const res = await call<ErrorJson>(t, 'POST', 'v1/me/username', {
        token: user.accessToken,
        body: { username: other.username.toUpperCase() },
      });
      expect(res.status).toBe(409);
      expect(res.json.error).toMatchObject({ code: 'USERNAME_TAKEN', fields: { username: 'username_taken' } });
    });

    it('validates the username', async () => {
      const user = await createUser(t);
      for (const [username, code] of [
        ['with space', 'username_alphanumeric'],
        ['é', 'username_length'],
        ['a'.repeat(31), 'username_length'],
      ]) {
        const res = await call<ErrorJson>(t, 'POST', 'v1/me/username', { token: user.accessToken, body: { username } });
        expect(res.json.error.fields, username).toEqual({ username: code });
      }
    });
  });

  describe('POST v1/me/preferences', () => {
    it('sets displayed name, news, profile visibility and language; an empty name falls back', async () => {
      const user = await createUser(t);
      const res = await call<CurrentUser>(t, 'POST', 'v1/me/preferences', {
        token: user.accessToken,
        body: { displayedUsername: '  Ann the Bassist ', newsOptIn: true, publicProfile: false, locale: 'fr' },
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        displayedUsername: 'Ann the Bassist',
        newsOptIn: true,
        publicProfile: false,
        locale: 'fr',
      });
      const cleared = await call<CurrentUser>(t, 'POST', 'v1/me/preferences', {
        token: user.accessToken,
        body: { displayedUsername: '' },
      });
      expect(cleared.json).toMatchObject({ displayedUsername: user.username, newsOptIn: true, locale: 'fr' });
      const nothing = await call<CurrentUser>(t, 'POST', 'v1/me/preferences', { token: user.accessToken, body: {} });
      expect(nothing.json).toEqual(cleared.json);
    });

    it('validates the fields', async () => {
      const user = await createUser(t);
      const res = await call<ErrorJson>(t, 'POST', 'v1/me/preferences', {
        token: user.accessToken,
        body: { displayedUsername: 'x'.repeat(41), newsOptIn: 'yes', publicProfile: 1, locale: 'es' },
      });
      expect(res.status).toBe(400);
      expect(res.json.error.fields).toEqual({
        displayedUsername: 'too_long',
        newsOptIn: 'invalid',
        publicProfile: 'invalid',
        locale: 'invalid',
      });
    });
  });
});

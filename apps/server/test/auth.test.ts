import type { AuthTokens, Device } from '@tutti/contract/accounts';
import { describe, expect, it } from 'vitest';
import { call, withTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { agentHeader, createUser, newSerial, newUser, signIn, signUp } from './support/users.ts';

type ErrorJson = {
  error: { code: string; message: string; fields?: Record<string, string>; details?: Record<string, unknown> };
};

describe.each(databases())('auth on $name', (database) => {
  let t: TestApp;
  withTestApp(database, (app) => (t = app));

  describe('POST v1/auth (sign-in)', () => {
    it('answers tokens for a confirmed account, whatever the email case', async () => {
      const user = await createUser(t);
      const res = await call<AuthTokens>(t, 'POST', 'v1/auth', {
        body: { email: user.email.toUpperCase(), password: user.password },
        headers: { ...agentHeader(newSerial()), 'user-agent': 'Mozilla/5.0 Test' },
      });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        refreshToken: expect.stringMatching(/^[\w-]{40,}$/),
        expiresIn: 900,
        accountId: user.id,
      });
    });

    it('refuses a wrong password and an unknown email alike: 401 INVALID_CREDENTIALS', async () => {
      const user = await createUser(t);
      for (const body of [
        { email: user.email, password: 'wrong password' },
        { email: 'nobody-here@example.com', password: user.password },
      ]) {
        const res = await call<ErrorJson>(t, 'POST', 'v1/auth', { body, headers: agentHeader(newSerial()) });
        expect(res.status).toBe(401);
        expect(res.json.error.code).toBe('INVALID_CREDENTIALS');
      }
    });

    it('refuses an unconfirmed account with 401 ACCOUNT_NOT_CONFIRMED and its id, for the resend', async () => {
      const user = newUser();
      const id = await signUp(t, user);
      const res = await call<ErrorJson>(t, 'POST', 'v1/auth', {
        body: { email: user.email, password: user.password },
        headers: agentHeader(newSerial()),
      });
      expect(res.status).toBe(401);
      expect(res.json.error).toMatchObject({ code: 'ACCOUNT_NOT_CONFIRMED', details: { accountId: id } });
      // A wrong password must not reveal that the account exists unconfirmed.
      const wrong = await call<ErrorJson>(t, 'POST', 'v1/auth', { body: { email: user.email, password: 'nope-nope' } });
      expect(wrong.json.error.code).toBe('INVALID_CREDENTIALS');
    });

    it('validates the body', async () => {
      const res = await call<ErrorJson>(t, 'POST', 'v1/auth', { body: { email: '', password: '' } });
      expect(res.status).toBe(400);
      expect(res.json.error.fields).toEqual({ email: 'invalid', password: 'invalid' });
      const missing = await call<ErrorJson>(t, 'POST', 'v1/auth', { body: {} });
      expect(missing.json.error.fields).toEqual({ email: 'required', password: 'required' });
    });

    it('refuses a malformed agent header', async () => {
      const user = await createUser(t);
      const res = await call<ErrorJson>(t, 'POST', 'v1/auth', {
        body: { email: user.email, password: user.password },
        headers: { 'x-agent': '{"app":"x","serial":"short"}' },
      });
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { 'x-agent': 'invalid' } });
    });

    it('keys devices by serial: signing in again from one serial replaces that device', async () => {
      const user = await createUser(t);
      const again = await signIn(t, user.email, user.password, user.serial);
      const devices = await call<Device[]>(t, 'GET', 'v1/me/devices', { token: again.accessToken });
      expect(devices.json).toHaveLength(1);
      expect(devices.json[0]).toMatchObject({ app: 'tutti-web/1.0.0', current: true });
      const old = await call<ErrorJson>(t, 'GET', 'v1/me', { token: user.accessToken });
      expect(old.status).toBe(403);
      expect(old.json.error.code).toBe('SESSION_REVOKED');
    });

    it('makes a device of its own for a client without agent header', async () => {
      const user = await createUser(t);
      const res = await call<AuthTokens>(t, 'POST', 'v1/auth', {
        body: { email: user.email, password: user.password },
      });
      expect(res.status).toBe(200);
      const devices = await call<Device[]>(t, 'GET', 'v1/me/devices', { token: res.json.accessToken });
      expect(devices.json.map((d) => d.app).sort()).toEqual(['tutti-web/1.0.0', 'unknown']);
    });
  });

  describe('POST v1/auth/refresh', () => {
    it('rotates: the new pair works, the old refresh token is spent', async () => {
      const user = await createUser(t);
      const res = await call<AuthTokens>(t, 'POST', 'v1/auth/refresh', { body: { refreshToken: user.refreshToken } });
      expect(res.status).toBe(200);
      expect(res.json.refreshToken).not.toBe(user.refreshToken);
      expect(res.json.accountId).toBe(user.id);
      expect((await call(t, 'GET', 'v1/me', { token: res.json.accessToken })).status).toBe(200);
      const next = await call<AuthTokens>(t, 'POST', 'v1/auth/refresh', {
        body: { refreshToken: res.json.refreshToken },
      });
      expect(next.status).toBe(200);
    });

    it('treats a replayed refresh token as theft: 401 and the whole device is revoked', async () => {
      const user = await createUser(t);
      const rotated = await call<AuthTokens>(t, 'POST', 'v1/auth/refresh', {
        body: { refreshToken: user.refreshToken },
      });
      const replay = await call<ErrorJson>(t, 'POST', 'v1/auth/refresh', { body: { refreshToken: user.refreshToken } });
      expect(replay.status).toBe(401);
      expect(replay.json.error.code).toBe('REFRESH_TOKEN_INVALID');
      // The legitimate holder's newer tokens die too.
      const me = await call<ErrorJson>(t, 'GET', 'v1/me', { token: rotated.json.accessToken });
      expect(me.status).toBe(403);
      expect(me.json.error.code).toBe('SESSION_REVOKED');
      const newer = await call<ErrorJson>(t, 'POST', 'v1/auth/refresh', {
        body: { refreshToken: rotated.json.refreshToken },
      });
      expect(newer.status).toBe(401);
      expect(newer.json.error.code).toBe('REFRESH_TOKEN_INVALID');
      // Signing in again from that browser starts a clean device.
      const fresh = await signIn(t, user.email, user.password, user.serial);
      expect((await call(t, 'GET', 'v1/me', { token: fresh.accessToken })).status).toBe(200);
    });

    it('refuses unknown and expired refresh tokens', async () => {
      const unknown = await call<ErrorJson>(t, 'POST', 'v1/auth/refresh', { body: { refreshToken: 'made-up' } });
      expect(unknown.status).toBe(401);
      expect(unknown.json.error.code).toBe('REFRESH_TOKEN_INVALID');
      const user = await createUser(t);
      const sixtyOneDays = 61 * 24 * 3600 * 1000;
      t.clock.advance(sixtyOneDays);
      try {
        const expired = await call<ErrorJson>(t, 'POST', 'v1/auth/refresh', {
          body: { refreshToken: user.refreshToken },
        });
        expect(expired.status).toBe(401);
        expect(expired.json.error.code).toBe('REFRESH_TOKEN_INVALID');
      } finally {
        t.clock.advance(-sixtyOneDays);
      }
    });

    it('validates the body', async () => {
      const res = await call<ErrorJson>(t, 'POST', 'v1/auth/refresh', { body: { refreshToken: 42 } });
      expect(res.status).toBe(400);
      expect(res.json.error.fields).toEqual({ refreshToken: 'invalid' });
    });
  });

  describe('DELETE v1/auth (sign-out)', () => {
    it('revokes this device only', async () => {
      const user = await createUser(t);
      const other = await signIn(t, user.email, user.password);
      const res = await call(t, 'DELETE', 'v1/auth', { token: user.accessToken });
      expect(res.status).toBe(204);
      const me = await call<ErrorJson>(t, 'GET', 'v1/me', { token: user.accessToken });
      expect(me.json.error.code).toBe('SESSION_REVOKED');
      const refresh = await call<ErrorJson>(t, 'POST', 'v1/auth/refresh', {
        body: { refreshToken: user.refreshToken },
      });
      expect(refresh.json.error.code).toBe('REFRESH_TOKEN_INVALID');
      expect((await call(t, 'GET', 'v1/me', { token: other.accessToken })).status).toBe(200);
    });

    it('accepts a JSON content type without a body', async () => {
      const user = await createUser(t);
      const res = await call(t, 'DELETE', 'v1/auth', {
        token: user.accessToken,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(204);
    });
  });

  describe('access tokens', () => {
    it('expire after ACCESS_TOKEN_TTL_SECONDS: 401 TOKEN_EXPIRED, then a refresh works', async () => {
      const user = await createUser(t);
      t.clock.advance(901 * 1000);
      try {
        const res = await call<ErrorJson>(t, 'GET', 'v1/me', { token: user.accessToken });
        expect(res.status).toBe(401);
        expect(res.json.error.code).toBe('TOKEN_EXPIRED');
        const refreshed = await call<AuthTokens>(t, 'POST', 'v1/auth/refresh', {
          body: { refreshToken: user.refreshToken },
        });
        expect((await call(t, 'GET', 'v1/me', { token: refreshed.json.accessToken })).status).toBe(200);
      } finally {
        t.clock.advance(-901 * 1000);
      }
    });
  });
});

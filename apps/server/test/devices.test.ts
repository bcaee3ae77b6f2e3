import type { Device } from '@tutti/contract/accounts';
import { describe, expect, it } from 'vitest';
import { call, withTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { createUser, signIn } from './support/users.ts';

type ErrorJson = { error: { code: string; message: string } };

describe.each(databases())('devices on $name', (database) => {
  let t: TestApp;
  withTestApp(database, (app) => (t = app));

  describe('GET v1/me/devices and DELETE v1/devices/{id}', () => {
    it('lists my devices with the current one flagged', async () => {
      const user = await createUser(t);
      await signIn(t, user.email, user.password);
      const res = await call<Device[]>(t, 'GET', 'v1/me/devices', { token: user.accessToken });
      expect(res.status).toBe(200);
      expect(res.json).toHaveLength(2);
      expect(res.json.filter((d) => d.current).map((d) => d.id)).toEqual([user.deviceId]);
      expect(res.json[0]).toEqual({
        id: expect.any(String),
        app: 'tutti-web/1.0.0',
        userAgent: expect.any(String),
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        current: expect.any(Boolean),
      });
    });

    it('disconnects another of my devices at once', async () => {
      const user = await createUser(t);
      const other = await signIn(t, user.email, user.password);
      const devices = await call<Device[]>(t, 'GET', 'v1/me/devices', { token: user.accessToken });
      const otherId = devices.json.find((d) => !d.current)?.id ?? '';
      const res = await call(t, 'DELETE', `v1/devices/${otherId}`, { token: user.accessToken });
      expect(res.status).toBe(204);
      const revoked = await call<ErrorJson>(t, 'GET', 'v1/me', { token: other.accessToken });
      expect(revoked.status).toBe(403);
      expect(revoked.json.error.code).toBe('SESSION_REVOKED');
      const refresh = await call<ErrorJson>(t, 'POST', 'v1/auth/refresh', {
        body: { refreshToken: other.refreshToken },
      });
      expect(refresh.json.error.code).toBe('REFRESH_TOKEN_INVALID');
      const after = await call<Device[]>(t, 'GET', 'v1/me/devices', { token: user.accessToken });
      expect(after.json.map((d) => d.id)).toEqual([user.deviceId]);
      const again = await call<ErrorJson>(t, 'DELETE', `v1/devices/${otherId}`, { token: user.accessToken });
      expect(again.status).toBe(404);
    });

    it("answers 404 for someone else's device and leaves it alone", async () => {
      const me = await createUser(t);
      const stranger = await createUser(t);
      const res = await call<ErrorJson>(t, 'DELETE', `v1/devices/${stranger.deviceId}`, { token: me.accessToken });
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe('NOT_FOUND');
      expect((await call(t, 'GET', 'v1/me', { token: stranger.accessToken })).status).toBe(200);
    });

    it('stamps last use at most once a minute', async () => {
      const user = await createUser(t);
      const lastUsed = async () =>
        (await call<Device[]>(t, 'GET', 'v1/me/devices', { token: user.accessToken })).json[0]?.lastUsedAt ?? '';
      const first = await lastUsed();
      await t.app.tutti.background.drain();
      expect(await lastUsed()).toBe(first);
      t.clock.advance(61 * 1000);
      try {
        await call(t, 'GET', 'v1/me', { token: user.accessToken });
        await t.app.tutti.background.drain();
        expect(Date.parse(await lastUsed())).toBeGreaterThan(Date.parse(first));
      } finally {
        t.clock.advance(-61 * 1000);
      }
    });
  });
});

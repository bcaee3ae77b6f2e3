import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BUS_REVOKE_TOPIC } from '../src/platform/pubsub.ts';
import { call, startTestApp, withTestApp, type TestApp } from './support/app.ts';
import { databases, postgresDatabase } from './support/databases.ts';
import { createUser, currentDeviceId, getMe, signIn } from './support/users.ts';

type ErrorJson = { error: { code: string } };
const DATABASE_URL = process.env['TEST_DATABASE_URL'];
const MAX_DEVICES = 3;

const adminCall = (t: TestApp, token: string) => call<ErrorJson>(t, 'GET', 'v1/privileges', { token });

describe.each(databases())('privileges from ADMIN_EMAILS and TESTER_EMAILS on $name', (database) => {
  const boss = `boss-${randomBytes(4).toString('hex')}@example.com`;
  const tester = `tess-${randomBytes(4).toString('hex')}@testers.example`;
  let t: TestApp;
  withTestApp(database, (app) => (t = app), { ADMIN_EMAILS: boss, TESTER_EMAILS: '@testers.example' });

  it('an address taken off ADMIN_EMAILS loses CORE_ADMIN at its next sign-in, on its other devices at once', async () => {
    const user = await createUser(t, { email: boss });
    expect((await adminCall(t, user.accessToken)).status).toBe(200);
    expect((await getMe(t, user.accessToken)).privileges).toContain('CORE_ADMIN');
    // The operator edits the list (a restart in production; the same config object here).
    t.config.adminEmails.splice(0);
    await signIn(t, user.email, user.password);
    // The older device's access token, still valid, no longer carries the privilege.
    const refused = await adminCall(t, user.accessToken);
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('FORBIDDEN');
    expect((await getMe(t, user.accessToken)).privileges).toEqual(['CORE_GUEST']);
    // Listed again: granted again at the next sign-in.
    t.config.adminEmails.push(boss);
    await signIn(t, user.email, user.password);
    expect((await adminCall(t, user.accessToken)).status).toBe(200);
  });

  it('TESTER_EMAILS works the same way for TUTTI_MU, by address or @domain', async () => {
    const user = await createUser(t, { email: tester });
    expect((await getMe(t, user.accessToken)).privileges).toContain('TUTTI_MU');
    t.config.testerEmails.splice(0);
    await signIn(t, user.email, user.password);
    expect((await getMe(t, user.accessToken)).privileges).toEqual(['CORE_GUEST']);
    t.config.testerEmails.push('@testers.example');
  });
});

describe.skipIf(!DATABASE_URL)(
  'privileges of addresses no longer listed, at start (PostgreSQL: two starts, one database)',
  () => {
    it('are revoked when the app starts, before any sign-in', async () => {
      const database = postgresDatabase(DATABASE_URL as string);
      await database.setup();
      const boss = `boss-${randomBytes(4).toString('hex')}@example.com`;
      const first = await startTestApp(database, { ADMIN_EMAILS: boss });
      let second: TestApp | undefined;
      try {
        const user = await createUser(first, { email: boss });
        await first.close();
        second = await startTestApp(database, { ADMIN_EMAILS: 'someone-else@example.com' });
        expect((await adminCall(second, user.accessToken)).status).toBe(403);
        expect((await getMe(second, user.accessToken)).privileges).toEqual(['CORE_GUEST']);
      } finally {
        await second?.close();
        await database.teardown();
      }
    });
  },
);

describe.each(databases())('MAX_DEVICES_PER_ACCOUNT on $name', (database) => {
  let t: TestApp;
  withTestApp(database, (app) => (t = app), { MAX_DEVICES_PER_ACCOUNT: String(MAX_DEVICES) });
  const minute = 61_000;

  it('one sign-in too many revokes the least recently used device, announced like any revocation', async () => {
    const revocations: unknown[] = [];
    const stop = t.app.tutti.pubsub.onMessage((topic, data) => {
      if (topic === BUS_REVOKE_TOPIC) revocations.push(data);
    });
    try {
      const user = await createUser(t); // device 1
      t.clock.advance(minute);
      const second = await signIn(t, user.email, user.password);
      // Read before any later request could stamp its last use.
      const secondId = await currentDeviceId(t, second.accessToken);
      t.clock.advance(minute);
      const third = await signIn(t, user.email, user.password);
      t.clock.advance(minute);
      // Device 1 is used again: device 2 becomes the least recently used.
      expect((await call(t, 'GET', 'v1/me', { token: user.accessToken })).status).toBe(200);
      await t.app.tutti.background.drain();
      expect(revocations).toEqual([]);

      const fourth = await signIn(t, user.email, user.password);
      const revoked = await call<ErrorJson>(t, 'GET', 'v1/me', { token: second.accessToken });
      expect(revoked.status).toBe(403);
      expect(revoked.json.error.code).toBe('SESSION_REVOKED');
      const refresh = await call<ErrorJson>(t, 'POST', 'v1/auth/refresh', {
        body: { refreshToken: second.refreshToken },
      });
      expect(refresh.json.error.code).toBe('REFRESH_TOKEN_INVALID');
      for (const token of [user.accessToken, third.accessToken, fourth.accessToken]) {
        expect((await call(t, 'GET', 'v1/me', { token })).status).toBe(200);
      }
      const live = await call<unknown[]>(t, 'GET', 'v1/me/devices', { token: fourth.accessToken });
      expect(live.json).toHaveLength(MAX_DEVICES);
      expect(revocations).toEqual([{ deviceId: secondId }]);
    } finally {
      stop();
    }
  });

  it('signing in again on a known device replaces it and revokes nothing', async () => {
    const user = await createUser(t);
    for (let i = 0; i < MAX_DEVICES + 2; i++) await signIn(t, user.email, user.password, user.serial);
    const live = await call<unknown[]>(t, 'GET', 'v1/me/devices', {
      token: (await signIn(t, user.email, user.password, user.serial)).accessToken,
    });
    expect(live.json).toHaveLength(1);
  });
});

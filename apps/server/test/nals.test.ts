import type { Config } from '@tutti/contract/reference';
import type { NalsVersion } from '@tutti/contract/nals';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/platform/schema.ts';
import { call, startTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { createUser, type SignedInUser } from './support/users.ts';

type ErrorJson = { error: { code: string; fields?: Record<string, string> } };
const BASE = 'http://localhost:8080/downloads/nals/';

describe.each(databases())('audio client versions and downloads on $name', (database) => {
  let t: TestApp;
  let user: SignedInUser;
  let admin: SignedInUser;
  const versions = async () =>
    (await call<NalsVersion[]>(t, 'GET', 'v1/nals/versions', { token: user.accessToken })).json;
  const idOf = async (version: string) => (await versions()).find((v) => v.version === version)?.id ?? '';
  const enable = (id: string, token = admin.accessToken) =>
    call<NalsVersion & ErrorJson>(t, 'POST', `v1/nals/versions/${id}/enable`, { token });

  beforeAll(async () => {
    await database.setup();
    t = await startTestApp(database, { ADMIN_EMAILS: 'release-manager@example.com' });
    user = await createUser(t);
    admin = await createUser(t, { email: 'release-manager@example.com' });
  });
  afterAll(async () => {
    await t?.close();
    await database.teardown();
  });

  describe('GET v1/nals/versions', () => {
    it('lists the seeded releases newest first, with notes and absolute download addresses', async () => {
      const res = await call<NalsVersion[]>(t, 'GET', 'v1/nals/versions', { token: user.accessToken });
      expect(res.status).toBe(200);
      expect(res.json.map((v) => [v.version, v.enabled])).toEqual([
        ['0.11.0', true],
        ['0.10.2', false],
        ['0.9.0', false],
      ]);
      expect(res.json[0]).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        version: '0.11.0',
        releaseNotes: { en: expect.stringContaining('frame size'), fr: expect.stringContaining('trame') },
        // The emulator is one Node file for every system (migration 0006), served under the default base.
        downloads: {
          linux: `${BASE}0.11.0/tutti-nals-0.11.0.mjs`,
          windows: `${BASE}0.11.0/tutti-nals-0.11.0.mjs`,
          mac: `${BASE}0.11.0/tutti-nals-0.11.0.mjs`,
        },
        enabled: true,
        createdAt: '2026-02-02T10:00:00.000Z',
      } satisfies NalsVersion);
    });

    it('refuses a guest', async () => {
      expect((await call<ErrorJson>(t, 'GET', 'v1/nals/versions')).json.error.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('GET v1/nals/download', () => {
    it('answers the enabled release’s address for each system, as text, to anyone', async () => {
      for (const os of ['linux', 'windows', 'mac']) {
        const res = await call(t, 'GET', `v1/nals/download?os=${os}`);
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toContain('text/plain');
        expect(res.text).toBe(`${BASE}0.11.0/tutti-nals-0.11.0.mjs`);
      }
    });

    it('answers a target version’s address, enabled or not', async () => {
      const res = await call(t, 'GET', 'v1/nals/download?os=windows&target=0.9.0', { token: user.accessToken });
      expect(res.text).toBe(`${BASE}0.9.0/tutti-nals-0.9.0.mjs`);
    });

    it('refuses an unknown system or a malformed target with a field error, and an unknown target with 404', async () => {
      const cases: [string, Record<string, string>][] = [
        ['os=beos', { os: 'invalid' }],
        ['', { os: 'required' }],
        ['os=linux&target=latest', { target: 'invalid' }],
      ];
      for (const [query, fields] of cases) {
        const res = await call<ErrorJson>(t, 'GET', `v1/nals/download?${query}`);
        expect(res.status, query).toBe(400);
        expect(res.json.error).toEqual(expect.objectContaining({ code: 'VALIDATION_FAILED', fields }));
      }
      const unknown = await call<ErrorJson>(t, 'GET', 'v1/nals/download?os=mac&target=9.9.9');
      expect(unknown.status).toBe(404);
      expect(unknown.json.error.code).toBe('NOT_FOUND');
    });
  });

  describe('POST v1/nals/versions/{id}/enable', () => {
    it('makes the release the reference version and disables the previous one', async () => {
      const res = await enable(await idOf('0.10.2'));
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ version: '0.10.2', enabled: true });
      expect((await versions()).filter((v) => v.enabled).map((v) => v.version)).toEqual(['0.10.2']);
      expect((await call<Config>(t, 'GET', 'v1/config')).json.nalsRefVersion).toBe('0.10.2');
      expect((await call(t, 'GET', 'v1/nals/download?os=linux')).text).toContain('/0.10.2/');
      // Enabling it again changes nothing.
      expect((await enable(await idOf('0.10.2'))).status).toBe(200);
    });

    it('leaves exactly one release enabled when two admins enable different ones at once', async () => {
      const [a, b] = await Promise.all([enable(await idOf('0.9.0')), enable(await idOf('0.11.0'))]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const enabled = (await versions()).filter((v) => v.enabled);
      expect(enabled).toHaveLength(1);
      expect((await call<Config>(t, 'GET', 'v1/config')).json.nalsRefVersion).toBe(enabled[0]?.version);
      await enable(await idOf('0.11.0'));
    });

    it('is for administrators only: 403 FORBIDDEN for a musician, 401 without a token', async () => {
      const id = await idOf('0.9.0');
      const forbidden = await enable(id, user.accessToken);
      expect(forbidden.status).toBe(403);
      expect(forbidden.json.error.code).toBe('FORBIDDEN');
      expect((await call<ErrorJson>(t, 'POST', `v1/nals/versions/${id}/enable`)).status).toBe(401);
      expect((await versions()).find((v) => v.enabled)?.version).toBe('0.11.0');
    });

    it('answers 404 for an unknown release', async () => {
      const res = await enable('00000000-0000-4000-8000-000000000000');
      expect(res.status).toBe(404);
      expect(res.json.error.code).toBe('NOT_FOUND');
    });
  });

  describe('POST v1/me/app-downloaded', () => {
    it('records when the user downloaded the audio client', async () => {
      const before = Date.now();
      const res = await call(t, 'POST', 'v1/me/app-downloaded', { token: user.accessToken });
      expect(res.status).toBe(204);
      const [row] = await t.app.tutti.database.db
        .select({ at: accounts.appDownloadedAt })
        .from(accounts)
        .where(eq(accounts.id, user.id));
      expect(row?.at?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    });

    it('refuses a guest', async () => {
      expect((await call(t, 'POST', 'v1/me/app-downloaded')).status).toBe(401);
    });
  });
});

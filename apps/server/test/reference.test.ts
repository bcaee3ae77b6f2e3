import type { Config, Country, MusicSkill, MusicStyle, Privilege, SocialNetwork } from '@tutti/contract/reference';
import { describe, expect, it } from 'vitest';
import { nalsVersions } from '../src/platform/schema.ts';
import { call, withTestApp, type TestApp } from './support/app.ts';
import { databases } from './support/databases.ts';
import { createUser, getMe } from './support/users.ts';

type ErrorJson = { error: { code: string } };

describe.each(databases())('reference endpoints on $name', (database) => {
  let t: TestApp;
  withTestApp(database, (app) => (t = app), { ADMIN_EMAILS: 'boss@example.com, Chief@Example.com' });

  describe('GET v1/health', () => {
    it('answers OK as text when the database answers', async () => {
      const res = await call(t, 'GET', 'v1/health');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.text).toBe('OK');
    });
  });

  describe('GET v1/config', () => {
    it('answers the defaults, with or without current=true', async () => {
      for (const query of ['?current=true', '']) {
        const res = await call<Config>(t, 'GET', `v1/config${query}`);
        expect(res.status).toBe(200);
        expect(res.json).toEqual({
          queueHost: 'ws://localhost:8083',
          busHost: 'ws://localhost:8080/bus',
          nalsRefVersion: '0.11.0',
          landingUrl: 'http://localhost:8080',
          analytics: { datadog: null, matomoID: null, matomoUrl: null },
        });
      }
    });

    it('refuses an unknown value of current', async () => {
      const res = await call<{ error: { code: string; fields: Record<string, string> } }>(
        t,
        'GET',
        'v1/config?current=maybe',
      );
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { current: 'invalid' } });
    });
  });

  describe('GET v1/system', () => {
    type System = { version?: string; serverTime: string; startedAt?: string; database?: string; bus?: string };

    it('tells anyone the server time only, whatever token comes with the request', async () => {
      const user = await createUser(t);
      for (const token of [undefined, user.accessToken, 'not-a-token']) {
        const res = await call<System>(t, 'GET', 'v1/system', { ...(token && { token }) });
        expect(res.status).toBe(200);
        expect(Object.keys(res.json)).toEqual(['serverTime']);
        expect(Date.parse(res.json.serverTime)).not.toBeNaN();
      }
    });

    it('names the version, the start time and the engines to an administrator', async () => {
      const admin = await createUser(t, { email: 'boss@example.com' });
      const res = await call<System>(t, 'GET', 'v1/system', { token: admin.accessToken });
      expect(res.status).toBe(200);
      expect(res.json.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(res.json.database).toBe(database.name);
      expect(res.json.bus).toBe('memory');
      expect(Date.parse(res.json.serverTime)).toBeGreaterThanOrEqual(Date.parse(res.json.startedAt ?? ''));
    });
  });

  describe('GET v1/config/countries', () => {
    it('lists the 249 ISO 3166-1 countries in English and French', async () => {
      const res = await call<Country[]>(t, 'GET', 'v1/config/countries');
      expect(res.status).toBe(200);
      expect(res.json).toHaveLength(249);
      expect(res.json.find((c) => c.code === 'DE')?.name).toEqual({ en: 'Germany', fr: 'Allemagne' });
      expect(res.json.find((c) => c.code === 'CI')?.name.fr).toContain('Côte');
      expect(res.json.some((c) => c.code === 'EU' || c.code === 'XK')).toBe(false);
    });
  });

  describe('GET v1/config/social-networks', () => {
    it('lists the networks with their URL prefixes', async () => {
      const res = await call<SocialNetwork[]>(t, 'GET', 'v1/config/social-networks');
      expect(res.status).toBe(200);
      expect(res.json.map((n) => n.name)).toEqual([
        'Facebook',
        'Instagram',
        'YouTube',
        'SoundCloud',
        'Spotify',
        'Bandcamp',
        'TikTok',
        'X',
        'Website',
      ]);
      expect(res.json.every((n) => n.urlPrefix.startsWith('https://'))).toBe(true);
    });
  });

  describe('GET v1/music-styles', () => {
    it('lists about twenty styles in English and French', async () => {
      const res = await call<MusicStyle[]>(t, 'GET', 'v1/music-styles');
      expect(res.status).toBe(200);
      expect(res.json.length).toBeGreaterThanOrEqual(20);
      expect(res.json.find((s) => s.id === 'classical')?.name).toEqual({ en: 'Classical', fr: 'Classique' });
    });
  });

  describe('GET v1/music-skills', () => {
    it('lists all, beginner, medium and expert by rank', async () => {
      const res = await call<MusicSkill[]>(t, 'GET', 'v1/music-skills');
      expect(res.status).toBe(200);
      expect(res.json.map((s) => [s.id, s.rank])).toEqual([
        ['all', 0],
        ['beginner', 1],
        ['medium', 2],
        ['expert', 3],
      ]);
      expect(res.json[1]?.name).toEqual({ en: 'Beginner', fr: 'Débutant' });
    });
  });

  describe('GET v1/privileges', () => {
    it('is for admins only: 403 FORBIDDEN for a signed-in user', async () => {
      const user = await createUser(t);
      const res = await call<ErrorJson>(t, 'GET', 'v1/privileges', { token: user.accessToken });
      expect(res.status).toBe(403);
      expect(res.json.error.code).toBe('FORBIDDEN');
    });

    it('lists the roles for an account listed in ADMIN_EMAILS (any case)', async () => {
      const admin = await createUser(t, { email: 'chief@example.com' });
      expect((await getMe(t, admin.accessToken)).privileges).toEqual(['CORE_ADMIN', 'CORE_GUEST']);
      const res = await call<Privilege[]>(t, 'GET', 'v1/privileges', { token: admin.accessToken });
      expect(res.status).toBe(200);
      expect(res.json.map((p) => p.name)).toEqual(['CORE_ADMIN', 'CORE_GUEST', 'TUTTI_MU']);
      expect(res.json.every((p) => p.description.length > 0)).toBe(true);
    });
  });
});

describe.each(databases())('reference endpoints with custom configuration on $name', (database) => {
  let t: TestApp;
  withTestApp(database, (app) => (t = app), {
    PUBLIC_URL: 'https://tutti.example.org/',
    QUEUE_HOST: 'wss://mqtt.example.org:8084',
    NALS_REF_VERSION: '1.2.3',
    LANDING_URL: 'https://www.example.org',
    DATADOG_CLIENT_TOKEN: 'dd-token',
    MATOMO_ID: '7',
    MATOMO_URL: 'https://matomo.example.org',
  });

  it('answers the configured values, the bus derived from PUBLIC_URL', async () => {
    const res = await call<Config>(t, 'GET', 'v1/config?current=true');
    expect(res.json).toEqual({
      queueHost: 'wss://mqtt.example.org:8084',
      busHost: 'wss://tutti.example.org/bus',
      // The enabled release wins over NALS_REF_VERSION.
      nalsRefVersion: '0.11.0',
      landingUrl: 'https://www.example.org',
      analytics: { datadog: 'dd-token', matomoID: '7', matomoUrl: 'https://matomo.example.org' },
    });
  });

  it('falls back to NALS_REF_VERSION while no release is enabled', async () => {
    await t.app.tutti.database.db.update(nalsVersions).set({ enabled: false });
    const res = await call<Config>(t, 'GET', 'v1/config');
    expect(res.json.nalsRefVersion).toBe('1.2.3');
  });

  it('allows the analytics origin in the Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self' https://matomo.example.org");
  });

  it('answers 503 with text when the database is down', async () => {
    await t.app.tutti.database.close();
    const res = await call(t, 'GET', 'v1/health');
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.text).toBe('Database unavailable');
  });
});

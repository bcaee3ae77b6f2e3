import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, deriveBusHost, loadConfig, REPO_ROOT } from './config.ts';

describe('loadConfig', () => {
  it('applies the embedded defaults with no environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      dataDir: join(REPO_ROOT, 'data'),
      database: { kind: 'pglite', dataDir: join(REPO_ROOT, 'data', 'db') },
      mail: { dir: join(REPO_ROOT, 'data', 'mail'), smtpUrl: null, from: 'Tutti <no-reply@tutti.local>' },
      jwtSecret: null,
      accessTokenTtlSeconds: 900,
      rateLimitAuthMax: 10,
      adminEmails: [],
      webDist: join(REPO_ROOT, 'apps', 'web', 'dist'),
      landingUrl: 'http://localhost:8080',
      nalsRefVersion: '0.11.0',
      queueHost: 'ws://localhost:8083',
      busHost: 'ws://localhost:8080/bus',
      analytics: { datadog: null, matomoID: null, matomoUrl: null },
      logLevel: 'info',
      bodyLimitBytes: 65536,
    });
  });

  it('resolves relative paths against the repository root, whatever the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'var/tutti', MAIL_DIR: 'outbox', WEB_DIST: '/srv/web' });
    expect(config.dataDir).toBe(join(REPO_ROOT, 'var', 'tutti'));
    expect(config.mail.dir).toBe(join(REPO_ROOT, 'outbox'));
    expect(config.webDist).toBe('/srv/web');
  });

  it('switches to PostgreSQL and SMTP when their URLs are set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/tutti', SMTP_URL: 'smtp://mail:25' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/tutti' });
    expect(config.mail.smtpUrl).toBe('smtp://mail:25');
  });

  it('parses numbers, lists and the public URL', () => {
    const config = loadConfig({
      PORT: '9000',
      PUBLIC_URL: 'https://tutti.example.org/',
      ADMIN_EMAILS: ' Boss@Example.com ,, ops@example.com',
      RATE_LIMIT_AUTH_MAX: '3',
      BODY_LIMIT_BYTES: '1024',
    });
    expect(config).toMatchObject({
      port: 9000,
      publicUrl: 'https://tutti.example.org',
      busHost: 'wss://tutti.example.org/bus',
      adminEmails: ['boss@example.com', 'ops@example.com'],
      rateLimitAuthMax: 3,
      bodyLimitBytes: 1024,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', JWT_SECRET: '' })).toMatchObject({
      port: 8080,
      database: { kind: 'pglite' },
      jwtSecret: null,
    });
  });

  it('refuses invalid values with a message naming them', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET needs at least 32 characters/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ RATE_LIMIT_AUTH_MAX: '0' })).toThrow(/RATE_LIMIT_AUTH_MAX/);
  });
});

describe('deriveBusHost', () => {
  it('uses ws for http and wss for https, on the same host', () => {
    expect(deriveBusHost('http://localhost:8080')).toBe('ws://localhost:8080/bus');
    expect(deriveBusHost('https://tutti.example.org')).toBe('wss://tutti.example.org/bus');
  });
});

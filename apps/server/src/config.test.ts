import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, deriveBusHost, deriveQueueHost, loadConfig, REPO_ROOT } from './config.ts';

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
      testerEmails: [],
      webDist: join(REPO_ROOT, 'apps', 'web', 'dist'),
      landingUrl: 'http://localhost:8080',
      nalsRefVersion: '0.11.0',
      queueHost: null,
      busHost: 'ws://localhost:8080/bus',
      analytics: { datadog: null, matomoID: null, matomoUrl: null },
      logLevel: 'info',
      bodyLimitBytes: 65536,
      broker: { enabled: true, port: 8083, tls: null, hookSecret: null },
      room: {
        serverUrl: null,
        udpPort: 7400,
        httpPort: 7401,
        publicHost: '127.0.0.1',
        bindHost: '0.0.0.0',
        secret: null,
        capacity: 64,
      },
      nalsDownloadBaseUrl: 'http://localhost:8080/downloads/nals/',
    });
  });

  it('configures the broker: port 8084 with TLS, 0 for a free port, the public URL as queueHost', () => {
    const tls = loadConfig({ BROKER_TLS_CERT: 'certs/broker.pem', BROKER_TLS_KEY: '/etc/tutti/broker.key' });
    expect(tls.broker).toMatchObject({
      enabled: true,
      port: 8084,
      tls: { certFile: join(REPO_ROOT, 'certs', 'broker.pem'), keyFile: '/etc/tutti/broker.key' },
      hookSecret: null,
    });
    const custom = loadConfig({
      BROKER_ENABLED: 'false',
      BROKER_PORT: '0',
      BROKER_PUBLIC_URL: 'wss://mqtt.example.org',
      BROKER_HOOK_SECRET: 'hook-secret',
    });
    expect(custom.broker).toMatchObject({ enabled: false, port: 0, hookSecret: 'hook-secret' });
    expect(custom.queueHost).toBe('wss://mqtt.example.org');
    // The older name still works.
    expect(loadConfig({ QUEUE_HOST: 'ws://mq:8083' }).queueHost).toBe('ws://mq:8083');
    expect(() => loadConfig({ BROKER_TLS_CERT: 'only-the-cert.pem' })).toThrow(/BROKER_TLS_CERT and BROKER_TLS_KEY/);
    expect(() => loadConfig({ BROKER_ENABLED: 'maybe' })).toThrow(/BROKER_ENABLED/);
    expect(() => loadConfig({ BROKER_PORT: '70000' })).toThrow(/BROKER_PORT/);
  });

  it('follows PORT and HOST when PUBLIC_URL is unset: links, the bus, the broker and the downloads', () => {
    const moved = loadConfig({ PORT: '38080' });
    expect(moved).toMatchObject({
      publicUrl: 'http://localhost:38080',
      landingUrl: 'http://localhost:38080',
      busHost: 'ws://localhost:38080/bus',
      deploymentId: 'localhost:38080',
      broker: { port: 38083 },
      nalsDownloadBaseUrl: 'http://localhost:38080/downloads/nals/',
    });
    expect(loadConfig({ PORT: '38080', BROKER_TLS_CERT: 'c.pem', BROKER_TLS_KEY: 'k.pem' }).broker.port).toBe(38084);
    expect(loadConfig({ PORT: '38080', HOST: '127.0.0.1' }).publicUrl).toBe('http://127.0.0.1:38080');
    expect(loadConfig({ PORT: '38080', HOST: '::1' }).publicUrl).toBe('http://[::1]:38080');
    expect(loadConfig({ PORT: '38080', HOST: '::' }).publicUrl).toBe('http://localhost:38080');
    // Set, they win over what PORT implies.
    const set = loadConfig({ PORT: '3000', PUBLIC_URL: 'https://tutti.example.org', BROKER_PORT: '8083' });
    expect(set).toMatchObject({ publicUrl: 'https://tutti.example.org', broker: { port: 8083 } });
  });

  it('puts the broker on a free port when the server takes one (PORT=0) or when PORT + 3 is past the last port', () => {
    expect(loadConfig({ PORT: '0' }).broker.port).toBe(0);
    expect(loadConfig({ PORT: '65533' }).broker.port).toBe(0);
  });

  it('limits bus and broker connections by default, names the Redis channel by deployment, and takes overrides', () => {
    const defaults = loadConfig({ PUBLIC_URL: 'https://tutti.example.org' });
    expect(defaults.deploymentId).toBe('tutti.example.org');
    expect(defaults.busLimits).toEqual({
      maxConnectionsPerAccount: 20,
      maxConnectionsPerAddress: 200,
      authTimeoutMs: 5000,
      commandBurst: 200,
      commandsPerSecond: 20,
      reverifyIntervalMs: 60_000,
    });
    expect(defaults.broker.limits).toEqual({
      maxConnectionsPerAddress: 200,
      maxConnectionsPerToken: 10,
      connectTimeoutMs: 5000,
    });
    const custom = loadConfig({
      DEPLOYMENT_ID: 'staging',
      BUS_MAX_CONNECTIONS_PER_ACCOUNT: '5',
      BROKER_MAX_CONNECTIONS_PER_TOKEN: '3',
    });
    expect(custom.deploymentId).toBe('staging');
    expect(custom.busLimits.maxConnectionsPerAccount).toBe(5);
    expect(custom.broker.limits.maxConnectionsPerToken).toBe(3);
    expect(() => loadConfig({ DEPLOYMENT_ID: 'two words' })).toThrow(/DEPLOYMENT_ID/);
    expect(() => loadConfig({ BUS_COMMAND_BURST: '0' })).toThrow(/BUS_COMMAND_BURST/);
  });

  it('configures the room server and the download base URL', () => {
    const config = loadConfig({
      ROOM_SERVER_URL: 'http://rooms.internal:7401/',
      ROOM_UDP_PORT: '9400',
      ROOM_HTTP_PORT: '9401',
      ROOM_PUBLIC_HOST: 'rooms.example.org',
      ROOM_SECRET: 'a-room-secret-of-some-length',
      ROOM_CAPACITY: '200',
      NALS_DOWNLOAD_BASE_URL: 'https://cdn.example.org/nals',
    });
    expect(config.room).toEqual({
      serverUrl: 'http://rooms.internal:7401',
      udpPort: 9400,
      httpPort: 9401,
      publicHost: 'rooms.example.org',
      bindHost: '0.0.0.0',
      secret: 'a-room-secret-of-some-length',
      capacity: 200,
    });
    expect(config.nalsDownloadBaseUrl).toBe('https://cdn.example.org/nals/');
    // The child room server listens where the API does unless told otherwise (UDP may need to face outwards).
    expect(loadConfig({ HOST: '127.0.0.1' }).room.bindHost).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '127.0.0.1', ROOM_BIND_HOST: '0.0.0.0' }).room.bindHost).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::1' }).room.bindHost).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '::' }).room.bindHost).toBe('0.0.0.0');
    expect(() => loadConfig({ ROOM_SECRET: 'short' })).toThrow(/ROOM_SECRET needs at least 16 characters/);
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

  it('stores uploads in DATA_DIR/uploads, or in the S3 bucket S3_BUCKET names with its settings', () => {
    expect(loadConfig({ DATA_DIR: '/srv/tutti' }).storage).toEqual({ driver: 'disk', dir: '/srv/tutti/uploads' });
    expect(
      loadConfig({
        S3_BUCKET: 'tutti-uploads',
        S3_ENDPOINT: 'https://minio.example.org:9000/',
        S3_REGION: 'eu-west-3',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: 'https://cdn.example.org/tutti/',
      }).storage,
    ).toEqual({
      driver: 's3',
      endpoint: 'https://minio.example.org:9000',
      region: 'eu-west-3',
      bucket: 'tutti-uploads',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.org/tutti',
    });
    // AWS itself: the region's endpoint, the SDK's own credentials (instance role…), virtual-hosted buckets.
    expect(loadConfig({ S3_BUCKET: 'b' }).storage).toEqual({
      driver: 's3',
      endpoint: null,
      region: 'us-east-1',
      bucket: 'b',
      credentials: null,
      forcePathStyle: false,
      publicUrl: null,
    });
  });

  it('refuses S3 settings without a bucket, and a key without its secret', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET: required with the other S3_ settings/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_PUBLIC_URL: 'cdn' })).toThrow(/S3_PUBLIC_URL/);
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

describe('deriveQueueHost', () => {
  it('names the public host on the broker port, wss with TLS', () => {
    expect(deriveQueueHost('http://localhost:8080', 8083, false)).toBe('ws://localhost:8083');
    expect(deriveQueueHost('https://tutti.example.org', 8084, true)).toBe('wss://tutti.example.org:8084');
  });
});

describe('deriveBusHost', () => {
  it('uses ws for http and wss for https, on the same host', () => {
    expect(deriveBusHost('http://localhost:8080')).toBe('ws://localhost:8080/bus');
    expect(deriveBusHost('https://tutti.example.org')).toBe('wss://tutti.example.org/bus');
  });
});

// Issue 29: the offer a fresh install starts with, and invoices an accountant accepts.
describe('loadConfig: the default offer and what invoices state', () => {
  const live = {
    STRIPE_SECRET_KEY: 'sk_live_abc',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  };
  const seller = {
    SELLER_NAME: 'Tutti SAS',
    SELLER_ADDRESS: '1 rue de la Paix\\n75002 Paris',
    SELLER_REGISTRATION_NUMBER: 'RCS Paris 123 456 789',
  };

  it('seeds a monthly offer with a 14-day trial by default, none with DEFAULT_OFFER=off', () => {
    expect(loadConfig({}).defaultOffer).toEqual({
      name: { en: 'Tutti Unlimited', fr: 'Tutti Illimité' },
      priceCents: 999,
      trialDays: 14,
    });
    expect(loadConfig({ DEFAULT_OFFER_TRIAL_DAYS: '0' }).defaultOffer?.trialDays).toBeNull();
    expect(loadConfig({ DEFAULT_OFFER: 'off' }).defaultOffer).toBeNull();
  });

  it('prints 20 % VAT by default, the configured rate, or the exemption mention instead', () => {
    expect(loadConfig({}).payments).toMatchObject({
      seller: { name: 'Tutti', address: '', registrationNumber: null, vatNumber: null },
      vat: { rateBp: 2000 },
    });
    expect(loadConfig({ VAT_RATE: '5.5' }).payments.vat).toEqual({ rateBp: 550 });
    expect(loadConfig({ VAT_EXEMPTION: 'TVA non applicable, art. 293 B du CGI' }).payments.vat).toEqual({
      exemption: { fr: 'TVA non applicable, art. 293 B du CGI', en: 'TVA non applicable, art. 293 B du CGI' },
    });
    expect(() => loadConfig({ VAT_RATE: '20', VAT_EXEMPTION: 'none' })).toThrow(/VAT_EXEMPTION/);
    expect(() => loadConfig({ VAT_RATE: '120' })).toThrow(/VAT_RATE/);
  });

  it('refuses to start with live Stripe keys and no seller identity, naming what is missing', () => {
    expect(() => loadConfig(live)).toThrow(ConfigError);
    expect(() => loadConfig(live)).toThrow(
      /SELLER_NAME: required with live Stripe keys.*SELLER_ADDRESS.*SELLER_REGISTRATION_NUMBER.*SELLER_VAT_NUMBER/,
    );
    expect(() => loadConfig({ ...live, ...seller })).toThrow(/SELLER_VAT_NUMBER: .*VAT_EXEMPTION/);
    expect(loadConfig({ ...live, ...seller, SELLER_VAT_NUMBER: 'FR12123456789' }).payments).toMatchObject({
      provider: { kind: 'stripe' },
      seller: {
        name: 'Tutti SAS',
        address: '1 rue de la Paix\n75002 Paris',
        registrationNumber: 'RCS Paris 123 456 789',
        vatNumber: 'FR12123456789',
      },
    });
    // Without VAT, the exemption mention stands in for the VAT number.
    expect(loadConfig({ ...live, ...seller, VAT_EXEMPTION: 'TVA non applicable' }).payments.seller.vatNumber).toBe(
      null,
    );
    // Test keys take no real money: the sandbox's defaults do.
    expect(loadConfig({ ...live, STRIPE_SECRET_KEY: 'sk_test_abc' }).payments.seller.name).toBe('Tutti');
  });
});

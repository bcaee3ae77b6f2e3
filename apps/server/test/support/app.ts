import { afterAll, beforeAll } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { buildApp, type AppOverrides } from '../../src/app.ts';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import { createMemoryMailer, type MemoryMailer } from '../../src/platform/mail.ts';
import type { TestDatabase } from './databases.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
export const TEST_INDEX_HTML =
  '<!doctype html><html><head><title>Tutti</title></head><body><div id="root"></div></body></html>';

/** A clock tests can move forward (token and link expiry) without waiting. */
export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  mail: MemoryMailer;
  clock: TestClock;
  dataDir: string;
  close(): Promise<void>;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  /** Parsed JSON, or undefined when the body is not JSON. */
  json: T;
}

/** For a suite: sets the database up and starts the app before its tests (handing it over through `use`), closes
 *  both after them. */
export function withTestApp(database: TestDatabase, use: (app: TestApp) => void, env?: Record<string, string>): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    await database.setup();
    t = await startTestApp(database, env);
    use(t);
  });
  afterAll(async () => {
    await t?.close();
    await database.teardown();
  });
}

/** Builds the real app on a test database: temp DATA_DIR (with a small web build), in-memory mail, a movable
 *  clock, silent logs, an auth rate limit high enough not to interfere (set RATE_LIMIT_AUTH_MAX to test it), the
 *  sample cities, no broker (set BROKER_ENABLED=true and BROKER_PORT=0 to test it), and no default offer (set
 *  DEFAULT_OFFER=on to seed it). */
export async function startTestApp(
  database: TestDatabase,
  env: Record<string, string> = {},
  /** logger: capture the app's logs; configuredMailer: the outbox or SMTP of the config instead of memory;
   *  limits, pubsub: what the app would otherwise make itself (a limiter on a shared Redis under a unique prefix). */
  options: { logger?: FastifyBaseLogger; configuredMailer?: boolean } & Pick<
    AppOverrides,
    'limits' | 'pubsub' | 'paymentProvider'
  > = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tutti-test-'));
  const webDist = join(dataDir, 'web');
  mkdirSync(webDist, { recursive: true });
  writeFileSync(join(webDist, 'index.html'), TEST_INDEX_HTML);
  writeFileSync(join(webDist, 'config.json'), JSON.stringify({ api_url: '/api/', landing_url: 'http://localhost' }));
  writeFileSync(join(webDist, 'version.json'), JSON.stringify({ version: '1.0.0', buildTime: '2026-01-01T00:00:00Z' }));
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_AUTH_MAX: '10000',
    RATE_LIMIT_ACCOUNT_MAX: '10000',
    // Suites that test the broker turn it on, on a free port; the others leave 8083 alone.
    BROKER_ENABLED: 'false',
    // A few real cities (docs/decisions/0029), loaded in milliseconds: the GeoNames package takes a while.
    PLACES_DATASET: 'sample',
    // Suites make the products they test; the offer a fresh install seeds has its own (default-offer.test.ts).
    DEFAULT_OFFER: 'off',
    ...env,
  });
  let offset = 0;
  const clock: TestClock = { now: () => new Date(Date.now() + offset), advance: (ms) => void (offset += ms) };
  const mail = createMemoryMailer();
  const { logger, configuredMailer, ...overrides } = options;
  const app = await buildApp(config, {
    ...overrides,
    database: await database.open(),
    now: clock.now,
    ...(!configuredMailer && { mailer: mail }),
    ...(logger && { logger }),
  });
  try {
    await app.ready();
  } catch (e) {
    await app.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  return {
    app,
    config,
    mail,
    clock,
    dataDir,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is (malformed JSON, oversized bodies). */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
  /** The socket's peer address (a client, or the proxy in front of it); inject's default otherwise. */
  from?: string;
}

/** One API call through inject; `url` is relative to /api/ (as in the contract). */
export async function call<T = unknown>(
  t: TestApp,
  method: InjectOptions['method'],
  url: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  let payload: string | undefined;
  if (options.rawBody !== undefined) payload = options.rawBody;
  else if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  const res = await t.app.inject({
    method,
    url: `/api/${url}`,
    headers,
    ...(options.from !== undefined && { remoteAddress: options.from }),
    ...(payload !== undefined && { payload }),
  });
  let json: unknown;
  try {
    json = JSON.parse(res.body);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, text: res.body, json: json as T };
}

/** An access token signed with the app's secret but expired a minute ago. */
export async function expiredToken(t: TestApp, accountId: string, deviceId: string): Promise<string> {
  const now = Math.floor(t.clock.now().getTime() / 1000);
  return new SignJWT({ did: deviceId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(accountId)
    .setIssuedAt(now - 1000)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
}

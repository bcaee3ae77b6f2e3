import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REALTIME_DELAY_LIMIT_MS_DEFAULT } from '@tutti/contract/places';
import { DEFAULT_FREE_MINUTES_PER_MONTH, DEFAULT_SESSION_EMPTY_GRACE_MS } from '@tutti/contract/sessions';
import { z } from 'zod';
import { ConfigError } from './config-error.ts';
import { emptyAsUndefined, flag, optionalString, optionalUrl, portNumber, positiveInt } from './env.ts';
import {
  PAYMENTS_ENV,
  paymentsConfig,
  paymentsEnvProblems,
  type PaymentsConfig,
} from './modules/subscriptions/payments/payments.config.ts';
import {
  DEFAULT_OFFER_ENV,
  defaultOfferConfig,
  type DefaultOfferConfig,
} from './modules/subscriptions/default-offer.ts';
import { parseTrustProxy, type TrustProxy } from './platform/trust-proxy.ts';
import { STORAGE_ENV, storageConfig, storageEnvProblems, type StorageConfig } from './platform/storage/config.ts';

/** Relative paths resolve against the repository root, so `npm start -w @tutti/server` (cwd apps/server) and a
 *  start from the root share one data folder. */
export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const EnvSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(8080)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  // Unset: the address the server listens on (listenUrl), so that links and the bus follow PORT.
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('data')),
  DATABASE_URL: optionalUrl,
  MAIL_DIR: optionalString,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('Tutti <no-reply@tutti.local>')),
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'JWT_SECRET needs at least 32 characters').optional()),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt(900),
  RATE_LIMIT_AUTH_MAX: positiveInt(10),
  RATE_LIMIT_ACCOUNT_MAX: positiveInt(30),
  RATE_LIMIT_PASSWORD_MAX: positiveInt(10),
  MAX_DEVICES_PER_ACCOUNT: positiveInt(20),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().default('false')),
  ADMIN_EMAILS: z.preprocess(emptyAsUndefined, z.string().default('')),
  TESTER_EMAILS: z.preprocess(emptyAsUndefined, z.string().default('')),
  WEB_DIST: z.preprocess(emptyAsUndefined, z.string().default('apps/web/dist')),
  LANDING_URL: optionalString,
  NALS_REF_VERSION: z.preprocess(emptyAsUndefined, z.string().default('0.11.0')),
  QUEUE_HOST: optionalString,
  BUS_HOST: optionalString,
  REDIS_URL: optionalUrl,
  // Connection limits of the live bus and the embedded broker, and what keeps revocation independent of Redis
  // (docs/deployment.md, "Connection limits").
  DEPLOYMENT_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'DEPLOYMENT_ID: up to 100 letters, digits, dots, dashes, colons, underscores')
      .optional(),
  ),
  BUS_MAX_CONNECTIONS_PER_ACCOUNT: positiveInt(20),
  BUS_MAX_CONNECTIONS_PER_ADDRESS: positiveInt(200),
  BUS_AUTH_TIMEOUT_MS: positiveInt(5_000),
  BUS_COMMAND_BURST: positiveInt(200),
  BUS_COMMANDS_PER_SECOND: positiveInt(20),
  BUS_REVERIFY_INTERVAL_MS: positiveInt(60_000),
  BROKER_MAX_CONNECTIONS_PER_ADDRESS: positiveInt(200),
  BROKER_MAX_CONNECTIONS_PER_TOKEN: positiveInt(10),
  BROKER_CONNECT_TIMEOUT_MS: positiveInt(5_000),
  DATADOG_CLIENT_TOKEN: optionalString,
  MATOMO_ID: optionalString,
  MATOMO_URL: optionalUrl,
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  BODY_LIMIT_BYTES: positiveInt(65536),
  METRICS_TOKEN: optionalString,
  /** No token: /metrics is closed unless this says it is scraped on a private network (or in development). */
  METRICS_OPEN: flag(false),
  BROKER_ENABLED: flag(true),
  BROKER_PORT: z.preprocess(emptyAsUndefined, portNumber.optional()),
  BROKER_TLS_CERT: optionalString,
  BROKER_TLS_KEY: optionalString,
  BROKER_PUBLIC_URL: optionalString,
  BROKER_HOOK_SECRET: optionalString,
  ROOM_SERVER_URL: optionalUrl,
  ROOM_UDP_PORT: z.preprocess(emptyAsUndefined, portNumber.default(7400)),
  ROOM_HTTP_PORT: z.preprocess(emptyAsUndefined, portNumber.default(7401)),
  ROOM_PUBLIC_HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  ROOM_BIND_HOST: optionalString,
  ROOM_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'ROOM_SECRET needs at least 16 characters').optional(),
  ),
  ROOM_CAPACITY: positiveInt(64),
  NALS_DOWNLOAD_BASE_URL: optionalUrl,
  FREE_MINUTES_PER_MONTH: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).default(DEFAULT_FREE_MINUTES_PER_MONTH),
  ),
  SESSION_SWEEP_INTERVAL_MS: positiveInt(15_000),
  SESSION_EMPTY_GRACE_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).default(DEFAULT_SESSION_EMPTY_GRACE_MS),
  ),
  // Fair use per organizer (docs/decisions/0015): open rehearsals live at once, scheduled ahead, created per minute,
  // and invitations per session.
  SESSION_LIVE_MAX: positiveInt(3),
  SESSION_SCHEDULED_MAX: positiveInt(20),
  SESSION_CREATIONS_PER_MINUTE: positiveInt(5),
  SESSION_INVITATIONS_MAX: positiveInt(100),
  ...STORAGE_ENV,
  ...PAYMENTS_ENV,
  // The offer a fresh install starts with (issue 29, modules/subscriptions/default-offer.ts).
  ...DEFAULT_OFFER_ENV,
  // Cities (docs/decisions/0029): the GeoNames package, or a few real cities (tests, development, e2e).
  PLACES_DATASET: z.preprocess(emptyAsUndefined, z.enum(['geonames', 'sample']).default('geonames')),
  REALTIME_DELAY_LIMIT_MS: positiveInt(REALTIME_DELAY_LIMIT_MS_DEFAULT),
});

export type DatabaseConfig = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  mail: { dir: string; smtpUrl: string | null; from: string };
  /** Null: read or create DATA_DIR/jwt-secret at start. */
  jwtSecret: string | null;
  accessTokenTtlSeconds: number;
  /** Requests per minute per address on each sign-in, sign-up, recovery, resend and password-checking endpoint. */
  rateLimitAuthMax: number;
  /** Failed password checks per account in 15 minutes, on each endpoint that checks one. */
  rateLimitPasswordMax: number;
  /** Writes per minute per account on card and subscription endpoints. */
  rateLimitAccountMax: number;
  /** Live devices per account: one more sign-in revokes the least recently used. */
  maxDevicesPerAccount: number;
  /** Fastify's trustProxy: which proxies' X-Forwarded-For names the client (request.ip). */
  trustProxy: TrustProxy;
  adminEmails: string[];
  /** Accounts created with these emails (or, for an entry starting with @, any email of that domain) get TUTTI_MU:
   *  they may join test rehearsals. */
  testerEmails: string[];
  webDist: string;
  landingUrl: string;
  /** Fallback reference version of the audio client when no version is enabled in nals_versions. */
  nalsRefVersion: string;
  /** What v1/config calls queueHost when set (BROKER_PUBLIC_URL, or the older QUEUE_HOST); null: derived from the
   *  public host name and the broker's port. */
  queueHost: string | null;
  busHost: string;
  /** Redis carries the bus between instances (redis://…); null: in-process fan-out, for a single instance. */
  redisUrl: string | null;
  /** Names this deployment's Redis channel (DEPLOYMENT_ID; default: the PUBLIC_URL host), so that deployments
   *  sharing one Redis never exchange events. */
  deploymentId: string;
  busLimits: BusLimitsConfig;
  analytics: { datadog: string | null; matomoID: string | null; matomoUrl: string | null };
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  bodyLimitBytes: number;
  metrics: MetricsConfig;
  broker: BrokerConfig;
  room: RoomConfig;
  /** Relative download paths of nals_versions resolve against it. */
  nalsDownloadBaseUrl: string;
  sessions: SessionsConfig;
  storage: StorageConfig;
  payments: PaymentsConfig;
  /** The offer seeded on a database that never had a product; null: DEFAULT_OFFER=off. */
  defaultOffer: DefaultOfferConfig | null;
  /** Which cities load at start; the one-way delay estimate beyond which two musicians cannot play in time. */
  places: { dataset: 'geonames' | 'sample'; realtimeDelayLimitMs: number };
}

/** /metrics: with a token, only `Authorization: Bearer <token>`; without one, open only when `open` (METRICS_OPEN),
 *  else absent (404). */
export interface MetricsConfig {
  token: string | null;
  open: boolean;
}

export interface SessionsConfig {
  /** Open-rehearsal minutes per calendar month (UTC) for accounts without an active subscription. */
  freeMinutesPerMonth: number;
  /** How often each instance looks for silent players and abandoned sessions. */
  sweepIntervalMs: number;
  /** How long a live session everyone left stays open, and an ended one restartable by its organizer. */
  emptyGraceMs: number;
  limits: SessionLimits;
}

/** Fair use per organizer; every count is read from the database, so it holds across instances. */
export interface SessionLimits {
  /** Open rehearsals not ended whose start time has come (SESSION_LIVE_MAX). */
  live: number;
  /** Open rehearsals not started yet (SESSION_SCHEDULED_MAX). */
  scheduled: number;
  /** Sessions created in the last minute (SESSION_CREATIONS_PER_MINUTE). */
  perMinute: number;
  /** Invitations one session holds (SESSION_INVITATIONS_MAX). */
  invitations: number;
}

export interface BusLimitsConfig {
  /** Open bus connections one account may hold on an instance (its tabs and devices); the next is refused. */
  maxConnectionsPerAccount: number;
  /** Open bus connections from one client address (authenticated or not) on an instance. */
  maxConnectionsPerAddress: number;
  /** A connection whose token is not checked by then is closed (4408). */
  authTimeoutMs: number;
  /** The command budget of one connection: a bucket of `commandBurst` refilled at `commandsPerSecond`. */
  commandBurst: number;
  commandsPerSecond: number;
  /** How often every connection's device and topics are checked again (revocations lost with Redis). */
  reverifyIntervalMs: number;
}

export interface BrokerLimitsConfig {
  /** Open sockets from one address on the broker port, before and after MQTT CONNECT. */
  maxConnectionsPerAddress: number;
  /** Authenticated connections of one nalsToken (one account: its browser tabs and audio clients). */
  maxConnectionsPerToken: number;
  /** A socket that has not sent its HTTP upgrade and MQTT CONNECT by then is closed. */
  connectTimeoutMs: number;
}

export interface BrokerConfig {
  /** False: no embedded broker (an external one authenticates through /api/broker/auth and /api/broker/acl). */
  enabled: boolean;
  /** PORT + 3 (8083), or + 4 with TLS (8084); 0 picks a free port. */
  port: number;
  tls: { certFile: string; keyFile: string } | null;
  /** Required in header x-broker-secret (or ?secret=) on the external broker's hook calls when set. */
  hookSecret: string | null;
  limits: BrokerLimitsConfig;
}

export interface RoomConfig {
  /** An external room server; null: main.ts starts one as a child process on httpPort. */
  serverUrl: string | null;
  udpPort: number;
  httpPort: number;
  publicHost: string;
  /** Interface the child room server listens on (ROOM_BIND_HOST, else HOST); unused with serverUrl. */
  bindHost: string;
  /** Null: read or create DATA_DIR/room-secret. */
  secret: string | null;
  /** Player slots the configured room server is registered with (ROOM_CAPACITY): how many rooms sessions get. */
  capacity: number;
}

/** The room server's sockets are IPv4: an IPv6 HOST maps to its IPv4 counterpart (loopback or every interface). */
const roomBindDefault = (host: string): string => {
  if (!host.includes(':')) return host;
  return host === '::1' ? '127.0.0.1' : '0.0.0.0';
};

export { ConfigError };
export { parseTrustProxy, type TrustProxy };

const emailList = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
const ensureTrailingSlash = (url: string): string => (url.endsWith('/') ? url : `${url}/`);
const fromRoot = (p: string): string => (isAbsolute(p) ? p : resolve(REPO_ROOT, p));

/** http://<host>:<port> of the server itself: a host that means every interface (0.0.0.0, ::) is reached as
 *  localhost on this machine; an IPv6 address goes in brackets. The default PUBLIC_URL. */
export function listenUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** The embedded broker's default port: 3 past the server's (8083 beside 8080), 4 with TLS (8084), so that another
 *  PORT moves the broker along; a free one when the server's own port is picked by the system (0) or the sum is
 *  past the last port. */
export function defaultBrokerPort(port: number, tls: boolean): number {
  const broker = port + (tls ? 4 : 3);
  return port === 0 || broker > 65535 ? 0 : broker;
}

/** ws(s)://host/bus of the public URL: the live bus is served by the same origin. */
export function deriveBusHost(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}/bus`;
}

/** ws(s)://<public host name>:<broker port>: the embedded broker listens on its own port of the same host. */
export function deriveQueueHost(publicUrl: string, port: number, tls: boolean): string {
  return `${tls ? 'wss' : 'ws'}://${new URL(publicUrl).hostname}:${port}`;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  const envProblems = [...storageEnvProblems(e), ...paymentsEnvProblems(e)];
  if (envProblems.length > 0) {
    throw new ConfigError(`Invalid environment: ${envProblems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  }
  const dataDir = fromRoot(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? listenUrl(e.HOST, e.PORT)).replace(/\/+$/, '');
  if (Boolean(e.BROKER_TLS_CERT) !== Boolean(e.BROKER_TLS_KEY)) {
    throw new ConfigError('Invalid environment: BROKER_TLS_CERT and BROKER_TLS_KEY go together');
  }
  const tls =
    e.BROKER_TLS_CERT && e.BROKER_TLS_KEY
      ? { certFile: fromRoot(e.BROKER_TLS_CERT), keyFile: fromRoot(e.BROKER_TLS_KEY) }
      : null;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: join(dataDir, 'db') },
    mail: {
      dir: e.MAIL_DIR ? fromRoot(e.MAIL_DIR) : join(dataDir, 'mail'),
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM,
    },
    jwtSecret: e.JWT_SECRET ?? null,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    rateLimitAuthMax: e.RATE_LIMIT_AUTH_MAX,
    rateLimitAccountMax: e.RATE_LIMIT_ACCOUNT_MAX,
    rateLimitPasswordMax: e.RATE_LIMIT_PASSWORD_MAX,
    maxDevicesPerAccount: e.MAX_DEVICES_PER_ACCOUNT,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    adminEmails: emailList(e.ADMIN_EMAILS),
    testerEmails: emailList(e.TESTER_EMAILS),
    webDist: fromRoot(e.WEB_DIST),
    landingUrl: e.LANDING_URL ?? publicUrl,
    nalsRefVersion: e.NALS_REF_VERSION,
    queueHost: e.BROKER_PUBLIC_URL ?? e.QUEUE_HOST ?? null,
    busHost: e.BUS_HOST ?? deriveBusHost(publicUrl),
    redisUrl: e.REDIS_URL ?? null,
    deploymentId: e.DEPLOYMENT_ID ?? new URL(publicUrl).host,
    busLimits: {
      maxConnectionsPerAccount: e.BUS_MAX_CONNECTIONS_PER_ACCOUNT,
      maxConnectionsPerAddress: e.BUS_MAX_CONNECTIONS_PER_ADDRESS,
      authTimeoutMs: e.BUS_AUTH_TIMEOUT_MS,
      commandBurst: e.BUS_COMMAND_BURST,
      commandsPerSecond: e.BUS_COMMANDS_PER_SECOND,
      reverifyIntervalMs: e.BUS_REVERIFY_INTERVAL_MS,
    },
    analytics: {
      datadog: e.DATADOG_CLIENT_TOKEN ?? null,
      matomoID: e.MATOMO_ID ?? null,
      matomoUrl: e.MATOMO_URL ?? null,
    },
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    metrics: { token: e.METRICS_TOKEN ?? null, open: e.METRICS_OPEN },
    broker: {
      enabled: e.BROKER_ENABLED,
      port: e.BROKER_PORT ?? defaultBrokerPort(e.PORT, tls !== null),
      tls,
      hookSecret: e.BROKER_HOOK_SECRET ?? null,
      limits: {
        maxConnectionsPerAddress: e.BROKER_MAX_CONNECTIONS_PER_ADDRESS,
        maxConnectionsPerToken: e.BROKER_MAX_CONNECTIONS_PER_TOKEN,
        connectTimeoutMs: e.BROKER_CONNECT_TIMEOUT_MS,
      },
    },
    room: {
      serverUrl: e.ROOM_SERVER_URL?.replace(/\/+$/, '') ?? null,
      udpPort: e.ROOM_UDP_PORT,
      httpPort: e.ROOM_HTTP_PORT,
      publicHost: e.ROOM_PUBLIC_HOST,
      bindHost: e.ROOM_BIND_HOST ?? roomBindDefault(e.HOST),
      secret: e.ROOM_SECRET ?? null,
      capacity: e.ROOM_CAPACITY,
    },
    nalsDownloadBaseUrl: ensureTrailingSlash(e.NALS_DOWNLOAD_BASE_URL ?? `${publicUrl}/downloads/nals/`),
    sessions: {
      freeMinutesPerMonth: e.FREE_MINUTES_PER_MONTH,
      sweepIntervalMs: e.SESSION_SWEEP_INTERVAL_MS,
      emptyGraceMs: e.SESSION_EMPTY_GRACE_MS,
      limits: {
        live: e.SESSION_LIVE_MAX,
        scheduled: e.SESSION_SCHEDULED_MAX,
        perMinute: e.SESSION_CREATIONS_PER_MINUTE,
        invitations: e.SESSION_INVITATIONS_MAX,
      },
    },
    storage: storageConfig(e, dataDir),
    payments: paymentsConfig(e),
    defaultOffer: defaultOfferConfig(e),
    places: { dataset: e.PLACES_DATASET, realtimeDelayLimitMs: e.REALTIME_DELAY_LIMIT_MS },
  };
}

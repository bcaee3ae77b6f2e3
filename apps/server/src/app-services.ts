import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { PlacesService } from './modules/places/places.service.ts';
import type { PaymentProvider } from './modules/subscriptions/payments/provider.ts';
import type { registerSubscriptions } from './modules/subscriptions/subscriptions.module.ts';
import type { Background } from './platform/background.ts';
import type { Broker } from './platform/broker.ts';
import type { BusStats } from './platform/bus.ts';
import type { Database } from './platform/db.ts';
import type { Jobs } from './platform/jobs.ts';
import type { Limits } from './platform/limits.ts';
import type { Mailer } from './platform/mail.ts';
import type { PubSub } from './platform/pubsub.ts';
import type { RoomClient } from './platform/room-client.ts';
import type { Storage } from './platform/storage/storage.ts';
import type { AccessTokens } from './platform/tokens.ts';

/** What buildApp takes from tests and tools, and what the running app exposes to them (app.tutti). */
export interface AppOverrides {
  /** An opened database (tests: PGlite from a dump, or a throwaway PostgreSQL database). Migrated, then closed
   *  with the app. */
  database?: Database;
  /** Where emails go instead of MAIL_DIR / SMTP (tests: createMemoryMailer()). */
  mailer?: Mailer;
  /** The clock every service reads (token expiry, online window, timestamps). */
  now?: () => Date;
  logger?: FastifyBaseLogger;
  /** Live events (tests: share one between two apps to stand for Redis). Closed with the app only when created here. */
  pubsub?: PubSub;
  /** Rate limits (tests: two apps sharing one Redis under a unique key prefix). Closed with the app either way. */
  limits?: Limits;
  /** The payment service (tests: two instances sharing one sandbox); default: PAYMENTS settings. */
  paymentProvider?: PaymentProvider;
}

/** What the running app holds, for tests and tools (benchmark, OpenAPI script) that need to look inside. */
export interface AppServices {
  config: AppConfig;
  database: Database;
  mailer: Mailer;
  tokens: AccessTokens;
  background: Background;
  now: () => Date;
  /** The embedded broker once the app is ready (null when BROKER_ENABLED=false, or before ready / after close). */
  broker: () => Broker | null;
  rooms: RoomClient;
  /** Interval jobs of this instance (tests: `jobs.runNow(name)` with a moved clock). */
  jobs: Jobs;
  /** Live events: services publish, the bus of every instance delivers. */
  pubsub: PubSub;
  /** Cities: search, nearest region, and the load started at ready (tests await `places.loaded()`). */
  places: PlacesService;
  /** This instance's bus connections (tests, benchmark). */
  bus: () => BusStats;
  /** Uploaded files: DATA_DIR/uploads or an S3 bucket (S3_* settings). */
  storage: Storage;
  /** Billing: the payment service, the renewal jobs (tests run them with a moved clock), the embedded sandbox. */
  billing?: Awaited<ReturnType<typeof registerSubscriptions>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tutti: AppServices;
  }
}

/**
 * The server's one limiter: counters per address and per account, in memory for a single instance, in Redis with
 * REDIS_URL so that every instance counts against the same budget. A Redis outage falls back to per-instance memory
 * counters (the insurance limiter) rather than refusing or waving everyone through.
 * See docs/decisions/0013-auth-limits-per-address-and-account.md.
 */
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { TrustProxy } from './trust-proxy.ts';
import { AppError } from './errors.ts';
import { redactedUrl } from './pubsub.ts';

/** Failed password checks are counted per account over this window; the refusal's message names it. */
export const PASSWORD_WINDOW_SECONDS = 15 * 60;
const ADDRESS_WINDOW_SECONDS = 60;

export interface LimitsConfig {
  /** Requests per minute per address on each limited endpoint (RATE_LIMIT_AUTH_MAX). */
  addressMax: number;
  /** Failed password checks per account in PASSWORD_WINDOW_SECONDS (RATE_LIMIT_PASSWORD_MAX). */
  passwordMax: number;
  /** Writes per minute per account on each account-limited endpoint: cards, subscribing (RATE_LIMIT_ACCOUNT_MAX). */
  accountMax?: number;
  /** Null: memory counters, private to this process. */
  redisUrl: string | null;
  /** Redis key prefix (tests use a unique one; deployments sharing a Redis can set their own). */
  keyPrefix?: string;
}

export interface LimitsLog {
  warn(obj: object, msg: string): void;
}

/** Refused: the caller waits `retryAfterSeconds` (sent as `retry-after`). */
export class LimitExceeded extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    kind: 'address' | 'password',
  ) {
    super(
      429,
      kind === 'address' ? 'RATE_LIMITED' : 'TOO_MANY_PASSWORD_ATTEMPTS',
      kind === 'address'
        ? 'Too many attempts, try again in a minute.'
        : `Too many wrong passwords for this account, try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
    );
  }
}

export interface Limits {
  /** Counts one request from `address` for `action`; throws LimitExceeded once over RATE_LIMIT_AUTH_MAX a minute. */
  hitAddress(action: string, address: string): Promise<void>;
  /** Counts one write of `account` for `action`; throws LimitExceeded once over RATE_LIMIT_ACCOUNT_MAX a minute (or
   *  over `max`, the action's own budget a minute). */
  hitAccount(action: string, account: string, max?: number): Promise<void>;
  /**
   * Runs a password check under the per-account budget: refused before the check (no hashing) once the account's
   * failures reach RATE_LIMIT_PASSWORD_MAX. The attempt holds a point while it runs, so concurrent guesses count
   * too; the point is given back unless `check` ends as a wrong password (`isFailure`).
   */
  guardPassword<T>(
    action: string,
    account: string,
    check: () => Promise<T>,
    isFailure: (e: unknown) => boolean,
  ): Promise<T>;
  close(): Promise<void>;
}

/** Fastify's trustProxy from TRUST_PROXY. Fastify 5 refuses a bare hop count (it cannot tell a proxy from a client
 *  sending enough X-Forwarded-For entries), so a count becomes what Express does with one: trust the n nearest
 *  hops. Only safe when the server cannot be reached but through those proxies; a list of addresses always is. */
export function fastifyTrustProxy(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

const toSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

export function createLimits(config: LimitsConfig, log?: LimitsLog): Limits {
  const prefix = config.keyPrefix ?? 'tutti:limits';
  let redis: Redis | null = null;
  const make = (name: string, points: number, duration: number): RateLimiterAbstract => {
    const keyPrefix = `${prefix}:${name}`;
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    if (!redis) return memory;
    return new RateLimiterRedis({
      storeClient: redis,
      keyPrefix,
      points,
      duration,
      // Not ready: count in memory at once instead of queueing behind a reconnection.
      rejectIfRedisNotReady: true,
      insuranceLimiter: memory,
    });
  };
  if (config.redisUrl) {
    const where = redactedUrl(config.redisUrl);
    redis = new Redis(config.redisUrl, {
      enableOfflineQueue: false,
      connectionName: 'tutti-limits',
      maxRetriesPerRequest: 1,
      // A Redis that accepts connections but stops answering must not hold sign-ins: count in memory instead.
      commandTimeout: 1000,
    });
    let reported = false;
    redis.on('error', (error: Error) => {
      // One line per outage, not one per reconnection attempt.
      if (!reported) log?.warn({ redis: where, err: error.message }, 'limits: redis unreachable, counting in memory');
      reported = true;
    });
    redis.on('ready', () => (reported = false));
  }
  const address = make('address', config.addressMax, ADDRESS_WINDOW_SECONDS);
  const password = make('password', config.passwordMax, PASSWORD_WINDOW_SECONDS);
  const perAccount = make('account', config.accountMax ?? 30, ADDRESS_WINDOW_SECONDS);
  /** Actions with their own budget a minute, one counter per budget. */
  const budgets = new Map<number, RateLimiterAbstract>();
  const budget = (max: number): RateLimiterAbstract => {
    let limiter = budgets.get(max);
    if (!limiter) budgets.set(max, (limiter = make(`account-${max}`, max, ADDRESS_WINDOW_SECONDS)));
    return limiter;
  };

  /** A refusal becomes LimitExceeded; a store error (both stores failed) lets the request through, logged. */
  const consume = async (limiter: RateLimiterAbstract, key: string, kind: 'address' | 'password') => {
    try {
      await limiter.consume(key);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw new LimitExceeded(toSeconds(e.msBeforeNext), kind);
      log?.warn({ err: e instanceof Error ? e.message : String(e), kind }, 'limits: counter unavailable');
    }
  };

  return {
    hitAddress: (action, from) => consume(address, `${action}:${from}`, 'address'),
    hitAccount: (action, account, max) =>
      consume(max === undefined ? perAccount : budget(max), `${action}:${account}`, 'address'),

    async guardPassword(action, account, check, isFailure) {
      const key = `${action}:${account}`;
      await consume(password, key, 'password');
      try {
        const result = await check();
        await password.reward(key).catch(() => undefined);
        return result;
      } catch (e) {
        if (!isFailure(e)) await password.reward(key).catch(() => undefined);
        throw e;
      }
    },

    async close() {
      // disconnect, not quit: quit would wait for a Redis that may be away.
      redis?.disconnect();
    },
  };
}

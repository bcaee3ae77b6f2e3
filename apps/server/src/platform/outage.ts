import type { FastifyBaseLogger } from 'fastify';
import { errorChain, loggableError } from './logging.ts';

/** What a 503 during an outage tells clients to wait before trying again. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;
/** While the database is lost, one ping this often tells when it is back. */
export const OUTAGE_PROBE_MS = 2_000;

/** Driver codes of a connection that cannot be made or was cut (node-postgres passes Node's socket errors up). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** SQLSTATE: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections; class 08 is connection
 *  exceptions. */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres and pg-pool raise these as plain errors; PGlite once closed (or closing) as well. */
const LOST_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error|PGlite is clos(ed|ing))/;

/** True when the error (or one it wraps) says the database cannot be reached, as opposed to a query that failed. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorChain(error).some((e) => {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = (e as { message?: unknown }).message;
    return (
      NETWORK_CODES.has(code) ||
      SERVER_CODES.has(code) ||
      code.startsWith('08') ||
      (typeof message === 'string' && LOST_MESSAGES.test(message))
    );
  });
}

export interface OutageWatch {
  /** True when `error` is a lost database (the request then answers 503). The first one of an outage is logged and
   *  starts a probe that logs the return; the others are silent, however many requests fail meanwhile. */
  report(error: unknown): boolean;
  readonly down: boolean;
  /** Stops the probe (app shutdown). */
  stop(): void;
}

export function createOutageWatch(options: {
  ping: () => Promise<void>;
  log: FastifyBaseLogger;
  probeMs?: number;
}): OutageWatch {
  const probeMs = options.probeMs ?? OUTAGE_PROBE_MS;
  let since: number | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const probe = () => {
    timer = setTimeout(() => {
      options.ping().then(
        () => {
          options.log.warn({ downMs: Date.now() - (since ?? Date.now()) }, 'database reachable again');
          since = null;
          timer = null;
        },
        () => {
          if (!stopped) probe();
        },
      );
    }, probeMs);
    // A probe alone never keeps the process alive (shutdown, tests).
    timer.unref();
  };

  return {
    report(error) {
      if (!isDatabaseUnavailable(error)) return false;
      if (since === null && !stopped) {
        since = Date.now();
        options.log.error({ err: loggableError(error) }, 'database unavailable: answering 503 until it is back');
        probe();
      }
      return true;
    },
    get down() {
      return since !== null;
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

/** The path of a request URL: query strings carry secrets (the bus's access token, the broker hooks' `?secret=`,
 *  confirmation tokens), so no log line ever holds one. */
export function requestPath(url: string): string {
  const end = url.indexOf('?');
  return end === -1 ? url : url.slice(0, end);
}

/** SQLSTATE codes and driver error codes are identifiers, never data. */
type DbErrorLike = {
  code?: unknown;
  query?: unknown;
  params?: unknown;
  severity?: unknown;
  routine?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  cause?: unknown;
};

const asString = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The errors of a chain (`cause`), outermost first, a few levels deep. */
export function errorChain(error: unknown): DbErrorLike[] {
  const chain: DbErrorLike[] = [];
  for (let e: unknown = error; e && typeof e === 'object' && chain.length < 5; e = (e as DbErrorLike).cause) {
    chain.push(e as DbErrorLike);
  }
  return chain;
}

/** A failed query: drizzle's DrizzleQueryError and PGlite's errors hold the SQL and its parameters (a password hash,
 *  an email), node-postgres's DatabaseError a severity and a SQLSTATE whose message may quote the input. */
function isDatabaseError(e: DbErrorLike): boolean {
  return 'query' in e || 'params' in e || (typeof e.severity === 'string' && typeof e.code === 'string');
}

/** An error as a log line holds it (pino's shape). */
export type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** Marks an error already made loggable (the serializer runs again on what the error handler passes it). */
const SANITIZED = Symbol('loggable');

/** Stack frames only: an error's first stack line repeats its message, which is where the SQL sits. */
const framesOf = (stack: unknown): string =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => line.startsWith('    at '))
        .join('\n')
    : '';

/**
 * What a log line may say about an error. A database error becomes its code (SQLSTATE, or the driver's errno code),
 * the names of the constraint, table and column involved and the server routine, plus our stack frames: never the
 * SQL, its parameters or the server's message (which quotes input values). Other errors keep pino's usual form.
 */
export function loggableError(error: unknown): LoggedError {
  if (typeof error === 'object' && error !== null && SANITIZED in error) return error as unknown as LoggedError;
  const chain = errorChain(error);
  const db = chain.find(isDatabaseError);
  if (!db) return pino.stdSerializers.err(error as Error) as LoggedError;
  const withCode = chain.find((e) => asString(e.code) !== undefined);
  const code = asString(withCode?.code) ?? 'unknown';
  const details = Object.fromEntries(
    (['constraint', 'table', 'column', 'routine'] as const)
      .map((key) => [key, asString(chain.map((e) => e[key]).find((v) => asString(v) !== undefined))] as const)
      .filter(([, v]) => v !== undefined),
  );
  return {
    [SANITIZED]: true,
    type: 'DatabaseError',
    code,
    message: `database query failed (code ${code})`,
    ...details,
    stack: framesOf((error as { stack?: unknown }).stack),
  } as LoggedError;
}

/** Every logger of the app: requests logged by path, errors without SQL parameters. */
export const logSerializers = {
  err: loggableError,
  req: (req: { method?: string; url?: string }) => ({ method: req.method, path: requestPath(req.url ?? '') }),
};

/** Defence in depth for the logger the app builds: credentials under these keys never reach the output. */
export const LOG_REDACT_PATHS = [
  'authorization',
  'password',
  'secret',
  'token',
  '*.authorization',
  '*.password',
  '*.secret',
  '*.token',
  'req.headers.authorization',
  'req.headers["x-broker-secret"]',
];

/** A logger given to the app (tests, tools) gets the same serializers as the one the app builds. */
export const withLogSerializers = (logger: FastifyBaseLogger): FastifyBaseLogger =>
  logger.child({}, { serializers: logSerializers });

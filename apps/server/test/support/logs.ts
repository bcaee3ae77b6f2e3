import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';

export interface CapturedLogs {
  /** Give it to startTestApp: every line the app logs lands here. */
  logger: FastifyBaseLogger;
  /** Every line written so far, as written (JSON). */
  text(): string;
  /** The lines parsed, optionally only those at a level or above (pino's numbers: 40 warn, 50 error). */
  lines(minLevel?: number): Array<Record<string, unknown>>;
}

/** A pino logger writing into memory, synchronously: a test reads what a request logged as soon as it answered. */
export function captureLogs(level: pino.Level = 'info'): CapturedLogs {
  const written: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      written.push(chunk.toString('utf8'));
      callback();
    },
  });
  const logger = pino({ level }, stream) as unknown as FastifyBaseLogger;
  const lines = (minLevel = 0) =>
    written
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => Number(line['level']) >= minLevel);
  return { logger, text: () => written.join(''), lines };
}

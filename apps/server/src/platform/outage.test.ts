import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { captureLogs } from '../../test/support/logs.ts';
import { createPglite, openPglite } from './db.ts';
import { createOutageWatch, isDatabaseUnavailable } from './outage.ts';

const codeError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** As drizzle wraps a driver error: the query and its parameters outside, the driver's error as cause. */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('isDatabaseUnavailable', () => {
  it('recognises a database that cannot be reached, wrapped by drizzle or not', async () => {
    const client = await createPglite();
    const database = openPglite(client);
    await database.close();
    const closed = await database.db.execute(sql`select 1`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(closed)).toBe(true);
    for (const error of [
      codeError('ECONNREFUSED'),
      wrapped(codeError('ECONNRESET')),
      codeError('57P01', 'terminating connection due to administrator command'),
      codeError('08006'),
      codeError('53300'),
      new Error('Connection terminated unexpectedly'),
      wrapped(new Error('timeout exceeded when trying to connect')),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it('leaves query failures and other errors alone', () => {
    for (const error of [
      codeError('23505', 'duplicate key value'),
      wrapped(codeError('22021', 'invalid byte sequence')),
      new Error('database exploded'),
      null,
      'text',
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});

describe('createOutageWatch', () => {
  it('logs the first failure of an outage, then its end, then the next outage', async () => {
    const logs = captureLogs();
    let up = false;
    const watch = createOutageWatch({
      ping: async () => {
        if (!up) throw codeError('ECONNREFUSED');
      },
      log: logs.logger,
      probeMs: 5,
    });
    expect(watch.report(new Error('not a database problem'))).toBe(false);
    for (let i = 0; i < 50; i++) expect(watch.report(codeError('ECONNREFUSED'))).toBe(true);
    expect(watch.down).toBe(true);
    expect(logs.lines(50).map((l) => l['msg'])).toEqual(['database unavailable: answering 503 until it is back']);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(watch.down).toBe(true);
    up = true;
    await expect.poll(() => watch.down).toBe(false);
    expect(logs.lines(40).map((l) => l['msg'])).toEqual([
      'database unavailable: answering 503 until it is back',
      'database reachable again',
    ]);
    up = false;
    watch.report(codeError('ECONNRESET'));
    watch.report(codeError('ECONNRESET'));
    expect(logs.lines(50)).toHaveLength(2);
    watch.stop();
  });
});

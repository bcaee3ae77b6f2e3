import type { FastifyBaseLogger } from 'fastify';
import type { OutageWatch } from './outage.ts';

/** Work that must not delay the response (mail after forgot-password, last-use stamps) but must finish before the
 *  process exits: shutdown drains it before closing the database. */
export interface Background {
  run(label: string, task: () => Promise<unknown>): void;
  drain(): Promise<void>;
}

/** `outage`: a task failing because the database is lost is the watch's to log (once per outage). */
export function createBackground(log: FastifyBaseLogger, outage?: Pick<OutageWatch, 'report'>): Background {
  const pending = new Set<Promise<unknown>>();
  return {
    run: (label, task) => {
      const p = task()
        .catch((err: unknown) => {
          if (!outage?.report(err)) log.error({ err, task: label }, 'background task failed');
        })
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    drain: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

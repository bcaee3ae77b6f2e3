import type { FastifyBaseLogger } from 'fastify';

/** Work that must not delay the response (mail after forgot-password, last-use stamps) but must finish before the
 *  process exits: shutdown drains it before closing the database. */
export interface Background {
  run(label: string, task: () => Promise<unknown>): void;
  drain(): Promise<void>;
}

export function createBackground(log: FastifyBaseLogger): Background {
  const pending = new Set<Promise<unknown>>();
  return {
    run: (label, task) => {
      const p = task()
        .catch((err: unknown) => log.error({ err, task: label }, 'background task failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    drain: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

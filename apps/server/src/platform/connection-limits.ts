/**
 * Small counters the live bus and the embedded broker use to refuse work cheaply: open connections per key (an
 * address, an account, a token) and a per-connection command budget.
 */

import { decodeJwt } from 'jose';
import type { WebSocket } from 'ws';
import type { BusLimitsConfig } from '../config.ts';

/** The defaults of config.ts (BUS_MAX_CONNECTIONS_PER_ACCOUNT…), for callers that set only some (tests). */
export const DEFAULT_BUS_LIMITS: BusLimitsConfig = {
  maxConnectionsPerAccount: 20,
  maxConnectionsPerAddress: 200,
  authTimeoutMs: 5_000,
  commandBurst: 200,
  commandsPerSecond: 20,
  reverifyIntervalMs: 60_000,
};

/** Open connections per key, with a cap; a key without connections takes no memory. */
export interface ConnectionCounter {
  /** Counts one more connection for `key` unless it already holds `max`; false: refuse it. */
  tryAdd(key: string): boolean;
  /** Whether one more would be refused, without counting it (a first, cheap refusal before the real one). */
  full(key: string): boolean;
  remove(key: string): void;
  count(key: string): number;
}

export function createConnectionCounter(max: number): ConnectionCounter {
  const counts = new Map<string, number>();
  return {
    tryAdd(key) {
      const current = counts.get(key) ?? 0;
      if (current >= max) return false;
      counts.set(key, current + 1);
      return true;
    },
    full: (key) => (counts.get(key) ?? 0) >= max,
    remove(key) {
      const current = counts.get(key) ?? 0;
      if (current <= 1) counts.delete(key);
      else counts.set(key, current - 1);
    },
    count: (key) => counts.get(key) ?? 0,
  };
}

/**
 * A token bucket: `burst` commands at once, refilled at `perSecond`. `take()` answers 'ok' while tokens remain,
 * 'over' for a command beyond the budget (refused, the connection may go on), and 'abuse' once the connection has
 * sent another whole burst beyond it: far past what any page does, so the connection is closed.
 */
export interface CommandBudget {
  take(): 'ok' | 'over' | 'abuse';
}

export function createCommandBudget(burst: number, perSecond: number, now: () => number = Date.now): CommandBudget {
  let tokens = burst;
  let stamp = now();
  return {
    take() {
      const at = now();
      // Refill only up to the burst: idling does not bank a larger one. A debt (tokens below 0) is paid back first.
      tokens = Math.min(burst, tokens + ((at - stamp) / 1000) * perSecond);
      stamp = at;
      tokens -= 1;
      if (tokens >= 0) return 'ok';
      return tokens < -burst ? 'abuse' : 'over';
    },
  };
}

/** Closes sockets with 1001 (going away: pages reconnect elsewhere), waits up to `graceMs` for their answers, then
 *  cuts those that did not answer. */
export async function closeWithGrace(sockets: WebSocket[], graceMs: number): Promise<void> {
  const closing = sockets.map(
    (socket) =>
      new Promise<void>((resolve) => {
        if (socket.readyState === socket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close(1001, 'server going away');
      }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(closing),
    new Promise((resolve) => {
      timer = setTimeout(resolve, graceMs);
    }),
  ]);
  clearTimeout(timer);
  for (const socket of sockets) socket.terminate();
}

/** The subject (account id) a JWT claims, without checking its signature or expiry: only for refusing early a
 *  connection whose account is already at its cap. Null for anything that is not a JWT with a subject. */
export function unverifiedSubject(token: unknown): string | null {
  if (typeof token !== 'string' || token.length > 4096) return null;
  try {
    const { sub } = decodeJwt(token);
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

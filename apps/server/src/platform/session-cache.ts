import type { SessionRecord } from './auth-guard.ts';

/**
 * Remembers the guard's session lookup (account, privileges, device liveness) between requests.
 *
 * Only for the embedded database: PGlite runs inside this process, so every write to accounts and devices goes
 * through here and invalidates the entry at once; revocation stays immediate. A query on in-process PGlite blocks
 * the event loop for its whole run, which would cap authenticated requests far below the target. Writers forget
 * after their write commits, and a lookup that raced a write does not store its answer (see epoch), so a revoked
 * device is never served from memory. With PostgreSQL
 * (possibly several instances) the cache is disabled and each request asks the database.
 */
export interface SessionCache {
  get(accountId: string, deviceId: string): SessionRecord | undefined;
  /** Call before reading the database; pass the answer to set(). */
  epoch(): number;
  /** Ignored when anything was forgotten since `epoch`: the record may predate that write. */
  set(accountId: string, deviceId: string, record: SessionRecord, epoch: number): void;
  /** After a device is revoked or replaced. */
  forgetDevice(deviceId: string): void;
  /** After the account row or its privileges change (every device of the account holds a copy). */
  forgetAccount(accountId: string): void;
  /** Keeps the cached last-use stamp in step with the database, so it is written once a minute, not per request. */
  touchDevice(deviceId: string, at: Date): void;
}

interface Entry {
  accountId: string;
  record: SessionRecord;
  expiresAt: number;
}

/** A safety net for writes made outside the app (a hand-run SQL statement): nothing stays stale longer. */
export const SESSION_CACHE_TTL_MS = 30_000;
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

export function createSessionCache(now: () => number = Date.now): SessionCache {
  const entries = new Map<string, Entry>();
  let generation = 0;
  return {
    epoch: () => generation,
    get(accountId, deviceId) {
      const entry = entries.get(deviceId);
      if (!entry) return undefined;
      if (entry.accountId !== accountId || entry.expiresAt <= now()) {
        entries.delete(deviceId);
        return undefined;
      }
      return entry.record;
    },
    set(accountId, deviceId, record, epoch) {
      if (epoch !== generation) return;
      entries.delete(deviceId);
      // Maps iterate in insertion order: the first key is the oldest entry.
      if (entries.size >= SESSION_CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(deviceId, { accountId, record, expiresAt: now() + SESSION_CACHE_TTL_MS });
    },
    forgetDevice(deviceId) {
      generation++;
      entries.delete(deviceId);
    },
    forgetAccount(accountId) {
      generation++;
      for (const [deviceId, entry] of entries) if (entry.accountId === accountId) entries.delete(deviceId);
    },
    touchDevice(deviceId, at) {
      const entry = entries.get(deviceId);
      if (entry) entry.record = { ...entry.record, deviceLastUsedAt: at };
    },
  };
}

/** The PostgreSQL flavour: remembers nothing. */
export const noSessionCache: SessionCache = {
  get: () => undefined,
  epoch: () => 0,
  set: () => undefined,
  forgetDevice: () => undefined,
  forgetAccount: () => undefined,
  touchDevice: () => undefined,
};

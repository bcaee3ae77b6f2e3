import { describe, expect, it } from 'vitest';
import type { SessionRecord } from './auth-guard.ts';
import type { AccountRow } from './schema.ts';
import { createSessionCache, SESSION_CACHE_TTL_MS } from './session-cache.ts';

const record = (accountId: string): SessionRecord => ({
  account: { id: accountId } as AccountRow,
  privileges: ['CORE_GUEST'],
  deviceLastUsedAt: new Date(0),
});

describe('session cache', () => {
  it('answers what was stored, for the same account only, until the TTL', () => {
    let now = 0;
    const cache = createSessionCache(() => now);
    cache.set('a', 'd1', record('a'), cache.epoch());
    expect(cache.get('a', 'd1')?.account.id).toBe('a');
    expect(cache.get('b', 'd1')).toBeUndefined();
    cache.set('a', 'd1', record('a'), cache.epoch());
    now = SESSION_CACHE_TTL_MS;
    expect(cache.get('a', 'd1')).toBeUndefined();
  });

  it('forgets a device, or every device of an account', () => {
    const cache = createSessionCache(() => 0);
    for (const d of ['d1', 'd2']) cache.set('a', d, record('a'), cache.epoch());
    cache.set('b', 'd3', record('b'), cache.epoch());
    cache.forgetDevice('d1');
    expect(cache.get('a', 'd1')).toBeUndefined();
    expect(cache.get('a', 'd2')).toBeDefined();
    cache.forgetAccount('a');
    expect(cache.get('a', 'd2')).toBeUndefined();
    expect(cache.get('b', 'd3')).toBeDefined();
  });

  it('drops a lookup that raced a write', () => {
    const cache = createSessionCache(() => 0);
    const epoch = cache.epoch();
    cache.forgetDevice('d1'); // a revocation committed while the lookup ran
    cache.set('a', 'd1', record('a'), epoch);
    expect(cache.get('a', 'd1')).toBeUndefined();
  });

  it('updates the last-use stamp in place', () => {
    const cache = createSessionCache(() => 0);
    cache.set('a', 'd1', record('a'), cache.epoch());
    cache.touchDevice('d1', new Date(5000));
    expect(cache.get('a', 'd1')?.deviceLastUsedAt).toEqual(new Date(5000));
  });
});

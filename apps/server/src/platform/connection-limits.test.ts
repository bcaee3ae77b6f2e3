import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createCommandBudget, createConnectionCounter, unverifiedSubject } from './connection-limits.ts';

describe('createConnectionCounter', () => {
  it('counts per key up to the cap, and frees a place on remove', () => {
    const counter = createConnectionCounter(2);
    expect([counter.tryAdd('a'), counter.tryAdd('a'), counter.tryAdd('a')]).toEqual([true, true, false]);
    expect(counter.full('a')).toBe(true);
    expect(counter.tryAdd('b')).toBe(true);
    counter.remove('a');
    expect(counter.count('a')).toBe(1);
    expect(counter.tryAdd('a')).toBe(true);
    counter.remove('b');
    counter.remove('b'); // never below zero
    expect(counter.count('b')).toBe(0);
  });
});

describe('createCommandBudget', () => {
  it('allows a burst, refuses beyond it, calls a whole burst more abuse, and refills at its rate', () => {
    let at = 0;
    const budget = createCommandBudget(3, 2, () => at);
    const take = (n: number) => Array.from({ length: n }, () => budget.take());
    expect(take(3)).toEqual(['ok', 'ok', 'ok']);
    expect(take(3)).toEqual(['over', 'over', 'over']);
    // 1 s at 2 per second pays back part of the debt: still over.
    at = 1000;
    expect(budget.take()).toBe('over');
    expect(take(2)).toEqual(['over', 'abuse']);
  });

  it('never banks more than one burst, however long the connection idles', () => {
    let at = 0;
    const budget = createCommandBudget(2, 1, () => at);
    at = 3_600_000;
    expect([budget.take(), budget.take(), budget.take()]).toEqual(['ok', 'ok', 'over']);
  });
});

describe('unverifiedSubject', () => {
  it('reads the subject of a JWT whatever its signature, and null for anything else', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('an-account')
      .sign(new TextEncoder().encode('any key will do, nothing is verified'));
    expect(unverifiedSubject(token)).toBe('an-account');
    expect(unverifiedSubject('user:1')).toBeNull();
    expect(unverifiedSubject(undefined)).toBeNull();
    expect(unverifiedSubject(`${token}${'x'.repeat(5000)}`)).toBeNull();
  });
});

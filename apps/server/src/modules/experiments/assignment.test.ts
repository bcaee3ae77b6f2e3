import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { assignVariant } from './assignment.ts';

/** A uuid-shaped id made from a number: the same 100,000 ids on every run (no flaky draw). */
const idOf = (n: number): string => {
  const h = createHash('sha256').update(`account-${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
/** What GrowthBook 1.8.0 gives the first twelve ids in the test 'pinned' (50/50). */
const PINNED = ['control', 'control', 'treatment', 'control', 'treatment', 'treatment'];
PINNED.push('control', 'control', 'treatment', 'control', 'treatment', 'control');
const IDS = Array.from({ length: 100_000 }, (_, i) => idOf(i));

const shares = (testKey: string, variants: { key: string; weight: number }[]) => {
  const counts = new Map(variants.map((v) => [v.key, 0]));
  for (const id of IDS) {
    const v = assignVariant(id, testKey, variants);
    counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  return counts;
};

describe('assignVariant (GrowthBook hashing, version 2)', () => {
  it.each([
    ['onboarding-step-order', [1, 1]],
    ['three-way', [50, 30, 20]],
    ['uneven', [9, 1]],
  ])('splits 100,000 ids of %s within one percentage point of each weight %j', (key, weights) => {
    const variants = weights.map((weight, i) => ({ key: `v${i}`, weight }));
    const total = weights.reduce((a, b) => a + b, 0);
    const counts = shares(key, variants);
    for (const v of variants) {
      const share = (counts.get(v.key) ?? 0) / IDS.length;
      expect(Math.abs(share - v.weight / total), `${v.key}: ${share}`).toBeLessThan(0.01);
    }
    // Every id lands in a declared variant.
    expect([...counts.keys()].sort()).toEqual(variants.map((v) => v.key).sort());
  });

  it('is deterministic: the same account and key give the same variant every time', () => {
    const variants = [
      { key: 'a', weight: 1 },
      { key: 'b', weight: 1 },
    ];
    for (const id of IDS.slice(0, 1_000)) {
      expect(assignVariant(id, 'stable', variants)).toBe(assignVariant(id, 'stable', variants));
    }
  });

  it('keys the split on the test: two tests do not give the same accounts the same variants', () => {
    const variants = [
      { key: 'a', weight: 1 },
      { key: 'b', weight: 1 },
    ];
    const same = IDS.slice(0, 10_000).filter(
      (id) => assignVariant(id, 'first-test', variants) === assignVariant(id, 'second-test', variants),
    ).length;
    // Independent splits agree about half the time.
    expect(same / 10_000).toBeGreaterThan(0.47);
    expect(same / 10_000).toBeLessThan(0.53);
  });

  it('pins a few assignments: an SDK update that changed the hashing would move musicians between variants', () => {
    const variants = [
      { key: 'control', weight: 1 },
      { key: 'treatment', weight: 1 },
    ];
    expect(IDS.slice(0, 12).map((id) => assignVariant(id, 'pinned', variants))).toEqual(PINNED);
  });
});

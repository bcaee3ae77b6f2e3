import { describe, expect, it } from 'vitest';
import { dayKey, groupByDay, relativeDay } from './day-groups';

describe('groupByDay', () => {
  it('puts messages of the same local day together, in order, a new group on each new day', () => {
    const at = (y: number, m: number, d: number, h: number) => ({ id: `${d}-${h}`, date: new Date(y, m, d, h) });
    const items = [at(2026, 10, 24, 23), at(2026, 10, 25, 0), at(2026, 10, 25, 12), at(2026, 10, 26, 8)];
    const groups = groupByDay(items, (i) => i.date);
    expect(groups.map((g) => [g.day, g.items.map((i) => i.id)])).toEqual([
      ['2026-11-24', ['24-23']],
      ['2026-11-25', ['25-0', '25-12']],
      ['2026-11-26', ['26-8']],
    ]);
    expect(groups[1]?.date).toEqual(new Date(2026, 10, 25));
  });

  it('says today and yesterday relative to now, across a month’s end', () => {
    const now = new Date(2026, 11, 1, 9);
    expect(relativeDay(new Date(2026, 11, 1, 0, 5), now)).toBe('today');
    expect(relativeDay(new Date(2026, 10, 30, 23, 59), now)).toBe('yesterday');
    expect(relativeDay(new Date(2026, 10, 29, 12), now)).toBeNull();
    expect(dayKey(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});

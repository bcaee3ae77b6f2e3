import { describe, expect, it } from 'vitest';
import { barGeometry, niceCeil } from './rtt-chart';

describe('niceCeil', () => {
  it('rounds an axis end up to 1, 2 or 5 times a power of ten', () => {
    expect(niceCeil(8.8)).toBe(10);
    expect(niceCeil(0.63)).toBe(1);
    expect(niceCeil(13)).toBe(20);
    expect(niceCeil(41)).toBe(50);
    expect(niceCeil(100)).toBe(100);
    expect(niceCeil(0)).toBe(1);
  });
});

describe('barGeometry', () => {
  it('grows every bar up from the baseline, never below it', () => {
    expect(barGeometry(5, 10)).toEqual({ y: 50, height: 50 });
    // A round trip of almost nothing is a thin bar on the baseline, not a sliver under it.
    const tiny = barGeometry(0.01, 50);
    expect(tiny.y + tiny.height).toBe(100);
    expect(tiny.height).toBeGreaterThan(0);
    expect(barGeometry(-3, 10)).toEqual({ y: 99.2, height: 0.8 });
    expect(barGeometry(80, 50)).toEqual({ y: 0, height: 100 });
  });
});

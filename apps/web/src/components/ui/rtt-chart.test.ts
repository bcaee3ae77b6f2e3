import { describe, expect, it } from 'vitest';
import { niceCeil } from './rtt-chart';

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

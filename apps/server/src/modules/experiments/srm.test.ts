import { describe, expect, it } from 'vitest';
import { chiSquarePValue, logGamma, sampleRatioMismatch } from './srm.ts';

describe('chiSquarePValue', () => {
  // Critical values from the chi-square table (NIST/SEMATECH e-Handbook, 1.3.6.7.4).
  it.each([
    [3.841, 1, 0.05],
    [6.635, 1, 0.01],
    [10.828, 1, 0.001],
    [5.991, 2, 0.05],
    [13.816, 2, 0.001],
    [7.815, 3, 0.05],
    [16.266, 3, 0.001],
    [18.307, 10, 0.05],
    [29.588, 10, 0.001],
  ])('P(X >= %f) with %i degrees of freedom is %f', (x, df, p) => {
    expect(chiSquarePValue(x, df)).toBeCloseTo(p, 4);
  });

  it('is 1 at zero and tends to 0 far out', () => {
    expect(chiSquarePValue(0, 3)).toBe(1);
    expect(chiSquarePValue(200, 1)).toBeLessThan(1e-40);
  });

  it('matches the closed form for 2 degrees of freedom (exp(-x/2))', () => {
    for (const x of [0.1, 1, 2.5, 7, 20]) expect(chiSquarePValue(x, 2)).toBeCloseTo(Math.exp(-x / 2), 12);
  });

  it('refuses no degrees of freedom', () => {
    expect(() => chiSquarePValue(1, 0)).toThrow(RangeError);
  });
});

describe('logGamma', () => {
  it('gives ln((n - 1)!) on whole numbers and ln(sqrt(pi)) at 1/2', () => {
    expect(logGamma(1)).toBeCloseTo(0, 12);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(11)).toBeCloseTo(Math.log(3628800), 10);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
  });
});

describe('sampleRatioMismatch', () => {
  it('passes a split that follows its weights', () => {
    const srm = sampleRatioMismatch([5_020, 4_980], [1, 1]);
    expect(srm.chiSquare).toBeCloseTo(0.16, 6);
    expect(srm.pValue).toBeCloseTo(0.6892, 3);
    expect(srm.mismatch).toBe(false);
  });

  it('flags a broken split (p < 0.001)', () => {
    // 50/50 expected, 5,300 against 4,700: chi-square 36, p about 2e-9.
    const srm = sampleRatioMismatch([5_300, 4_700], [1, 1]);
    expect(srm.chiSquare).toBeCloseTo(36, 6);
    expect(srm.pValue).toBeLessThan(0.001);
    expect(srm.mismatch).toBe(true);
  });

  it('reads unequal weights: 70/30 observed as 70/30 passes, as 50/50 fails', () => {
    expect(sampleRatioMismatch([7_010, 2_990], [70, 30]).mismatch).toBe(false);
    expect(sampleRatioMismatch([500, 500], [70, 30]).mismatch).toBe(true);
  });

  it('uses k - 1 degrees of freedom for three variants', () => {
    // Expected 400/400/200; chi-square 1 + 1 + 0 = 2 with 2 degrees of freedom: p = exp(-1).
    const srm = sampleRatioMismatch([420, 380, 200], [2, 2, 1]);
    expect(srm.chiSquare).toBeCloseTo(2, 6);
    expect(srm.pValue).toBeCloseTo(Math.exp(-1), 10);
  });

  it('says nothing without observations', () => {
    expect(sampleRatioMismatch([0, 0], [1, 1])).toEqual({ chiSquare: 0, pValue: null, mismatch: false });
  });
});

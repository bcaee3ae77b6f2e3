import { describe, expect, it } from 'vitest';
import { percentile, tipsFor, verdictOf, VERDICT_THRESHOLDS_MS } from './selfcheck-verdict';

describe('self-check verdict', () => {
  it('reads excellent below 25 ms, good below 50 ms, too high from 50 ms', () => {
    expect(VERDICT_THRESHOLDS_MS).toEqual({ excellent: 25, good: 50 });
    expect(verdictOf(0.4)).toBe('excellent');
    expect(verdictOf(24.9)).toBe('excellent');
    expect(verdictOf(25)).toBe('good');
    expect(verdictOf(49.9)).toBe('good');
    expect(verdictOf(50)).toBe('tooHigh');
    expect(verdictOf(180)).toBe('tooHigh');
  });

  it('gives no tip to a fast, steady network', () => {
    expect(tipsFor('excellent', [2, 3, 2, 4, 3])).toEqual([]);
  });

  it('suggests a cable to a fast but irregular network', () => {
    // Median 3 ms, but one packet in five 20 ms late: Wi-Fi-like.
    expect(tipsFor('excellent', [3, 3, 23, 3, 3, 2, 4, 3, 24, 3])).toEqual(['wired']);
  });

  it('gives a good round trip the cable, headphones and buffer tips, a too high one also a nearer region', () => {
    expect(tipsFor('good', [30, 31, 32])).toEqual(['wired', 'headphones', 'buffer']);
    expect(tipsFor('tooHigh', [80, 82, 85])).toEqual(['wired', 'headphones', 'buffer', 'region']);
  });

  it('takes percentiles by nearest rank', () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([5], 0.9)).toBe(5);
    expect(percentile([4, 1, 3, 2], 0.5)).toBe(2);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBe(9);
  });
});

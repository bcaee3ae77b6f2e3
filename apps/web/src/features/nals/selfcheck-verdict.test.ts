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

  describe('with the musician’s connection type', () => {
    const steady = { excellent: [2, 3, 2, 4, 3], good: [30, 31, 32], tooHigh: [180, 185, 190] };
    const irregular = [3, 3, 23, 3, 3, 2, 4, 3, 24, 3];

    it('changes nothing when the page cannot know it, and nothing needs improving whatever it is', () => {
      expect(tipsFor('tooHigh', steady.tooHigh, undefined)).toEqual(['wired', 'headphones', 'buffer', 'region']);
      expect(tipsFor('good', steady.good)).toEqual(['wired', 'headphones', 'buffer']);
      for (const connection of ['fiber', 'broadband', 'satellite', 'other', null] as const) {
        expect(tipsFor('excellent', steady.excellent, connection)).toEqual([]);
      }
    });

    it('satellite: the link itself comes first, instead of the cable and the nearer region', () => {
      expect(tipsFor('tooHigh', steady.tooHigh, 'satellite')).toEqual(['satellite', 'headphones', 'buffer']);
      expect(tipsFor('good', steady.good, 'satellite')).toEqual(['satellite', 'headphones', 'buffer']);
      // An excellent figure is not blamed on the satellite: only the cable for its irregular gaps.
      expect(tipsFor('excellent', irregular, 'satellite')).toEqual(['wired']);
    });

    it('fiber and broadband: the cable rather than Wi-Fi, in their own words, first', () => {
      expect(tipsFor('tooHigh', steady.tooHigh, 'fiber')).toEqual(['wiredFiber', 'headphones', 'buffer', 'region']);
      expect(tipsFor('good', steady.good, 'broadband')).toEqual(['wiredBroadband', 'headphones', 'buffer']);
      expect(tipsFor('excellent', irregular, 'fiber')).toEqual(['wiredFiber']);
      expect(tipsFor('excellent', irregular, 'broadband')).toEqual(['wiredBroadband']);
    });

    it('another connection: a fixed line, wired, in place of the cable tip', () => {
      expect(tipsFor('tooHigh', steady.tooHigh, 'other')).toEqual(['otherLine', 'headphones', 'buffer', 'region']);
      expect(tipsFor('excellent', irregular, 'other')).toEqual(['otherLine']);
    });

    it('not told in the profile: the usual tips, then to tell it', () => {
      expect(tipsFor('good', steady.good, null)).toEqual(['wired', 'headphones', 'buffer', 'setConnection']);
      expect(tipsFor('excellent', irregular, null)).toEqual(['wired', 'setConnection']);
    });
  });

  it('takes percentiles by nearest rank', () => {
    expect(percentile([], 0.5)).toBeNull();
    expect(percentile([5], 0.9)).toBe(5);
    expect(percentile([4, 1, 3, 2], 0.5)).toBe(2);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBe(9);
  });
});

import { describe, expect, it } from 'vitest';
import { formatDuration, formatFileSize } from './recordings';

describe('recordings formatting', () => {
  it('formats durations to the second', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(7.9)).toBe('0:07');
    expect(formatDuration(600)).toBe('10:00');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(-3)).toBe('0:00');
  });

  it('formats sizes in each language', () => {
    expect(formatFileSize(512, 'en')).toBe('512 bytes');
    // French separates with a no-break space.
    expect(formatFileSize(512, 'fr')).toMatch(/^512\s?octets$/);
    expect(formatFileSize(160_044, 'en')).toBe('160 kB');
    expect(formatFileSize(1_440_000, 'en')).toBe('1.4 MB');
    expect(formatFileSize(1_440_000, 'fr')).toMatch(/^1,4\s?Mo$/);
  });
});

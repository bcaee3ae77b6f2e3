import { describe, expect, it } from 'vitest';
import { bufferLatencyMs, formatLatency } from './buffer-latency';

describe('buffer latency', () => {
  it('is the buffer length over the sample rate', () => {
    expect(bufferLatencyMs(128)).toBeCloseTo(2.667, 3);
    expect(bufferLatencyMs(256, 44_100)).toBeCloseTo(5.805, 3);
  });

  it('reads with one decimal in the reader notation', () => {
    expect(formatLatency(bufferLatencyMs(128), 'en')).toBe('2.7\u00a0ms');
    expect(formatLatency(bufferLatencyMs(128), 'fr')).toBe('2,7\u00a0ms');
    expect(formatLatency(bufferLatencyMs(48), 'en')).toBe('1\u00a0ms');
  });
});

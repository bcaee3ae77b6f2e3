import { describe, expect, it } from 'vitest';
import { CLIP_HOLD_MS, createMeterModel, levelDb, PEAK_HOLD_MS } from './meter-model';

describe('meter model', () => {
  it('holds the peak for a while, then follows the level down', () => {
    const m = createMeterModel();
    expect(m.update(0.8, 0)).toEqual({ level: 0.8, peak: 0.8, clipped: false });
    expect(m.update(0.3, 500).peak).toBe(0.8);
    expect(m.update(0.2, PEAK_HOLD_MS + 1).peak).toBe(0.2);
    // A higher level always raises the peak at once.
    expect(m.update(0.9, PEAK_HOLD_MS + 2).peak).toBe(0.9);
  });

  it('lights the clip mark at full scale and keeps it lit for a few seconds', () => {
    const m = createMeterModel();
    expect(m.update(1, 100).clipped).toBe(true);
    expect(m.update(0.2, 100 + CLIP_HOLD_MS).clipped).toBe(true);
    expect(m.update(0.2, 101 + CLIP_HOLD_MS).clipped).toBe(false);
  });

  it('goes silent at once on reset (the client left the room)', () => {
    const m = createMeterModel();
    m.update(1, 0);
    expect(m.reset()).toEqual({ level: 0, peak: 0, clipped: false });
    expect(m.update(0.1, 10)).toEqual({ level: 0.1, peak: 0.1, clipped: false });
  });

  it('speaks in decibels of full scale', () => {
    expect(levelDb(1)).toBe(0);
    expect(levelDb(0.25)).toBe(-12);
    expect(levelDb(0)).toBe(-Infinity);
  });
});

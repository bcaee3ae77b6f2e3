/** How long the peak mark stays at the highest recent level before it follows the level down. */
export const PEAK_HOLD_MS = 1_500;
/** How long the clip mark stays lit after the level reached full scale. */
export const CLIP_HOLD_MS = 3_000;
/** A level at or above this (of full scale) counts as clipping. */
export const CLIP_LEVEL = 0.99;

export interface MeterReading {
  /** 0 to 1, as the audio client reports it. */
  level: number;
  /** The highest level of the last PEAK_HOLD_MS (never below the level). */
  peak: number;
  clipped: boolean;
}

/**
 * A level meter's state between frames: the level, a peak hold and a clip mark, each with its own time. Pure (the
 * caller gives the time), so a meter draws from it without React and tests drive it with made-up times.
 */
export function createMeterModel() {
  let peak = 0;
  let peakAt = -Infinity;
  let clipAt = -Infinity;
  return {
    update(level: number, now: number): MeterReading {
      const clamped = Math.min(1, Math.max(0, level));
      if (clamped >= peak || now - peakAt > PEAK_HOLD_MS) {
        peak = clamped;
        peakAt = now;
      }
      if (clamped >= CLIP_LEVEL) clipAt = now;
      return { level: clamped, peak, clipped: now - clipAt <= CLIP_HOLD_MS };
    },
    /** No levels any more (the client left the room): everything back to silence at once. */
    reset(): MeterReading {
      peak = 0;
      peakAt = -Infinity;
      clipAt = -Infinity;
      return { level: 0, peak: 0, clipped: false };
    },
  };
}

/** "-12 dB" (of full scale) for a level, "-∞ dB" for silence: what the meter says to a screen reader. */
export function levelDb(level: number): number {
  return level <= 0 ? -Infinity : Math.round(20 * Math.log10(level));
}

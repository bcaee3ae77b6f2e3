/**
 * The self-check's verdict on the measured round trip, and the tips that fit it. Thresholds and their reasons:
 * docs/decisions/0019-link-crawler-and-selfcheck-verdict.md.
 */
export type SelfcheckVerdict = 'excellent' | 'good' | 'tooHigh';
export type SelfcheckTip = 'wired' | 'headphones' | 'buffer' | 'region';

/**
 * Upper bounds (exclusive) of the median round trip to the echo room, in milliseconds. That round trip is about
 * what one musician's sound takes to reach another through the room (each half of it is one leg), before buffers.
 * Ensembles keep a steady tempo up to about 25 ms of one-way delay (Chafe et al., 2004; Carôt's "ensemble
 * performance threshold"); beyond about 50 ms they drag and tight playing falls apart.
 */
export const VERDICT_THRESHOLDS_MS = { excellent: 25, good: 50 } as const;

/** A spread (90th percentile minus median) past which the network is irregular enough to suggest a cable. */
export const IRREGULAR_SPREAD_MS = 10;

export function verdictOf(roundTripMs: number): SelfcheckVerdict {
  if (roundTripMs < VERDICT_THRESHOLDS_MS.excellent) return 'excellent';
  if (roundTripMs < VERDICT_THRESHOLDS_MS.good) return 'good';
  return 'tooHigh';
}

/** The value below which `fraction` of the samples lie (nearest rank); null without samples. */
export function percentile(samples: readonly number[], fraction: number): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank]!;
}

/**
 * The tips worth showing, most effective first: an irregular network gets the cable tip even when fast; a slower
 * one also the headphones (Bluetooth adds far more than any network) and the buffer (added on top of this figure);
 * a round trip too high for tight playing is mostly distance, hence a nearer region.
 */
export function tipsFor(verdict: SelfcheckVerdict, samples: readonly number[]): SelfcheckTip[] {
  const median = percentile(samples, 0.5);
  const p90 = percentile(samples, 0.9);
  const irregular = median !== null && p90 !== null && p90 - median > IRREGULAR_SPREAD_MS;
  if (verdict === 'excellent') return irregular ? ['wired'] : [];
  if (verdict === 'good') return ['wired', 'headphones', 'buffer'];
  return ['wired', 'headphones', 'buffer', 'region'];
}

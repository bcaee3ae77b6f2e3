import type { ConnectionType } from '@tutti/contract/community';

/**
 * The self-check's verdict on the measured round trip, and the tips that fit it and the musician's connection type.
 * Thresholds and their reasons: docs/decisions/0019-link-crawler-and-selfcheck-verdict.md.
 */
export type SelfcheckVerdict = 'excellent' | 'good' | 'tooHigh';
export type SelfcheckTip =
  | 'satellite'
  | 'otherLine'
  | 'wired'
  | 'wiredFiber'
  | 'wiredBroadband'
  | 'headphones'
  | 'buffer'
  | 'region'
  | 'setConnection';

/** The musician's connection type as the page knows it: null when the profile does not tell it, undefined when the
 *  page cannot know (the profile is loading or failed, or the musician is under the social age and has none). */
export type KnownConnection = ConnectionType | null | undefined;

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
function networkTips(verdict: SelfcheckVerdict, samples: readonly number[]): SelfcheckTip[] {
  const median = percentile(samples, 0.5);
  const p90 = percentile(samples, 0.9);
  const irregular = median !== null && p90 !== null && p90 - median > IRREGULAR_SPREAD_MS;
  if (verdict === 'excellent') return irregular ? ['wired'] : [];
  if (verdict === 'good') return ['wired', 'headphones', 'buffer'];
  return ['wired', 'headphones', 'buffer', 'region'];
}

/** The cable tip as the connection type words it: fiber and DSL/cable lines are rarely the slow part, Wi-Fi is;
 *  another connection (mobile, shared) varies by itself, and a fixed line is the cure. */
const WIRED_TIP: Record<Exclude<ConnectionType, 'satellite'>, SelfcheckTip> = {
  fiber: 'wiredFiber',
  broadband: 'wiredBroadband',
  other: 'otherLine',
};

/**
 * The tips for this round trip and this connection type. Nothing to improve stays nothing. A satellite link (short
 * of an excellent figure) is the cause itself: its tip comes first, in place of the cable and the region (another
 * line is the cure, not a cable at home or a nearer server). Fiber, broadband and other connections get the cable
 * tip in their own words. A connection the profile does not tell gets a last tip: tell it, for advice that fits.
 */
export function tipsFor(
  verdict: SelfcheckVerdict,
  samples: readonly number[],
  connection: KnownConnection = undefined,
): SelfcheckTip[] {
  const tips = networkTips(verdict, samples);
  if (tips.length === 0 || connection === undefined) return tips;
  if (connection === null) return [...tips, 'setConnection'];
  if (connection === 'satellite') {
    return verdict === 'excellent' ? tips : ['satellite', ...tips.filter((t) => t !== 'wired' && t !== 'region')];
  }
  return tips.map((t) => (t === 'wired' ? WIRED_TIP[connection] : t));
}

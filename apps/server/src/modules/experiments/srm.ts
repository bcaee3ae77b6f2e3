import { SRM_THRESHOLD } from '@tutti/contract/experiments';

/**
 * The sample ratio mismatch check: Pearson's chi-square of the observed counts per variant against the counts the
 * weights expect, and its p-value for k - 1 degrees of freedom (the upper regularized gamma function Q(k/2, x/2)).
 */
export interface Srm {
  chiSquare: number;
  pValue: number | null;
  mismatch: boolean;
}

export function sampleRatioMismatch(observed: readonly number[], weights: readonly number[]): Srm {
  const total = observed.reduce((a, b) => a + b, 0);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || weightSum <= 0 || observed.length < 2) return { chiSquare: 0, pValue: null, mismatch: false };
  let chiSquare = 0;
  observed.forEach((count, i) => {
    const expected = (total * (weights[i] ?? 0)) / weightSum;
    if (expected > 0) chiSquare += (count - expected) ** 2 / expected;
  });
  const pValue = chiSquarePValue(chiSquare, observed.length - 1);
  return { chiSquare, pValue, mismatch: pValue < SRM_THRESHOLD };
}

/** P(X >= x) for X chi-square distributed with `df` degrees of freedom. */
export function chiSquarePValue(x: number, df: number): number {
  if (df <= 0) throw new RangeError('degrees of freedom must be positive');
  if (x <= 0) return 1;
  return upperRegularizedGamma(df / 2, x / 2);
}

const EPSILON = 1e-15;
const MAX_ITERATIONS = 1000;

/** Q(a, x) = Γ(a, x) / Γ(a): the series for P when x < a + 1, Lentz's continued fraction for Q otherwise
 *  (Numerical Recipes, 6.2). */
export function upperRegularizedGamma(a: number, x: number): number {
  if (x < a + 1) return 1 - lowerSeries(a, x);
  return upperContinuedFraction(a, x);
}

function lowerSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < MAX_ITERATIONS; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPSILON) break;
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
}

function upperContinuedFraction(a: number, x: number): number {
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
}

/** ln Γ(z) by the Lanczos approximation (g = 7, 9 coefficients), good to about 15 digits for z > 0. */
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];
export function logGamma(z: number): number {
  if (z < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * z))) - logGamma(1 - z);
  const zz = z - 1;
  let sum = LANCZOS[0] as number;
  for (let i = 1; i < LANCZOS.length; i++) sum += (LANCZOS[i] as number) / (zz + i);
  const t = zz + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (zz + 0.5) * Math.log(t) - t + Math.log(sum);
}

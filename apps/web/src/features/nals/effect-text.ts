import type { TFunction } from 'i18next';
import type { Locale } from '@tutti/contract/common';
import type { AmpField, ChorusField, DelayField, EffectTarget } from '../../lib/nals/commands';
import { formatDecimal } from '../../lib/format';

/** How a value reads on screen; `knob` is a bare figure on the control's own scale. */
export type EffectUnit = 'knob' | 'db' | 'ms' | 'percent' | 'hz' | 'voices';

export interface EffectDisplay {
  unit: EffectUnit;
  /** The screen shows the client's value times this: seconds as milliseconds, fractions (0 to 1) as percent. */
  scale: number;
  /** One slider (or arrow key) step, in the screen's unit; its decimals are the ones shown. */
  step: number;
  /** A boost or a cut: "+3 dB", "−6 dB". */
  signed?: boolean;
}

/**
 * The units, read from the protocol (packages/contract/src/nals.ts) and the reference values the emulator reports
 * (apps/nals/src/engine/effects.ts). The contract names a unit only where the field says it (timeInSec, pitchInSec,
 * rateInHz); the others are read from their bounds:
 * - bass, middle, treble go from 0 to 10 around a middle of 5: an amp's tone knobs, shown on that 0–10 scale;
 * - drive goes from 0 to 30 (default 10): no unit in the protocol and not a level, so its own scale too;
 * - gain goes from −12 to +12 around 0: a cut or boost in decibels, signed;
 * - delay time and chorus pitch are seconds but live between 1 ms and 2 s: shown in milliseconds;
 * - rate is already in hertz; voices is a count;
 * - feedback, depth, width and the mixes go from 0 to 1 (feedback to 0.95): proportions, shown in percent.
 */
export const EFFECT_DISPLAY = {
  amp: {
    bass: { unit: 'knob', scale: 1, step: 0.1 },
    middle: { unit: 'knob', scale: 1, step: 0.1 },
    treble: { unit: 'knob', scale: 1, step: 0.1 },
    drive: { unit: 'knob', scale: 1, step: 0.5 },
    gain: { unit: 'db', scale: 1, step: 0.5, signed: true },
  },
  delay: {
    timeInSec: { unit: 'ms', scale: 1000, step: 10 },
    feedback: { unit: 'percent', scale: 100, step: 1 },
    mixer: { unit: 'percent', scale: 100, step: 1 },
  },
  chorus: {
    pitchInSec: { unit: 'ms', scale: 1000, step: 0.1 },
    voices: { unit: 'voices', scale: 1, step: 1 },
    rateInHz: { unit: 'hz', scale: 1, step: 0.1 },
    depth: { unit: 'percent', scale: 100, step: 1 },
    width: { unit: 'percent', scale: 100, step: 1 },
    mixer: { unit: 'percent', scale: 100, step: 1 },
  },
} as const satisfies {
  amp: Record<AmpField, EffectDisplay>;
  delay: Record<DelayField, EffectDisplay>;
  chorus: Record<ChorusField, EffectDisplay>;
};

/** The decimals of a step: 0.1 -> 1, 10 -> 0. */
export const decimalsOf = (step: number): number => (String(step).split('.')[1] ?? '').length;

/**
 * The client's value on the screen's scale, without the float noise of the multiplication (0.57 * 100), keeping a
 * few more decimals than the step so a value the client holds off the steps is not moved by showing it.
 */
export const toScreen = (display: EffectDisplay, value: number): number =>
  Number((value * display.scale).toFixed(decimalsOf(display.step) + 3));

/** The screen's value back on the client's scale (310 ms -> 0.31 s). */
export const toClient = (display: EffectDisplay, value: number): number => Number((value / display.scale).toFixed(9));

/** "300 ms", "25 %", "+3 dB", "1,5 Hz": a value on the screen's scale with its unit, in the reader's language. */
export function effectText(t: TFunction<'nals'>, locale: Locale, display: EffectDisplay, value: number): string {
  const figure = formatDecimal(value, locale, decimalsOf(display.step), display.signed);
  return t(`effects.units.${display.unit}`, { value: figure, count: value });
}

export function displayOf(target: EffectTarget): EffectDisplay {
  if (target.section === 'amp') return EFFECT_DISPLAY.amp[target.field];
  if (target.section === 'delay') return EFFECT_DISPLAY.delay[target.field];
  return EFFECT_DISPLAY.chorus[target.field];
}

import { EFFECT_DEFAULTS, NALS_GATES, NALS_RECORD_MAX_SECONDS, supports } from '@tutti/contract/nals-constants';
import type { CurrentConfig, Effects, EffectsPatch, NalsAction, NalsActionData } from '@tutti/contract/nals';

/** An action for the audio client with its data, as published on `/in`. */
export type NalsCommand = { [A in NalsAction]: { action: A; data?: NalsActionData<A> } }[NalsAction];

export type NalsGate = keyof typeof NALS_GATES;
export { supports };

/** The contract's jitter range (set_jitter). */
export const JITTER_MIN = 0;
export const JITTER_MAX = 64;

export function clamp(value: number, min: number, max: number): number {
  if (Number.isNaN(value)) return min;
  return Math.min(max, Math.max(min, value));
}

/** Spec section 5: the amp stack index stays between 0 and the list's length minus 1. */
export function clampIndex(index: number, length: number): number {
  return clamp(Math.round(index), 0, Math.max(0, length - 1));
}

export type AmpField = 'bass' | 'middle' | 'treble' | 'drive' | 'gain';
export type DelayField = 'timeInSec' | 'feedback' | 'mixer';
export type ChorusField = 'pitchInSec' | 'voices' | 'rateInHz' | 'depth' | 'width' | 'mixer';

export type EffectTarget =
  | { section: 'amp'; field: AmpField }
  | { section: 'delay'; field: DelayField }
  | { section: 'chorus'; field: ChorusField };

/** Effects need 0.10.0; the chorus 0.10.2 (spec section 5). */
export const effectsVisible = (version: string | null) => supports(version, 'effects');
export const chorusVisible = (version: string | null) => supports(version, 'chorus');

/** The client's own bounds for one effect value, or null when the client did not report that effect. */
export function effectBounds(effects: Effects | null, target: EffectTarget): { min: number; max: number } | null {
  if (!effects) return null;
  if (target.section === 'amp') return effects.amp.bounds[target.field];
  if (target.section === 'delay') return effects.delay.bounds[target.field];
  return effects.chorus ? effects.chorus.bounds[target.field] : null;
}

const patchCommand = (patch: EffectsPatch): NalsCommand => ({ action: 'native_effects', data: patch });

export type EffectSection = EffectTarget['section'];

/** What a section's Reset restores (packages/contract/src/nals.ts), clamped to the client's bounds when sent. */
export { EFFECT_DEFAULTS };

/** Every value field of a section, in the order the panel shows them. */
export const EFFECT_FIELDS = {
  amp: ['bass', 'middle', 'treble', 'drive', 'gain'],
  delay: ['timeInSec', 'feedback', 'mixer'],
  chorus: ['pitchInSec', 'voices', 'rateInHz', 'depth', 'width', 'mixer'],
} as const satisfies { amp: AmpField[]; delay: DelayField[]; chorus: ChorusField[] };

/** The value the client would take (clamped to its bounds); null when its version hides that effect or it has none. */
function allowedEffectValue(
  effects: Effects | null,
  version: string | null,
  target: EffectTarget,
  value: number,
): number | null {
  const bounds = effectBounds(effects, target);
  const allowed = target.section === 'chorus' ? chorusVisible(version) : effectsVisible(version);
  if (!bounds || !allowed || !Number.isFinite(value)) return null;
  return clamp(value, bounds.min, bounds.max);
}

/**
 * The command that sets one effect value, clamped to the bounds the client reported; null when the client's
 * version hides that effect or the client has not said what its effects are.
 */
export function effectValueCommand(
  effects: Effects | null,
  version: string | null,
  target: EffectTarget,
  value: number,
): NalsCommand | null {
  const clamped = allowedEffectValue(effects, version, target, value);
  return clamped === null ? null : patchCommand({ [target.section]: { [target.field]: clamped } });
}

export function defaultValue(target: EffectTarget): number {
  if (target.section === 'amp') return EFFECT_DEFAULTS.amp[target.field];
  if (target.section === 'delay') return EFFECT_DEFAULTS.delay[target.field];
  return EFFECT_DEFAULTS.chorus[target.field];
}

/**
 * A section's Reset: one patch with every value of the section at its default, each clamped to the client's bounds
 * (one command, so the client answers once and the sliders never show a half-reset section); null as for a value.
 */
export function effectsResetCommand(
  effects: Effects | null,
  version: string | null,
  section: EffectSection,
): NalsCommand | null {
  const values: Record<string, number> = {};
  for (const field of EFFECT_FIELDS[section]) {
    const target = { section, field } as EffectTarget;
    const value = allowedEffectValue(effects, version, target, defaultValue(target));
    if (value === null) return null;
    values[field] = value;
  }
  return patchCommand({ [section]: values });
}

/** Choosing an amp model: the stack index clamped to the list. */
export function ampStackCommand(effects: Effects | null, version: string | null, index: number): NalsCommand | null {
  if (!effects || !effectsVisible(version) || effects.amp.amps.length === 0) return null;
  return patchCommand({ amp: { stack: clampIndex(index, effects.amp.amps.length) } });
}

export type EffectSwitch = 'amp.enabled' | 'amp.insane' | 'delay.enabled' | 'delay.chorus' | 'chorus.enabled';

export function effectSwitchCommand(version: string | null, which: EffectSwitch, on: boolean): NalsCommand | null {
  const [section, field] = which.split('.') as ['amp' | 'delay' | 'chorus', string];
  const allowed = section === 'chorus' ? chorusVisible(version) : effectsVisible(version);
  return allowed ? patchCommand({ [section]: { [field]: on } }) : null;
}

/** Jitter values are whole packets within the contract's range. */
export function jitterCommand(local: number, server: number): NalsCommand {
  const fit = (v: number) => clamp(Math.round(v), JITTER_MIN, JITTER_MAX);
  return { action: 'set_jitter', data: { local: fit(local), server: fit(server) } };
}

export function reverbCommand(side: CurrentConfig['reverbSide'], value: number): NalsCommand {
  return { action: 'set_reverb', data: { side, value: clamp(value, 0, 1) } };
}

/** Only a size the client says it supports. */
export function bufferCommand(config: CurrentConfig | null, size: number): NalsCommand | null {
  if (!config || !config.supportedAudioBufferSizes.includes(size)) return null;
  return { action: 'set_buffer', data: { size } };
}

/** The preferred frame size exists from 0.11.0. */
export function frameSizeCommand(version: string | null, size: number): NalsCommand | null {
  if (!supports(version, 'prefFrameSize') || !Number.isInteger(size) || size <= 0) return null;
  return { action: 'set_pref_audio_frame_size', data: { size } };
}

/** Ping from 0.9.0. */
export const pingCommand = (version: string | null): NalsCommand | null =>
  supports(version, 'ping') ? { action: 'ping' } : null;

/** Recording to a local file works at every version, for at most the contract's NALS_RECORD_MAX_SECONDS. */
export const startRecordingCommand = (): NalsCommand => ({
  action: 'start_record_to_file',
  data: { maxSeconds: NALS_RECORD_MAX_SECONDS },
});

export const stopRecordingCommand = (): NalsCommand => ({ action: 'stop_record' });

/** Listing and deleting local recordings from 0.6.4. */
export const listRecordingsCommand = (version: string | null): NalsCommand | null =>
  supports(version, 'recordings') ? { action: 'list' } : null;

export const deleteRecordingCommand = (version: string | null, name: string): NalsCommand | null =>
  supports(version, 'recordings') && name.length > 0 ? { action: 'delete', data: { name } } : null;

import { EFFECT_DEFAULTS, supports, type Effects, type EffectsPatch } from '@tutti/contract/nals';

export const AMP_MODELS: readonly string[] = ['Clean', 'Crunch', 'Lead', 'Bass'];

export function defaultEffects(): Effects {
  return {
    amp: {
      enabled: true,
      amps: [...AMP_MODELS],
      stack: 0,
      ...EFFECT_DEFAULTS.amp,
      insane: false,
      bounds: {
        bass: { min: 0, max: 10 },
        middle: { min: 0, max: 10 },
        treble: { min: 0, max: 10 },
        drive: { min: 0, max: 30 },
        gain: { min: -12, max: 12 },
      },
    },
    delay: {
      enabled: false,
      ...EFFECT_DEFAULTS.delay,
      chorus: false,
      bounds: { timeInSec: { min: 0.01, max: 2 }, feedback: { min: 0, max: 0.95 }, mixer: { min: 0, max: 1 } },
    },
    chorus: {
      enabled: false,
      ...EFFECT_DEFAULTS.chorus,
      bounds: {
        pitchInSec: { min: 0.001, max: 0.05 },
        voices: { min: 1, max: 8 },
        rateInHz: { min: 0.1, max: 10 },
        depth: { min: 0, max: 1 },
        width: { min: 0, max: 1 },
        mixer: { min: 0, max: 1 },
      },
    },
  };
}

const clamp = (value: number, b: { min: number; max: number }) => Math.min(b.max, Math.max(b.min, value));

/** Applies only the given fields of `patch` to `obj`, each numeric one clamped to its bound. */
function applyClamped<T extends { bounds: Record<string, { min: number; max: number }> }>(
  obj: T,
  patch: Partial<Record<keyof T, unknown>> | undefined,
): T {
  if (!patch) return obj;
  const out: Record<string, unknown> = { ...obj };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const bound = obj.bounds[key];
    out[key] = typeof value === 'number' && bound ? clamp(value, bound) : value;
  }
  return out as T;
}

/**
 * The client clamps every value itself, whatever the web sent: each effect value to its bounds, the amp stack to
 * 0..models-1, and chorus voices to a whole number. Below 0.10.2 the chorus (and delay's chorus flag) do not exist.
 */
export function applyEffectsPatch(current: Effects, patch: EffectsPatch, version: string): Effects {
  const withChorus = supports(version, 'chorus');
  const amp = applyClamped(current.amp, patch.amp);
  if (patch.amp?.stack !== undefined)
    amp.stack = Math.round(clamp(patch.amp.stack, { min: 0, max: amp.amps.length - 1 }));
  const delayPatch = withChorus ? patch.delay : { ...patch.delay, chorus: undefined };
  const delay = applyClamped(current.delay, delayPatch);
  let chorus = current.chorus;
  if (chorus && withChorus && patch.chorus) {
    chorus = applyClamped(chorus, patch.chorus);
    chorus.voices = Math.round(chorus.voices);
  }
  return { amp, delay, chorus };
}

/** What `native_info` reports for a client of this version. */
export function effectsForVersion(effects: Effects, version: string): Effects | null {
  if (!supports(version, 'effects')) return null;
  if (supports(version, 'chorus')) return structuredClone(effects);
  return {
    amp: structuredClone(effects.amp),
    delay: { ...structuredClone(effects.delay), chorus: false },
    chorus: null,
  };
}

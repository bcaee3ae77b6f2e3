import type { CurrentConfig, Effects } from '@tutti/contract/nals';

/** What a connected audio client reports, for the feature's tests; each test overrides what it is about. */
const bounds = (min: number, max: number) => ({ min, max });

export const sampleConfig = (patch: Partial<CurrentConfig> = {}): CurrentConfig => ({
  jitterToggle: true,
  jitterConfig: { local: 4, server: 6 },
  audioQuality: 1,
  audioChannel: 0,
  reverbSide: 'local',
  reverbValue: 0.3,
  audioBufferSize: 256,
  supportedAudioBufferSizes: [64, 128, 256, 512],
  prefAudioFrameSize: 128,
  soundCard: 'sim-builtin',
  ...patch,
});

type EffectsPatch = {
  amp?: Partial<Effects['amp']>;
  delay?: Partial<Effects['delay']>;
  chorus?: Partial<NonNullable<Effects['chorus']>> | null;
};

export function sampleEffects(patch: EffectsPatch = {}): Effects {
  const chorus: NonNullable<Effects['chorus']> = {
    enabled: false,
    pitchInSec: 0.01,
    voices: 2,
    rateInHz: 1,
    depth: 0.5,
    width: 0.5,
    mixer: 0.5,
    bounds: {
      pitchInSec: bounds(0.001, 0.05),
      voices: bounds(1, 8),
      rateInHz: bounds(0.1, 10),
      depth: bounds(0, 1),
      width: bounds(0, 1),
      mixer: bounds(0, 1),
    },
  };
  return {
    amp: {
      enabled: true,
      amps: ['Clean', 'Crunch'],
      stack: 0,
      bass: 5,
      middle: 5,
      treble: 5,
      drive: 10,
      gain: 3,
      insane: false,
      bounds: {
        bass: bounds(0, 10),
        middle: bounds(0, 10),
        treble: bounds(0, 10),
        drive: bounds(0, 30),
        gain: bounds(0, 10),
      },
      ...patch.amp,
    },
    delay: {
      enabled: true,
      timeInSec: 0.3,
      feedback: 0.2,
      mixer: 0.5,
      chorus: false,
      bounds: { timeInSec: bounds(0, 2), feedback: bounds(0, 1), mixer: bounds(0, 1) },
      ...patch.delay,
    },
    chorus: patch.chorus === null ? null : { ...chorus, ...patch.chorus },
  };
}

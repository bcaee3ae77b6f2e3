import { describe, expect, it } from 'vitest';
import type { CurrentConfig, Effects } from '@tutti/contract/nals';
import {
  ampStackCommand,
  bufferCommand,
  chorusVisible,
  clamp,
  clampIndex,
  deleteRecordingCommand,
  EFFECT_DEFAULTS,
  effectsResetCommand,
  effectsVisible,
  effectSwitchCommand,
  effectValueCommand,
  frameSizeCommand,
  jitterCommand,
  listRecordingsCommand,
  pingCommand,
  reverbCommand,
} from './commands';
import { sampleEffects } from './test-fixtures';

const effects: Effects = sampleEffects({
  amp: {
    amps: ['Clean', 'Crunch', 'Lead'],
    bounds: {
      bass: { min: -12, max: 12 },
      middle: { min: 0, max: 10 },
      treble: { min: 0, max: 10 },
      drive: { min: 0, max: 30 },
      gain: { min: 0, max: 10 },
    },
  },
  delay: { bounds: { timeInSec: { min: 0.01, max: 2 }, feedback: { min: 0, max: 0.95 }, mixer: { min: 0, max: 1 } } },
});

describe('clamping', () => {
  it('keeps a value within its bounds, NaN at the minimum', () => {
    expect(clamp(5, 0, 10)).toBe(5);
    expect(clamp(-3, 0, 10)).toBe(0);
    expect(clamp(99, 0, 30)).toBe(30);
    expect(clamp(Number.NaN, 2, 10)).toBe(2);
  });

  it('keeps the amp stack index between 0 and length - 1', () => {
    expect(clampIndex(-1, 3)).toBe(0);
    expect(clampIndex(7, 3)).toBe(2);
    expect(clampIndex(1, 3)).toBe(1);
    expect(clampIndex(4, 0)).toBe(0);
  });

  it('clamps every effect value to the bounds the client reported', () => {
    expect(effectValueCommand(effects, '0.11.0', { section: 'amp', field: 'drive' }, 99)).toEqual({
      action: 'native_effects',
      data: { amp: { drive: 30 } },
    });
    expect(effectValueCommand(effects, '0.11.0', { section: 'amp', field: 'bass' }, -40)).toEqual({
      action: 'native_effects',
      data: { amp: { bass: -12 } },
    });
    expect(effectValueCommand(effects, '0.11.0', { section: 'delay', field: 'feedback' }, 1)).toEqual({
      action: 'native_effects',
      data: { delay: { feedback: 0.95 } },
    });
    expect(effectValueCommand(effects, '0.11.0', { section: 'chorus', field: 'voices' }, 0)).toEqual({
      action: 'native_effects',
      data: { chorus: { voices: 1 } },
    });
    expect(effectValueCommand(effects, '0.11.0', { section: 'delay', field: 'mixer' }, 0.25)).toEqual({
      action: 'native_effects',
      data: { delay: { mixer: 0.25 } },
    });
  });

  it('sends nothing without reported effects or for a value that is not a number', () => {
    expect(effectValueCommand(null, '0.11.0', { section: 'amp', field: 'gain' }, 1)).toBeNull();
    expect(effectValueCommand(effects, '0.11.0', { section: 'amp', field: 'gain' }, Number.NaN)).toBeNull();
    expect(
      effectValueCommand({ ...effects, chorus: null }, '0.11.0', { section: 'chorus', field: 'depth' }, 1),
    ).toBeNull();
  });

  it('resets a section to the defaults in one patch, each clamped to the client bounds', () => {
    expect(effectsResetCommand(effects, '0.10.0', 'delay')).toEqual({
      action: 'native_effects',
      data: { delay: EFFECT_DEFAULTS.delay },
    });
    // This client's drive stops at 8 (bounds of another client than the reference one).
    const narrow = {
      ...effects,
      amp: { ...effects.amp, bounds: { ...effects.amp.bounds, drive: { min: 0, max: 8 } } },
    };
    expect(effectsResetCommand(narrow, '0.10.0', 'amp')).toEqual({
      action: 'native_effects',
      data: { amp: { bass: 5, middle: 5, treble: 5, drive: 8, gain: 0 } },
    });
    expect(effectsResetCommand(effects, '0.11.0', 'chorus')).toEqual({
      action: 'native_effects',
      data: { chorus: EFFECT_DEFAULTS.chorus },
    });
    // Gates and missing effects as for one value.
    expect(effectsResetCommand(effects, '0.10.1', 'chorus')).toBeNull();
    expect(effectsResetCommand({ ...effects, chorus: null }, '0.11.0', 'chorus')).toBeNull();
    expect(effectsResetCommand(null, '0.11.0', 'amp')).toBeNull();
  });

  it('clamps the amp model to the list', () => {
    expect(ampStackCommand(effects, '0.10.0', 5)).toEqual({ action: 'native_effects', data: { amp: { stack: 2 } } });
    expect(ampStackCommand(effects, '0.10.0', -2)).toEqual({ action: 'native_effects', data: { amp: { stack: 0 } } });
    expect(ampStackCommand({ ...effects, amp: { ...effects.amp, amps: [] } }, '0.10.0', 0)).toBeNull();
  });

  it('keeps jitter whole and within 0..64, reverb within 0..1', () => {
    expect(jitterCommand(-2, 80.4)).toEqual({ action: 'set_jitter', data: { local: 0, server: 64 } });
    expect(jitterCommand(3.6, 6)).toEqual({ action: 'set_jitter', data: { local: 4, server: 6 } });
    expect(reverbCommand('room', 1.4)).toEqual({ action: 'set_reverb', data: { side: 'room', value: 1 } });
  });

  it('only sends a buffer size the client supports', () => {
    const config = { supportedAudioBufferSizes: [64, 128] } as CurrentConfig;
    expect(bufferCommand(config, 128)).toEqual({ action: 'set_buffer', data: { size: 128 } });
    expect(bufferCommand(config, 100)).toBeNull();
    expect(bufferCommand(null, 64)).toBeNull();
  });
});

describe('version gates', () => {
  it('effects from 0.10.0, chorus from 0.10.2', () => {
    expect(effectsVisible('0.9.9')).toBe(false);
    expect(effectsVisible('0.10.0')).toBe(true);
    expect(effectsVisible(null)).toBe(false);
    expect(chorusVisible('0.10.1')).toBe(false);
    expect(chorusVisible('0.10.2')).toBe(true);
    expect(effectValueCommand(effects, '0.9.0', { section: 'amp', field: 'gain' }, 1)).toBeNull();
    expect(effectValueCommand(effects, '0.10.1', { section: 'chorus', field: 'depth' }, 1)).toBeNull();
    expect(effectValueCommand(effects, '0.10.1', { section: 'delay', field: 'mixer' }, 1)).not.toBeNull();
    expect(effectSwitchCommand('0.10.1', 'chorus.enabled', true)).toBeNull();
    expect(effectSwitchCommand('0.10.2', 'chorus.enabled', true)).toEqual({
      action: 'native_effects',
      data: { chorus: { enabled: true } },
    });
    expect(effectSwitchCommand('0.10.0', 'amp.insane', true)).toEqual({
      action: 'native_effects',
      data: { amp: { insane: true } },
    });
    expect(ampStackCommand(effects, '0.9.0', 1)).toBeNull();
  });

  it('ping from 0.9.0', () => {
    expect(pingCommand('0.8.9')).toBeNull();
    expect(pingCommand('0.9.0')).toEqual({ action: 'ping' });
  });

  it('recordings from 0.6.4', () => {
    expect(listRecordingsCommand('0.6.3')).toBeNull();
    expect(listRecordingsCommand('0.6.4')).toEqual({ action: 'list' });
    expect(deleteRecordingCommand('0.6.3', 'a')).toBeNull();
    expect(deleteRecordingCommand('0.6.4', 'a')).toEqual({ action: 'delete', data: { name: 'a' } });
    expect(deleteRecordingCommand('0.6.4', '')).toBeNull();
  });

  it('preferred frame size from 0.11.0', () => {
    expect(frameSizeCommand('0.10.2', 128)).toBeNull();
    expect(frameSizeCommand('0.11.0', 128)).toEqual({ action: 'set_pref_audio_frame_size', data: { size: 128 } });
    expect(frameSizeCommand('0.11.0', 0)).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CurrentConfig, SoundCard } from '@tutti/contract/nals';
import { SIMULATED_SOUND_CARDS } from '../src/engine/settings.ts';
import { startHarness, type Harness } from './harness.ts';

const lastConfig = (h: Harness) => h.transport.signals('current_config').at(-1)?.data as CurrentConfig;
const lastError = (h: Harness) => h.transport.signals('error').at(-1)?.data as { code: string };

describe('audio settings', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  it('get_current_config -> current_config with the defaults (quality 1, channel 0, sizes 64-512)', async () => {
    await h.send('get_current_config');
    expect(lastConfig(h)).toEqual({
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
    });
  });

  it('get_sound_card_list -> sound_card_list of simulated devices', async () => {
    await h.send('get_sound_card_list');
    const { cards } = h.transport.signals('sound_card_list').at(-1)?.data as { cards: SoundCard[] };
    expect(cards).toEqual(SIMULATED_SOUND_CARDS);
    expect(cards.length).toBeGreaterThanOrEqual(2);
    expect(cards.every((c) => c.name.includes('simulated'))).toBe(true);
  });

  it.each<[string, unknown, Partial<CurrentConfig>]>([
    ['set_sound_card', { id: 'sim-studio-8' }, { soundCard: 'sim-studio-8' }],
    ['set_audio_channel', { channel: 2 }, { audioChannel: 2 }],
    ['set_audio_quality', { quality: 0 }, { audioQuality: 0 }],
    ['set_buffer', { size: 64 }, { audioBufferSize: 64 }],
    ['toggle_auto_jitter', { enabled: false }, { jitterToggle: false }],
    ['set_jitter', { local: 12, server: 20 }, { jitterConfig: { local: 12, server: 20 } }],
    ['set_reverb', { side: 'room', value: 0.8 }, { reverbSide: 'room', reverbValue: 0.8 }],
    ['set_pref_audio_frame_size', { size: 512 }, { prefAudioFrameSize: 512 }],
  ])('%s -> current_config with the change', async (action, data, expected) => {
    const from = h.mark();
    await h.send(action, data);
    expect(h.transport.published.slice(from).map((s) => s.signal)).toEqual(['current_config']);
    expect(lastConfig(h)).toMatchObject(expected);
    expect((await h.nals.client.state()).config).toMatchObject(expected);
  });

  it('set_buffer and set_pref_audio_frame_size take the nearest supported size', async () => {
    await h.send('set_buffer', { size: 300 });
    expect(lastConfig(h).audioBufferSize).toBe(256);
    await h.send('set_pref_audio_frame_size', { size: 100 });
    expect(lastConfig(h).prefAudioFrameSize).toBe(128);
  });

  it('set_sound_card with an unknown id -> error SOUND_CARD_NOT_FOUND, config unchanged', async () => {
    await h.send('set_sound_card', { id: 'nope' });
    expect(lastError(h).code).toBe('SOUND_CARD_NOT_FOUND');
    await h.send('get_current_config');
    expect(lastConfig(h).soundCard).toBe('sim-builtin');
  });

  it.each<[string, unknown, Record<string, unknown>]>([
    ['set_slot_volume', { slot: 2, volume: 0.5 }, { volume: 0.5 }],
    ['set_slot_mute', { slot: 2, muted: true }, { muted: true }],
    ['set_slot_solo', { slot: 2, solo: true }, { solo: true }],
    ['set_direction', { slot: 2, direction: -0.5 }, { direction: -0.5 }],
  ])('%s -> current_config, and the slot mix changes', async (action, data, expected) => {
    const from = h.mark();
    await h.send(action, data);
    expect(h.transport.published.slice(from).map((s) => s.signal)).toEqual(['current_config']);
    expect((await h.nals.client.state()).mixer['2']).toMatchObject(expected);
  });

  it('open_driver_config -> status DRIVER_CONFIG_OPENED naming the card', async () => {
    await h.send('open_driver_config');
    expect(h.transport.signals('status').at(-1)?.data).toEqual({
      code: 'DRIVER_CONFIG_OPENED',
      message: 'Built-in Audio (simulated)',
    });
  });
});

describe('audio settings of older clients and injected faults', () => {
  let h: Harness;
  afterEach(() => h.close());

  it('below 0.11.0: no preferred frame size, and set_pref_audio_frame_size is unknown', async () => {
    h = await startHarness({ version: '0.10.2' });
    await h.send('get_current_config');
    expect(lastConfig(h).prefAudioFrameSize).toBeNull();
    await h.send('set_pref_audio_frame_size', { size: 256 });
    expect(lastError(h).code).toBe('INVALID_COMMAND');
  });

  it('fault SOUND_CARD_NOT_FOUND: empty list, no card, driver settings unavailable', async () => {
    h = await startHarness({ faults: ['SOUND_CARD_NOT_FOUND'] });
    await h.send('get_sound_card_list');
    expect(h.transport.signals('sound_card_list').at(-1)?.data).toEqual({ cards: [] });
    await h.send('get_current_config');
    expect(lastConfig(h).soundCard).toBeNull();
    await h.send('open_driver_config');
    expect(lastError(h).code).toBe('SOUND_CARD_NOT_FOUND');
  });
});

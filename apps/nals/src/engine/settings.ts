import { supports, type CurrentConfig, type SoundCard } from '@tutti/contract/nals';
import { NalsError } from './errors.ts';
import type { Faults } from './faults.ts';

/** The simulated machine's sound cards: plausible devices, all named as simulated so nobody mistakes them. */
export const SIMULATED_SOUND_CARDS: readonly SoundCard[] = [
  { id: 'sim-builtin', name: 'Built-in Audio (simulated)', inputs: 2, outputs: 2 },
  { id: 'sim-usb-2i2', name: 'USB Audio Interface 2i2 (simulated)', inputs: 2, outputs: 2 },
  { id: 'sim-studio-8', name: 'Studio Interface 8x8 (simulated)', inputs: 8, outputs: 8 },
];
export const SUPPORTED_BUFFER_SIZES: readonly number[] = [64, 128, 256, 512];

type Settings = Omit<CurrentConfig, 'supportedAudioBufferSizes'>;

const nearest = (sizes: readonly number[], size: number): number =>
  sizes.reduce((best, s) => (Math.abs(s - size) < Math.abs(best - size) ? s : best), sizes[0] ?? size);

/** Audio settings (sound card, channel mode, quality, buffers, jitter, reverb), kept across engine restarts. */
export class AudioSettings {
  private settings: Settings;

  constructor(private readonly faults: Faults) {
    this.settings = {
      jitterToggle: true,
      jitterConfig: { local: 4, server: 6 },
      audioQuality: 1,
      audioChannel: 0,
      reverbSide: 'local',
      reverbValue: 0.3,
      audioBufferSize: 256,
      prefAudioFrameSize: 128,
      soundCard: faults.has('SOUND_CARD_NOT_FOUND') ? null : (SIMULATED_SOUND_CARDS[0]?.id ?? null),
    };
  }

  soundCards(): SoundCard[] {
    return this.faults.has('SOUND_CARD_NOT_FOUND') ? [] : SIMULATED_SOUND_CARDS.map((c) => ({ ...c }));
  }

  /** What `current_config` reports for a client of this version. */
  current(version: string): CurrentConfig {
    return {
      ...this.settings,
      jitterConfig: { ...this.settings.jitterConfig },
      supportedAudioBufferSizes: [...SUPPORTED_BUFFER_SIZES],
      prefAudioFrameSize: supports(version, 'prefFrameSize') ? this.settings.prefAudioFrameSize : null,
    };
  }

  setSoundCard(id: string): void {
    if (!this.soundCards().some((c) => c.id === id))
      throw new NalsError('SOUND_CARD_NOT_FOUND', `no sound card "${id}"`);
    this.settings.soundCard = id;
  }

  setAudioChannel(channel: CurrentConfig['audioChannel']): void {
    this.settings.audioChannel = channel;
  }

  setAudioQuality(quality: CurrentConfig['audioQuality']): void {
    this.settings.audioQuality = quality;
  }

  /** A size the card does not support becomes the nearest one it does, as a driver would. */
  setBuffer(size: number): void {
    this.settings.audioBufferSize = nearest(SUPPORTED_BUFFER_SIZES, size);
  }

  setPrefAudioFrameSize(size: number): void {
    this.settings.prefAudioFrameSize = nearest(SUPPORTED_BUFFER_SIZES, size);
  }

  setAutoJitter(enabled: boolean): void {
    this.settings.jitterToggle = enabled;
  }

  setJitter(local: number, server: number): void {
    this.settings.jitterConfig = { local, server };
  }

  setReverb(side: CurrentConfig['reverbSide'], value: number): void {
    this.settings.reverbSide = side;
    this.settings.reverbValue = value;
  }
}

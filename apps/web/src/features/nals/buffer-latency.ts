import { AUDIO_SAMPLE_RATE_HZ } from '@tutti/contract/nals-constants';
import { numberFormat } from '../../lib/format';

/** How long a sound card buffer of `frames` holds the sound: frames ÷ sample rate, in milliseconds. */
export function bufferLatencyMs(frames: number, sampleRateHz: number = AUDIO_SAMPLE_RATE_HZ): number {
  return (frames / sampleRateHz) * 1000;
}

/** "2.7 ms" / "2,7 ms": one decimal, in the reader's notation. */
export function formatLatency(ms: number, locale: string): string {
  return `${numberFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: 1 }).format(ms)}\u00a0ms`;
}

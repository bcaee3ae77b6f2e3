/** Sample rate of the simulated capture (frames sent to rooms and recordings): 16 kHz mono, 16-bit. */
export const SIM_SAMPLE_RATE = 16_000;

/**
 * The simulated musician: a two-note chord with a slow swell and a little noise, so levels move like a real input.
 * It stands in for the sound card capture; with the audio driver down it only yields silence.
 */
export class SimulatedInput {
  private t = 0;

  constructor(private readonly silent: () => boolean = () => false) {}

  /** The next `samples` samples of the capture. */
  next(samples: number): Int16Array {
    const out = new Int16Array(samples);
    if (this.silent()) {
      this.t += samples;
      return out;
    }
    for (let i = 0; i < samples; i++, this.t++) {
      const s = this.t / SIM_SAMPLE_RATE;
      const swell = 0.35 + 0.25 * Math.sin(2 * Math.PI * 0.25 * s);
      const tone = 0.6 * Math.sin(2 * Math.PI * 220 * s) + 0.4 * Math.sin(2 * Math.PI * 330 * s);
      const noise = (Math.random() - 0.5) * 0.02;
      out[i] = Math.round(Math.max(-1, Math.min(1, swell * tone + noise)) * 32767);
    }
    return out;
  }
}

/** Root mean square of 16-bit samples, 0..1. */
export function rms(samples: Int16Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const v of samples) sum += (v / 32768) ** 2;
  return Math.min(1, Math.sqrt(sum / samples.length));
}

/** 16-bit little-endian PCM bytes of samples (the payload of a PCM16 room audio datagram). */
export const encodeFrame = (samples: Int16Array): Uint8Array => {
  const out = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(samples[i] ?? 0, i * 2);
  return out;
};

/** Samples of 16-bit little-endian PCM bytes. */
export function decodeFrame(bytes: Uint8Array): Int16Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Int16Array(Math.floor(bytes.length / 2));
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true);
  return out;
}

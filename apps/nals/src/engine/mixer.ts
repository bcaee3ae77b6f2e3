export interface SlotMix {
  volume: number;
  muted: boolean;
  solo: boolean;
  /** Stereo placement, -1 (left) to 1 (right). */
  direction: number;
}

const DEFAULT_MIX: SlotMix = { volume: 1, muted: false, solo: false, direction: 0 };

/** Per-slot monitor mix (volume, mute, solo, direction); it scales the slot levels reported in `audio_levels`. */
export class Mixer {
  private readonly slots = new Map<number, SlotMix>();

  get(slot: number): SlotMix {
    return { ...(this.slots.get(slot) ?? DEFAULT_MIX) };
  }

  set(slot: number, change: Partial<SlotMix>): void {
    this.slots.set(slot, { ...this.get(slot), ...change });
  }

  /** What a slot contributes to the monitor mix: 0 when muted, or when another slot is soloed and this one is not. */
  gain(slot: number): number {
    const mix = this.get(slot);
    if (mix.muted) return 0;
    const anySolo = [...this.slots.values()].some((m) => m.solo);
    if (anySolo && !mix.solo) return 0;
    return mix.volume;
  }

  snapshot(): Record<string, SlotMix> {
    return Object.fromEntries([...this.slots.entries()].map(([slot, mix]) => [String(slot), { ...mix }]));
  }
}

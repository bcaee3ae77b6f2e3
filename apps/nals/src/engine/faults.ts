import type { NalsErrorCode } from './errors.ts';

/**
 * Failures the emulator can be told to simulate with `--fail CODE[,CODE]`, and what each does:
 * - NALS_NOT_STARTED: the first engine start fails (error, no hello); a later `nals_start` succeeds.
 * - AUDIO_DRIVER_NOT_STARTED: every start reports this error after hello; the engine then only captures silence.
 * - SOUND_CARD_NOT_FOUND: no sound card is found: an empty list, soundCard null, set_sound_card fails.
 * - DOWNLOAD_FAILED: `nals_download` fails half way through its progress.
 * - UPGRADE_FAILED: `nals_upgrade` fails; the client stays at its version.
 * - RECORDING_FAILED: `start_record_to_file` fails.
 * - ROOM_UNREACHABLE: datagrams to rooms are lost (as behind a firewall), so `connect` times out.
 */
export const INJECTABLE_FAULTS = [
  'NALS_NOT_STARTED',
  'AUDIO_DRIVER_NOT_STARTED',
  'SOUND_CARD_NOT_FOUND',
  'DOWNLOAD_FAILED',
  'UPGRADE_FAILED',
  'RECORDING_FAILED',
  'ROOM_UNREACHABLE',
] as const satisfies readonly NalsErrorCode[];
export type InjectableFault = (typeof INJECTABLE_FAULTS)[number];

export const isInjectableFault = (code: string): code is InjectableFault =>
  (INJECTABLE_FAULTS as readonly string[]).includes(code);

/** The injected faults; `consume` is for one-shot ones (the failed first start). */
export class Faults {
  private readonly active: Set<InjectableFault>;
  constructor(codes: Iterable<InjectableFault> = []) {
    this.active = new Set(codes);
  }
  has(code: InjectableFault): boolean {
    return this.active.has(code);
  }
  consume(code: InjectableFault): boolean {
    return this.active.delete(code);
  }
  list(): InjectableFault[] {
    return [...this.active];
  }
}

/**
 * The audio client protocol's constants and version rules, without zod: what a page needs to reach its audio client
 * and read its state (lib/nals in the web) loads without the schemas, which come with the first message (issue 9).
 * nals.ts re-exports all of this beside the schemas.
 */

/**
 * The audio client (NALS) protocol over MQTT. The web publishes `{action, data}` to `/topic/nals/{token}/in` and
 * subscribes to `/topic/nals/{token}/out` for `{signal, data}`; QoS 1. See shared/spec/broker.txt.
 */
export const nalsInTopic = (token: string) => `/topic/nals/${token}/in`;
export const nalsOutTopic = (token: string) => `/topic/nals/${token}/out`;
export const NALS_TOPIC_PATTERN = /^\/topic\/nals\/([A-Za-z0-9_-]+)\/(in|out)$/;

export const NALS_QOS = 1;
export const NALS_KEEPALIVE_SECONDS = 300;
export const NALS_CONNECT_TIMEOUT_MS = 3000;
export const NALS_MESSAGE_LOG_CAP = 100;
export const NALS_LAUNCH_TIMEOUT_MS = 2000;
export const NALS_STOP_DELAY_MS = 100;
export const NALS_RECORD_MAX_SECONDS = 600;
export const PING_WINDOW = 30;

/** Version gates (SPEC section 5). */
export const NALS_GATES = {
  recordings: '0.6.4',
  ping: '0.9.0',
  effects: '0.10.0',
  chorus: '0.10.2',
  prefFrameSize: '0.11.0',
} as const;

/** Error codes an audio client may signal. */
export const NALS_ERROR_CODES = [
  'NALS_NOT_FOUND',
  'NALS_NOT_STARTED',
  'AUDIO_DRIVER_NOT_STARTED',
  'SOUND_CARD_NOT_FOUND',
  'ROOM_UNREACHABLE',
  'DOWNLOAD_FAILED',
  'UPGRADE_FAILED',
  'ROLLBACK_UNAVAILABLE',
  'RECORDING_FAILED',
  'RECORDING_NOT_FOUND',
  'INVALID_COMMAND',
] as const;

/** Semantic version compare: -1, 0 or 1. Non-numeric parts count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}
export const supports = (version: string | null | undefined, gate: keyof typeof NALS_GATES): boolean =>
  !!version && compareVersions(version, NALS_GATES[gate]) >= 0;

/** Codes of the `status` signal (informational, never an error). */
export const NALS_STATUS_CODES = [
  /** `nals_download` progress; `progress` goes from 0 to 1. */
  'DOWNLOAD_PROGRESS',
  /** `open_driver_config` opened the sound card driver's settings panel. */
  'DRIVER_CONFIG_OPENED',
  /** `nals_upgrade` accepted: the client says bye, restarts at `message` (the new version) and says hello. */
  'UPGRADING',
  /** `nals_rollback` accepted: the same restart, at the previous version. */
  'ROLLING_BACK',
  /** `ping` while the client is in no room: nothing to measure. */
  'NOT_CONNECTED',
] as const;
export type NalsStatusCode = (typeof NALS_STATUS_CODES)[number];

/** The protocol reports no sample rate: buffer sizes are shown with their latency at this rate, the one the native
 *  client opens its sound card at (docs/nals-protocol.md). */
export const AUDIO_SAMPLE_RATE_HZ = 48_000;

/**
 * The values the reference audio client starts its effects with: the emulator (apps/nals) starts with them, and a
 * section's Reset in the web restores them. Each client still reports its own bounds; these are clamped to them.
 * Switches and the amp model are not values: Reset leaves them as they are.
 */
export const EFFECT_DEFAULTS = {
  amp: { bass: 5, middle: 5, treble: 5, drive: 10, gain: 0 },
  delay: { timeInSec: 0.3, feedback: 0.3, mixer: 0.25 },
  chorus: { pitchInSec: 0.01, voices: 3, rateInHz: 1.5, depth: 0.5, width: 0.5, mixer: 0.3 },
} as const;

import { NALS_CONNECT_TIMEOUT_MS, NALS_STOP_DELAY_MS } from '@tutti/contract/nals';

/** Every delay of the engine, overridable so tests run fast; defaults are the product's figures. */
export interface EngineTiming {
  /** Between `stop` and `bye` (SPEC section 9). */
  stopDelayMs: number;
  /** Between two `DOWNLOAD_PROGRESS` steps (five steps: 0, 0.25, 0.5, 0.75, 1). */
  downloadStepMs: number;
  /** A room that has not answered the join by then is unreachable. */
  joinTimeoutMs: number;
  /** The join is sent again at this interval while no answer came (UDP may lose it). */
  joinRetryMs: number;
  /** Nothing heard from the room for this long: the connection is lost. */
  lostAfterMs: number;
  /** One simulated audio frame is sent per interval. */
  frameIntervalMs: number;
  /** `audio_levels` interval (about 10 per second). */
  levelsIntervalMs: number;
  /** Periodic UDP ping to the room while connected, reported as `ping`. */
  pingIntervalMs: number;
  /** A ping without pong by then is lost. */
  pingTimeoutMs: number;
  /** Added before every datagram sent to a room (`--latency`): a distant network, for the self-check's verdict. */
  roomDelayMs: number;
}

export const DEFAULT_TIMING: EngineTiming = {
  stopDelayMs: NALS_STOP_DELAY_MS,
  downloadStepMs: 300,
  joinTimeoutMs: NALS_CONNECT_TIMEOUT_MS,
  joinRetryMs: 500,
  lostAfterMs: 5000,
  frameIntervalMs: 20,
  levelsIntervalMs: 100,
  pingIntervalMs: 1000,
  pingTimeoutMs: 1000,
  roomDelayMs: 0,
};

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

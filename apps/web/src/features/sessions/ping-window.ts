import type { RoomMetrics } from '@tutti/contract/sessions';

/** Room quality (spec section 4): the latest `size` ping samples; a report each time `size` new ones arrived. */
export interface PingWindow {
  samples: number[];
  /** Samples since the last report: at `size`, the window is full again and a report is due. */
  sinceReport: number;
}

export const emptyPingWindow: PingWindow = { samples: [], sinceReport: 0 };

/** Min, max, average and standard deviation (population: the window is all there is) of the samples. */
export function pingStatistics(samples: readonly number[]): RoomMetrics | null {
  if (samples.length === 0) return null;
  const min = Math.min(...samples);
  const max = Math.max(...samples);
  const average = samples.reduce((sum, v) => sum + v, 0) / samples.length;
  const variance = samples.reduce((sum, v) => sum + (v - average) ** 2, 0) / samples.length;
  // Rounded to the microsecond; clamped so rounding never puts the average outside [min, max] (the contract checks).
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return {
    minPingInMs: round(min),
    maxPingInMs: round(max),
    averagePingInMs: Math.min(round(max), Math.max(round(min), round(average))),
    sigmaPingInMs: round(Math.sqrt(variance)),
  };
}

/** Adds one sample; `report` is set when this sample filled the window again (every `size` samples). */
export function addPingSample(
  window: PingWindow,
  rttMs: number,
  size: number,
): { window: PingWindow; report: RoomMetrics | null } {
  if (!Number.isFinite(rttMs) || rttMs < 0) return { window, report: null };
  const samples = [...window.samples, rttMs].slice(-size);
  const sinceReport = window.sinceReport + 1;
  if (sinceReport >= size && samples.length === size) {
    return { window: { samples, sinceReport: 0 }, report: pingStatistics(samples) };
  }
  return { window: { samples, sinceReport }, report: null };
}

import { describe, expect, it } from 'vitest';
import { addPingSample, emptyPingWindow, pingStatistics, type PingWindow } from './ping-window';

function feed(values: number[], size: number, start: PingWindow = emptyPingWindow) {
  let window = start;
  const reports = [];
  for (const v of values) {
    const out = addPingSample(window, v, size);
    window = out.window;
    if (out.report) reports.push(out.report);
  }
  return { window, reports };
}

describe('pingStatistics', () => {
  it('gives min, max, average and the population standard deviation', () => {
    expect(pingStatistics([2, 4, 4, 4, 5, 5, 7, 9])).toEqual({
      minPingInMs: 2,
      maxPingInMs: 9,
      averagePingInMs: 5,
      sigmaPingInMs: 2,
    });
  });

  it('has nothing to say about no samples', () => {
    expect(pingStatistics([])).toBeNull();
  });

  it('gives a zero deviation for a steady link', () => {
    expect(pingStatistics([12, 12, 12])?.sigmaPingInMs).toBe(0);
  });
});

describe('addPingSample', () => {
  it('keeps only the latest samples of the window', () => {
    const { window } = feed([1, 2, 3, 4, 5], 3);
    expect(window.samples).toEqual([3, 4, 5]);
  });

  it('reports each time the window is full again: after 30, 60, 90 samples', () => {
    const values = Array.from({ length: 95 }, (_, i) => i + 1);
    const { reports } = feed(values, 30);
    expect(reports).toHaveLength(3);
    expect(reports[0]).toMatchObject({ minPingInMs: 1, maxPingInMs: 30, averagePingInMs: 15.5 });
    expect(reports[1]).toMatchObject({ minPingInMs: 31, maxPingInMs: 60 });
    expect(reports[2]).toMatchObject({ minPingInMs: 61, maxPingInMs: 90 });
  });

  it('does not report before the window is full', () => {
    expect(
      feed(
        Array.from({ length: 29 }, () => 10),
        30,
      ).reports,
    ).toEqual([]);
  });

  it('ignores samples that are not round trips', () => {
    const { window } = feed([Number.NaN, -1, 8], 30);
    expect(window).toEqual({ samples: [8], sinceReport: 1 });
  });
});

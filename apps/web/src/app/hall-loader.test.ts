import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';

let answer: () => void = () => undefined;
// The loader's module keeps whether its first load happened: each test imports a fresh one, and its query client.
let queryClient: QueryClient;

describe('the hall loader', () => {
  beforeEach(async () => {
    vi.useFakeTimers();
    vi.resetModules();
    ({ queryClient } = await import('./query-client'));
    // Every prefetch answers when the test says so.
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    vi.spyOn(queryClient, 'prefetchInfiniteQuery').mockReturnValue(answered);
    vi.spyOn(queryClient, 'prefetchQuery').mockReturnValue(answered);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("waits on its first load for the hall's data, so the page renders once with it", async () => {
    const { prefetchHallOnce } = await import('./hall-loader');
    const done = vi.fn();
    void Promise.resolve(prefetchHallOnce()).then(done);
    await vi.advanceTimersByTimeAsync(500);
    expect(done).not.toHaveBeenCalled();
    expect(queryClient.prefetchInfiniteQuery).toHaveBeenCalledTimes(3);
    expect(queryClient.prefetchQuery).toHaveBeenCalledTimes(1);
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalled();
  });

  it('shows the page after HALL_FIRST_DATA_WAIT_MS when the data is slow', async () => {
    const { prefetchHallOnce, HALL_FIRST_DATA_WAIT_MS } = await import('./hall-loader');
    const done = vi.fn();
    void Promise.resolve(prefetchHallOnce()).then(done);
    await vi.advanceTimersByTimeAsync(HALL_FIRST_DATA_WAIT_MS - 1);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalled();
  });

  it('does not wait on later visits: they show the cache or skeletons at once', async () => {
    const { prefetchHallOnce } = await import('./hall-loader');
    void prefetchHallOnce();
    expect(prefetchHallOnce()).toBeUndefined();
    expect(queryClient.prefetchInfiniteQuery).toHaveBeenCalledTimes(6);
  });
});

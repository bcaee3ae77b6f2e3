import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { afterPaint, useAfterFirstCommit } from './use-after-first-commit';

describe('afterPaint', () => {
  afterEach(() => vi.useRealTimers());

  it('runs the callback in a task after the second animation frame, not before', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
    const callback = vi.fn();
    afterPaint(callback);
    vi.advanceTimersToNextFrame();
    expect(callback).not.toHaveBeenCalled(); // the first frame may not be shown yet
    vi.advanceTimersToNextFrame();
    expect(callback).not.toHaveBeenCalled(); // queued from the second frame, as a task
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
    const callback = vi.fn();
    const cancel = afterPaint(callback);
    vi.advanceTimersToNextFrame();
    cancel();
    vi.advanceTimersByTime(100);
    expect(callback).not.toHaveBeenCalled();
  });
});

describe('useAfterFirstCommit', () => {
  it('is false for the first commit, then true once a frame has gone by', async () => {
    const { result } = renderHook(() => useAfterFirstCommit());
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });
});

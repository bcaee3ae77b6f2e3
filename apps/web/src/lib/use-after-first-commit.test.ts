import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { useAfterFirstCommit } from './use-after-first-commit';

describe('useAfterFirstCommit', () => {
  it('is false for the first commit, then true once a frame has gone by', async () => {
    const { result } = renderHook(() => useAfterFirstCommit());
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
  });
});

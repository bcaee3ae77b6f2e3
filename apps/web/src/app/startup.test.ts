import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('startup', () => {
  it('tells the first navigation only that the deployed version was just read', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/version.json')) return Response.json({ version: '1.2.3' });
      return Response.json({});
    });
    vi.stubGlobal('fetch', fetchMock);
    const { startApp, takeStartupVersionRead } = await import('./startup');
    expect(takeStartupVersionRead()).toBe(false);
    await startApp();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/version.json'))).toHaveLength(1);
    expect(takeStartupVersionRead()).toBe(true);
    expect(takeStartupVersionRead()).toBe(false);
  });

  it('tries a failed start-up load again after 2 seconds, not before (SPEC section 8)', async () => {
    vi.useFakeTimers();
    try {
      let versionReads = 0;
      const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.endsWith('/version.json')) {
          versionReads += 1;
          if (versionReads === 1) throw new TypeError('Failed to fetch'); // the network, for a moment
          return Response.json({ version: '1.2.3' });
        }
        return Response.json({});
      });
      vi.stubGlobal('fetch', fetchMock);
      const { startApp, isStartupDone, STARTUP_RETRY_MS } = await import('./startup');
      expect(STARTUP_RETRY_MS).toBe(2_000);
      const started = startApp();
      await vi.advanceTimersByTimeAsync(STARTUP_RETRY_MS - 1);
      expect(versionReads).toBe(1);
      expect(isStartupDone()).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await started;
      expect(versionReads).toBe(2);
      expect(isStartupDone()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

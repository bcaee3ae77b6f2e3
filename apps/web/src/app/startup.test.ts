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
});

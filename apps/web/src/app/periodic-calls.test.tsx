import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { HEALTH_INTERVAL_MS, useHealth } from '../features/reference/api/health';
import { PING_INTERVAL_MS } from '../features/me/api/ping';
import { ANA, userOf } from '../features/sessions/test-fixtures';
import { CONFIG_REFRESH_MS, useServerConfig } from '../lib/nals/server-config';
import { loadAllRoutes } from '../lib/route-table';
import { clearSession, storeTokens } from '../lib/session';
import { SignedInEffects } from './layout/signed-in-effects';

// The signed-in effects also start the live bus and the audio client's link: not this test's subject.
vi.mock('../lib/use-bus', () => ({ startBus: vi.fn(), closeBus: vi.fn() }));
vi.mock('../features/nals/components/nals-runtime', () => ({ NalsRuntime: () => null }));
vi.mock('../features/sessions/invitation-notices', () => ({ InvitationNotices: () => null }));
vi.mock('../features/messages/messages-runtime', () => ({ MessagesRuntime: () => null }));
vi.mock('../features/community/blocked-by', () => ({ BlockedByRuntime: () => null }));

/** SPEC section 9: what the page asks the server for on its own, and how often. */
describe('periodic calls', () => {
  const calls = (path: string) =>
    vi.mocked(fetch).mock.calls.filter(([input]) => new URL(String(input), 'http://x').pathname === path).length;

  // The member calls' route table loads with the first one: here before the clock is frozen.
  beforeAll(async () => {
    await loadAllRoutes();
  });

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://x').pathname;
        if (path === '/api/v1/config') return Response.json({ queueHost: 'localhost', nalsVersion: null });
        if (path === '/api/v1/me/ping') return new Response(null, { status: 204 });
        return Response.json({ status: 'ok' });
      }),
    );
    // A fresh access token: the ping goes out without a refresh first.
    storeTokens({ accessToken: `x.${btoa(JSON.stringify({ exp: Date.now() / 1000 + 86_400 }))}.y`, refreshToken: 'r' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    clearSession();
  });

  /** Mounts `ui`, then counts the calls to `path` just before and at each interval. */
  async function expectEvery(path: string, intervalMs: number, ui: React.ReactElement) {
    renderWithProviders(ui);
    await vi.advanceTimersByTimeAsync(10);
    expect(calls(path)).toBe(1);
    await vi.advanceTimersByTimeAsync(intervalMs - 20);
    expect(calls(path)).toBe(1);
    await vi.advanceTimersByTimeAsync(20);
    expect(calls(path)).toBe(2);
    await vi.advanceTimersByTimeAsync(intervalMs);
    expect(calls(path)).toBe(3);
  }

  /** Mounts what a query hook needs: a component that only calls it. */
  const probe = (useHook: () => unknown) => {
    function Probe() {
      useHook();
      return null;
    }
    return <Probe />;
  };

  it.each([
    ['checks the server health', '/api/v1/health', HEALTH_INTERVAL_MS, useHealth],
    ['reads the configuration again', '/api/v1/config', CONFIG_REFRESH_MS, useServerConfig],
  ] as const)('%s every 300000 ms', async (_what, path, intervalMs, useHook) => {
    expect(intervalMs).toBe(300_000);
    await expectEvery(path, intervalMs, probe(useHook));
  });

  it('pings as online every 60000 ms while signed in', async () => {
    expect(PING_INTERVAL_MS).toBe(60_000);
    await expectEvery(
      '/api/v1/me/ping',
      PING_INTERVAL_MS,
      <SignedInEffects user={{ ...userOf(ANA), birthdate: '1990-01-01' }} />,
    );
  });
});

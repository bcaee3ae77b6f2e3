import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BusClientOptions, BusHandler } from './bus-client';

const subscriptions: { topic: string; handler: BusHandler; resync?: () => void; active: boolean }[] = [];
const started = vi.fn();
const closed = vi.fn();
let options: BusClientOptions | null = null;

vi.mock('./bus-client', () => ({
  createBusClient: (o: BusClientOptions) => {
    options = o;
    return {
      subscribe: (topic: string, handler: BusHandler, resync?: () => void) => {
        const entry = { topic, handler, resync, active: true };
        subscriptions.push(entry);
        return () => void (entry.active = false);
      },
      start: started,
      close: closed,
      isOpen: () => true,
    };
  },
}));

const api = vi.hoisted(() => ({
  call: vi.fn(async (_name: string, _input?: unknown): Promise<unknown> => ({ busHost: 'ws://example.test/bus' })),
  refresh: vi.fn(async () => true),
}));
vi.mock('./api', () => ({ api }));

const { closeBus, startBus, useBusEvent, useBusTopic } = await import('./use-bus');
const { dropAccessToken, storeTokens } = await import('./session');

/** A JWT whose payload only has an expiry; the signature is the server's business. */
const token = (expSeconds: number) => `x.${btoa(JSON.stringify({ exp: expSeconds }))}.y`;
const live = () => subscriptions.filter((s) => s.active).map((s) => s.topic);

describe('useBusTopic', () => {
  afterEach(() => {
    subscriptions.length = 0;
    vi.clearAllMocks();
  });

  it('subscribes once across renders and calls the latest callback', async () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = renderHook(({ cb }) => useBusTopic('/hall/sessions', cb), {
      initialProps: { cb: first },
    });
    await waitFor(() => expect(live()).toEqual(['/hall/sessions']));
    rerender({ cb: second });
    act(() => subscriptions[0]?.handler({ n: 1 }));
    expect(subscriptions).toHaveLength(1);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith({ n: 1 });
    unmount();
    expect(live()).toEqual([]);
  });

  it('follows the topic, and subscribes to nothing for null', async () => {
    const { rerender } = renderHook(({ topic }) => useBusTopic(topic, () => undefined), {
      initialProps: { topic: null as string | null },
    });
    await act(async () => undefined);
    expect(subscriptions).toHaveLength(0);
    rerender({ topic: '/sessions/a' });
    await waitFor(() => expect(live()).toEqual(['/sessions/a']));
    rerender({ topic: '/sessions/b' });
    await waitFor(() => expect(live()).toEqual(['/sessions/b']));
  });

  it('useBusEvent hands on the events that match their schema, and drops the others', async () => {
    const onEvent = vi.fn();
    renderHook(() => useBusEvent('/conversations/c/typing', 'TypingEventSchema', onEvent));
    await waitFor(() => expect(live()).toHaveLength(1));
    const accountId = '11111111-1111-4111-8111-111111111111';
    act(() => subscriptions[0]?.handler({ accountId, typing: true }));
    act(() => subscriptions[0]?.handler({ accountId: 'not an id', typing: 'yes' }));
    await waitFor(() => expect(onEvent).toHaveBeenCalledWith({ accountId, typing: true }));
    await act(async () => undefined);
    expect(onEvent).toHaveBeenCalledTimes(1);
  });

  it('passes the reconnection signal on', async () => {
    const resync = vi.fn();
    renderHook(() => useBusTopic('/hall/sessions', () => undefined, resync));
    await waitFor(() => expect(live()).toHaveLength(1));
    subscriptions[0]?.resync?.();
    expect(resync).toHaveBeenCalledTimes(1);
  });
});

describe('startBus / closeBus', () => {
  afterEach(() => {
    closeBus();
    vi.clearAllMocks();
  });

  it('starts and closes the shared client', async () => {
    startBus();
    await waitFor(() => expect(started).toHaveBeenCalledTimes(1));
    closeBus();
    await waitFor(() => expect(closed).toHaveBeenCalledTimes(1));
  });

  it('builds the URL from busHost and the current access token, refreshing only when needed', async () => {
    startBus();
    await waitFor(() => expect(options).not.toBeNull());
    const url = options?.url ?? (async () => '');
    const fresh = token(Math.floor(Date.now() / 1000) + 600);
    storeTokens({ accessToken: fresh, refreshToken: 'r' });
    expect(await url(false)).toBe(`ws://example.test/bus?token=${encodeURIComponent(fresh)}`);
    expect(api.call).toHaveBeenCalledWith('getConfig', { query: { current: 'true' } });
    expect(api.refresh).not.toHaveBeenCalled();

    // The server refused it (4401): renewed even though it looks valid.
    await url(true);
    expect(api.refresh).toHaveBeenCalledTimes(1);

    // Missing: refreshed first; the session is gone when the refresh is refused.
    dropAccessToken();
    api.refresh.mockResolvedValueOnce(false);
    await expect(url(false)).rejects.toThrow('signed out');
  });
});

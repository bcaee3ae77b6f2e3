import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand';
import { launchClient, nalsLaunchUrl } from './launch';

describe('launching the audio client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const store = createStore(() => ({ isConnected: false }));
    const open = vi.fn();
    const deps = { open, isConnected: () => store.getState().isConnected, subscribe: store.subscribe };
    return { store, open, deps };
  };

  it('builds the nals:// link with the token and the broker', () => {
    expect(nalsLaunchUrl('tok_1', 'ws://localhost:8083')).toBe(
      'nals://start?token=tok_1&broker=ws%3A%2F%2Flocalhost%3A8083',
    );
  });

  it('says "not installed" when no hello comes within 2000 ms', async () => {
    const { open, deps } = setup();
    const result = launchClient('nals://start?token=t', deps);
    expect(open).toHaveBeenCalledWith('nals://start?token=t');
    await vi.advanceTimersByTimeAsync(1999);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('not-installed');
  });

  it('resolves as soon as the client connects', async () => {
    const { store, deps } = setup();
    const result = launchClient('nals://start?token=t', deps);
    await vi.advanceTimersByTimeAsync(800);
    store.setState({ isConnected: true });
    await expect(result).resolves.toBe('connected');
  });

  it('does not launch anything when the client is already connected', async () => {
    const { store, open, deps } = setup();
    store.setState({ isConnected: true });
    await expect(launchClient('nals://x', deps)).resolves.toBe('connected');
    expect(open).not.toHaveBeenCalled();
  });
});

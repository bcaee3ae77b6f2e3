import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_SCREEN_DELAY_MS, firstNavigationDone } from './first-render';

type Listener = (state: { initialized: boolean }) => void;

/** The two members of a router first-render.ts reads: its state and its subscription. */
function fakeRouter(initialized: boolean) {
  const listeners = new Set<Listener>();
  const router = {
    state: { initialized },
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigated: () => {
      router.state = { initialized: true };
      listeners.forEach((listener) => listener(router.state));
    },
    listeners,
  };
  return router;
}

const asRouter = (router: ReturnType<typeof fakeRouter>) =>
  router as unknown as Parameters<typeof firstNavigationDone>[0];

describe('firstNavigationDone', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves at once when the first navigation is already done', async () => {
    const done = vi.fn();
    void firstNavigationDone(asRouter(fakeRouter(true))).then(done);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalled();
  });

  it('waits for the first navigation, then stops listening', async () => {
    const router = fakeRouter(false);
    const done = vi.fn();
    void firstNavigationDone(asRouter(router)).then(done);
    await vi.advanceTimersByTimeAsync(BOOT_SCREEN_DELAY_MS - 1);
    expect(done).not.toHaveBeenCalled();
    router.navigated();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalled();
    expect(router.listeners.size).toBe(0);
  });

  it('gives up waiting after the delay, so a slow start shows the boot screen', async () => {
    const router = fakeRouter(false);
    const done = vi.fn();
    void firstNavigationDone(asRouter(router)).then(done);
    await vi.advanceTimersByTimeAsync(BOOT_SCREEN_DELAY_MS);
    expect(done).toHaveBeenCalled();
    expect(router.listeners.size).toBe(0);
  });
});

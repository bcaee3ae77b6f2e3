import type { AppRouter } from './router';

/** How long the first render waits for the router's first navigation before it shows the boot screen instead. */
export const BOOT_SCREEN_DELAY_MS = 2_000;

/**
 * Resolves once the router's first navigation is done (startup, guards, the page's code and, for the hall, its data),
 * or after `delay` ms, whichever comes first. main.tsx renders then: a quick start renders the page once, without
 * rendering the boot screen first only to replace it (on a phone's CPU, a render of the whole layout; issue 9); a
 * slow one (a server being retried) still shows the boot screen and what it says after `delay`. Until either, the
 * page shows the logo that index.html paints.
 */
export function firstNavigationDone(
  router: Pick<AppRouter, 'state' | 'subscribe'>,
  delay = BOOT_SCREEN_DELAY_MS,
): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, delay);
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
  });
}

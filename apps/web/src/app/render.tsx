import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installFocusAfterSubmit } from '../lib/focus-after-submit';
import { App, startRouter } from './app';
import { firstNavigationDone } from './first-render';

/**
 * The app itself: React, Mantine, the router and the layout, imported by main.tsx once its start-up requests are on
 * their way. `words` is the reader's language being loaded (lib/i18n.ts loadLanguage).
 */
export function render(words: Promise<void>): void {
  // Every form: a refused one puts focus on the problem (the first invalid field, or its error alert).
  installFocusAfterSubmit();
  // The router starts its first navigation (the page's code, its loaders) while the language's words arrive.
  const router = startRouter();

  // Once the words are here, so that the first screen speaks the reader's language, and the first navigation is done
  // (or has taken long enough for the boot screen to be worth showing: first-render.ts). A transition: React renders
  // the first screen in slices of a few milliseconds, yielding to the browser between them, instead of one long task
  // (issue 9: Lighthouse's total blocking time on a phone).
  void Promise.all([words, firstNavigationDone(router)]).then(() =>
    startTransition(() => {
      createRoot(document.getElementById('root')!).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    }),
  );
}

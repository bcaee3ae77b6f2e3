// First of all, as soon as the entry's files are here: the code of the page the browser was opened on.
import './app/landing-preload';
// Then, before any module builds or parses a zod schema, so zod never probes `eval` (a CSP report per load).
import '@tutti/contract/jitless';
// Mantine's global styles only: each component file imports the stylesheets of the components it uses (see
// vite/mantine-css.ts), so a lazy route brings its own CSS; vite/mantine-layers.ts keeps Mantine's cascade order.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './app/app.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startRouter } from './app/app';
import { firstNavigationDone } from './app/first-render';
import { installFocusAfterSubmit } from './lib/focus-after-submit';
import { initI18n, loadLanguage } from './lib/i18n';
import { browserLanguages, matchLanguage } from './lib/language';
import { startApp } from './app/startup';

// Before sign-in the browser's language decides; the saved locale replaces it once the user is known.
const language = matchLanguage(browserLanguages());
initI18n(language);
void startApp();
// Every form: a refused one puts focus on the problem (the first invalid field, or its error alert).
installFocusAfterSubmit();
// The router starts its first navigation (the page's code, the start-up loads) while the language's words arrive: the
// page's chunk and the words' chunk load side by side, not one after the other.
const router = startRouter();

// Once the words are here, so that the first screen speaks the reader's language, and the first navigation is done
// (or has taken long enough for the boot screen to be worth showing: first-render.ts). A transition: React renders
// the first screen in slices of a few milliseconds, yielding to the browser between them, instead of one long task
// (issue 9: Lighthouse's total blocking time on a phone).
void Promise.all([loadLanguage(language), firstNavigationDone(router)]).then(() =>
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);

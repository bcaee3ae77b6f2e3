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
import { loadHallLoader } from './app/landing-modules';
import { installSessionEnd } from './app/session-end';
import { startApp, whenConfigured } from './app/startup';
import { api } from './lib/api';
import { initI18n, loadLanguage } from './lib/i18n';
import { browserLanguages, matchLanguage } from './lib/language';
import { PATHS } from './lib/paths';
import { getRefreshToken } from './lib/session';
import { nextTask } from './lib/next-task';

/*
 * The boot: the start-up requests go out before React, Mantine and the router are evaluated (app/render.tsx, a
 * separate chunk, imported below). On a phone that evaluation is a few hundred milliseconds, which the session's
 * refresh, the current user and the hall's data used to wait for (issue 9: the hall's largest paint).
 */

/** The longest the app's code waits for the session's refresh. */
const APP_HOLD_MS = 1_000;

// Before sign-in the browser's language decides; the saved locale replaces it once the user is known.
const language = matchLanguage(browserLanguages());
initI18n(language);
installSessionEnd();
void startApp();
const words = loadLanguage(language);
// A signed-in start on the hall asks for its data with the current user, not after it: the refresh of the session is
// shared, and the guards (hall-loader.ts) find the data on its way. A refused session leaves nothing behind: the
// session's end clears the cache (session-end.ts).
if (window.location.pathname === PATHS.hall && getRefreshToken()) {
  void Promise.all([loadHallLoader(), whenConfigured()])
    .then(([{ prefetchHall }]) => prefetchHall())
    .catch(() => undefined);
}
// The app's code is evaluated once the session's refresh has answered (at most APP_HOLD_MS later): on a phone that
// evaluation is a long task, and the refresh, asked for meanwhile, would wait behind it for its answer to be read.
const sessionAnswered = getRefreshToken()
  ? Promise.race([
      whenConfigured().then(() => api.refresh()),
      new Promise((resolve) => setTimeout(resolve, APP_HOLD_MS)),
    ]).catch(() => undefined)
  : Promise.resolve();
// Then in two tasks rather than one (issue 9: total blocking time on a phone): the app's code, then the router's start
// and the first render.
void sessionAnswered
  .then(() => import('./app/render'))
  .then(async ({ render }) => {
    await nextTask();
    render(words);
  });

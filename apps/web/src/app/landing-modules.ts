import { loadChunk } from './load-chunk';

/**
 * The code of the pages a visit usually opens on, one loader each, shared by the route table (router.tsx) and by the
 * preload of the page the browser was opened on (landing-preload.ts). It imports only load-chunk.ts statically: it is
 * evaluated before React and the rest of the entry.
 */

/** The login page. */
export const loadLoginPage = () => loadChunk(import('../features/auth/pages/login-page'));

/** The hall's loader: its guards and the prefetch of its data. */
export const loadHallLoader = () => loadChunk(import('./hall-loader'));

/** The hall's first screen: the lobby (sessions feature), the greeting (hall feature), the audio client's first step
 *  (nals feature). Its extras (the musicians around, news and blog) come after its first paint. */
export const loadHallScreen = () =>
  loadChunk(
    Promise.all([
      import('../features/sessions/pages/hall-page'),
      import('../features/hall/components/hall-greeting'),
      import('../features/nals/components/hall-setup'),
    ]),
  );

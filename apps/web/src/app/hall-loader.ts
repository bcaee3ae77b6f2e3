import { onlineCountQuery } from '../features/hall/api/online-count';
import { mySessionsQuery } from '../features/sessions/api/list-my-sessions';
import { liveSessionsQuery } from '../features/sessions/api/list-sessions';
import { sessionPostsQuery } from '../features/sessions/api/session-posts';
import { SIGNED_IN } from './guards';
import { queryClient } from './query-client';
import { guard } from './route-guard';

/** How long the hall's first load waits for its data before showing its skeletons instead. */
export const HALL_FIRST_DATA_WAIT_MS = 1_500;

/** The hall's first data (its lists, feed and online count), requested once access is granted. The page renders
 *  from the cache (fresh for the client's stale time) and does not ask again; a failed prefetch is the page's to
 *  retry, as if it had asked first. Resolves once every request has answered, successfully or not. */
export function prefetchHall(): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchInfiniteQuery(liveSessionsQuery),
    queryClient.prefetchInfiniteQuery(mySessionsQuery),
    queryClient.prefetchInfiniteQuery(sessionPostsQuery),
    queryClient.prefetchQuery(onlineCountQuery),
  ]);
}

let firstLoad = true;

/**
 * The hall's first load (usually the page the browser opened on) waits for its data, up to HALL_FIRST_DATA_WAIT_MS:
 * the hall then appears once, with its lists, rather than as skeletons the lists replace a moment later (two renders
 * of the page on a phone's CPU, issue 9). Later visits show the page at once, from the cache or with skeletons.
 */
export function prefetchHallOnce(wait = HALL_FIRST_DATA_WAIT_MS): Promise<unknown> | void {
  const loads = prefetchHall();
  if (!firstLoad) return;
  firstLoad = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise((resolve) => (timer = setTimeout(resolve, wait)));
  return Promise.race([loads, waited]).finally(() => clearTimeout(timer));
}

/** /studio/hall's loader: the guards, with the hall's data requested as soon as they let the musician in. Loaded with
 *  the page's code (lazily, in parallel with startup), so its requests need no round trip for code of their own. */
export const hallLoader = guard(SIGNED_IN, { whenAllowed: () => prefetchHallOnce() });

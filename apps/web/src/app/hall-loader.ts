import { onlineCountQuery } from '../features/hall/api/online-count';
import { mySessionsQuery } from '../features/sessions/api/list-my-sessions';
import { liveSessionsQuery } from '../features/sessions/api/list-sessions';
import { sessionPostsQuery } from '../features/sessions/api/session-posts';
import { SIGNED_IN } from './guards';
import { queryClient } from './query-client';
import { guard } from './route-guard';

/** The hall's first data (its lists, feed and online count), requested once access is granted. The page renders
 *  from the cache (fresh for the client's stale time) and does not ask again; a failed prefetch is the page's to
 *  retry, as if it had asked first. */
export function prefetchHall(): void {
  void queryClient.prefetchInfiniteQuery(liveSessionsQuery);
  void queryClient.prefetchInfiniteQuery(mySessionsQuery);
  void queryClient.prefetchInfiniteQuery(sessionPostsQuery);
  void queryClient.prefetchQuery(onlineCountQuery);
}

/** /studio/hall's loader: the guards, with the hall's data requested as soon as they let the musician in. Loaded with
 *  the page's code (lazily, in parallel with startup), so its requests need no round trip for code of their own. */
export const hallLoader = guard(SIGNED_IN, { whenAllowed: prefetchHall });

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { joinPages, nextPage } from './pages';
import { sessionKeys } from './query-keys';

/** GET v1/sessions?p=: the live sessions I may see (the hall's list; the bus keeps it current), a page at a time. */
export const liveSessionsQuery = infiniteQueryOptions({
  queryKey: sessionKeys.live,
  queryFn: ({ pageParam }) => api.call('listSessions', { query: { p: pageParam } }),
  initialPageParam: 1,
  getNextPageParam: nextPage,
});

export function useLiveSessions() {
  return useInfiniteQuery({ ...liveSessionsQuery, select: (data) => joinPages(data.pages) });
}

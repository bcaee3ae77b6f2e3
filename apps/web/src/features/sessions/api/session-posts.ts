import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { joinPages, nextPage } from './pages';
import { sessionKeys } from './query-keys';

/** GET v1/session-posts?p=: the hall's feed of public session activity, newest first, a page at a time. */
export const sessionPostsQuery = infiniteQueryOptions({
  queryKey: sessionKeys.posts,
  queryFn: ({ pageParam }) => api.call('listSessionPosts', { query: { p: pageParam } }),
  initialPageParam: 1,
  getNextPageParam: nextPage,
});

export function useSessionPosts() {
  return useInfiniteQuery({ ...sessionPostsQuery, select: (data) => joinPages(data.pages) });
}

import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { joinPages, nextPage } from './pages';
import { sessionKeys } from './query-keys';

/** GET v1/session-posts?p=: the hall's feed of public session activity, newest first, a page at a time. */
export function useSessionPosts() {
  return useInfiniteQuery({
    queryKey: sessionKeys.posts,
    queryFn: ({ pageParam }) => api.call('listSessionPosts', { query: { p: pageParam } }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    select: (data) => joinPages(data.pages),
  });
}

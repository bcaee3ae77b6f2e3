import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { hasMorePages } from '@tutti/contract/paging';
import type { MySessions, Session } from '@tutti/contract/sessions';
import { api } from '../../../lib/api';
import { joinPages, type LoadedList } from './pages';
import { sessionKeys } from './query-keys';

export interface MySessionLists {
  organized: LoadedList<Session>;
  invited: LoadedList<Session>;
  remainingMinutes: number | null;
}

/** Both lists of the loaded pages (the server pages them together: page 2 is the second page of each). */
export function joinMyPages(pages: readonly MySessions[]): MySessionLists {
  return {
    organized: joinPages(pages.map((p) => p.organized)),
    invited: joinPages(pages.map((p) => p.invited)),
    remainingMinutes: pages.at(-1)?.remainingMinutes ?? null,
  };
}

/** GET v1/me/sessions?p=: what I organize, what I am invited to, and my free minutes left; "show more" on either
 *  list loads the next page of both. */
export const mySessionsQuery = infiniteQueryOptions({
  queryKey: sessionKeys.mine,
  queryFn: ({ pageParam }) => api.call('listMySessions', { query: { p: pageParam } }),
  initialPageParam: 1,
  getNextPageParam: (last: MySessions) =>
    hasMorePages(last.organized) || hasMorePages(last.invited) ? last.organized.page + 1 : undefined,
});

export function useMySessions() {
  return useInfiniteQuery({ ...mySessionsQuery, select: (data) => joinMyPages(data.pages) });
}

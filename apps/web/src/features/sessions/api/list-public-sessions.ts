import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sessionKeys } from './query-keys';

/** GET v1/sessions/public?p=: public open rehearsals, live then scheduled, a page of the default size at a time. */
export function usePublicSessions(page: number) {
  return useQuery({
    queryKey: sessionKeys.publicPage(page),
    queryFn: () => api.call('listPublicSessions', { query: { p: page } }),
    placeholderData: keepPreviousData,
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchBody } from '@tutti/contract/community';
import { api } from '../../../lib/api';
import { communityKeys } from './query-keys';

/** POST v2/search: a page of musicians matching a name, username or city and the filters. */
export function useMusicianSearch(body: SearchBody, enabled: boolean) {
  return useQuery({
    queryKey: communityKeys.search(body),
    queryFn: () => api.call('search', { body }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET v1/me/follows/suggestions: musicians close enough to play with, nearest first. */
export function useSuggestionsAround(limit: number, enabled = true) {
  return useQuery({
    queryKey: communityKeys.suggestions('around', limit),
    queryFn: () => api.call('suggestions', { query: { limit } }),
    enabled,
  });
}

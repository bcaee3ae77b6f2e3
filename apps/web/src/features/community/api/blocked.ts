import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sessionKeys } from '../../sessions/api/query-keys';
import { communityKeys } from './query-keys';

/** A page of the blocked list in preferences. */
export const BLOCKED_PAGE_SIZE = 20;

/** The musicians I blocked, a page at a time (with the total), newest block first. */
export function useBlockedMusicians(page: number) {
  return useQuery({
    queryKey: communityKeys.blocked(page),
    queryFn: () => api.call('listBlocked', { query: { p: page, size: BLOCKED_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Unblock a musician: both of us see each other again in search, suggestions, profiles and sessions, so every
 * community and session list is reloaded after.
 */
export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['community', 'unblock'],
    mutationFn: (id: string) => api.call('unblock', { params: { id } }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: communityKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
      ]);
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { communityKeys } from './query-keys';

/** GET v1/profiles/username/{username}: a profile as I may see it (404 for unknown and hidden musicians). */
export function useProfile(username: string) {
  return useQuery({
    queryKey: communityKeys.profile(username),
    queryFn: () => api.call('getProfileByUsername', { params: { username } }),
    // A 404 is an answer (not found), not a hiccup worth asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

/** GET v1/accounts/{id}/followers: a page of a musician's followers. */
/** GET v1/accounts/{id}/followers: a musician's followers, a page at a time. */
export const followersPages = (accountId: string, size: number) => ({
  key: (page: number) => [...communityKeys.followers(accountId, page), size],
  load: (page: number) => api.call('listFollowers', { params: { id: accountId }, query: { p: page, size } }),
});

/** GET v1/me/follows: the musicians I follow, a page at a time. */
export const myFollowsPages = (size: number) => ({
  key: (page: number) => [...communityKeys.follows(page), size],
  load: (page: number) => api.call('listFollows', { query: { p: page, size } }),
});

interface BlockChange {
  id: string;
  block: boolean;
}

/**
 * Block or unblock a musician; every community list is reloaded after (a block hides both ways). `onSuccess` runs
 * before that reload: the page can say "blocked" before the profile turns into a not-found.
 */
export function useBlockToggle({ onSuccess }: { onSuccess?: (change: BlockChange) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['community', 'block'],
    mutationFn: ({ id, block }: BlockChange) =>
      block ? api.call('block', { params: { id } }) : api.call('unblock', { params: { id } }),
    onSuccess: (_data, change) => onSuccess?.(change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: communityKeys.all }),
  });
}

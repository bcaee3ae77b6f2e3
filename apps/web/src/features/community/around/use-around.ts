import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { communityKeys } from '../api/query-keys';

/** How many musicians the hall suggests: two rows of cards on a wide screen. */
export const AROUND_LIMIT = 6;

/** The signed-in musician's own profile: the hall needs to know whether they have told their city. */
export function useOwnProfile(user: { id: string; username: string }, enabled: boolean) {
  return useQuery({
    queryKey: communityKeys.profile(user.username),
    queryFn: () => api.call('getProfile', { params: { id: user.id } }),
    enabled,
  });
}

/** The musicians close enough to rehearse with in real time, nearest first (the server ranks them). */
export function useMusiciansAround(enabled: boolean) {
  return useQuery({
    queryKey: communityKeys.suggestions('around', AROUND_LIMIT),
    queryFn: () => api.call('suggestions', { query: { limit: AROUND_LIMIT } }),
    enabled,
  });
}

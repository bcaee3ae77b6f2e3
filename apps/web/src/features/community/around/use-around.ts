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

/** Which musicians the hall suggests: close enough to rehearse with in real time, or those of my city, or of my
 *  country (SPEC section 7: the three suggestion calls), each nearest first (the server ranks them). */
export const AROUND_SCOPES = ['around', 'city', 'country'] as const;
export type AroundScope = (typeof AROUND_SCOPES)[number];

const SUGGESTION_CALLS = { around: 'suggestions', city: 'citySuggestions', country: 'countrySuggestions' } as const;

export function useMusiciansAround(enabled: boolean, scope: AroundScope = 'around') {
  return useQuery({
    queryKey: communityKeys.suggestions(scope, AROUND_LIMIT),
    queryFn: () => api.call(SUGGESTION_CALLS[scope], { query: { limit: AROUND_LIMIT } }),
    enabled,
  });
}

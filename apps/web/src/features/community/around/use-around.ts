import { useQuery } from '@tanstack/react-query';
import { REALTIME_DELAY_LIMIT_MS_DEFAULT } from 'virtual:tutti-contract';
import { api } from '../../../lib/api';
import { myFollowsPages } from '../api/profile';
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

/** How many of my follows the hall looks through: one page, the largest the list gives. */
const FOLLOWS_LOOKED_AT = 50;

/**
 * Whether I already follow a musician close enough to rehearse with in real time: the suggestions leave out whom I
 * follow, so an empty list may mean that rather than nobody near. Read from the delay the server estimates to each
 * of my follows, against the contract's limit (the one the delay badge explains).
 */
export function useFollowingSomeoneNear(enabled: boolean) {
  const follows = myFollowsPages(FOLLOWS_LOOKED_AT);
  return useQuery({
    queryKey: follows.key(1),
    queryFn: () => follows.load(1),
    enabled,
    select: (page) => page.items.some((m) => m.delayMs !== null && m.delayMs <= REALTIME_DELAY_LIMIT_MS_DEFAULT),
  });
}

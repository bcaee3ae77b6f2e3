import { MY_SESSIONS_KEY } from '../../../lib/shared-query-keys';

/** Every sessions query key in one place, so a bus event can refresh exactly what it changes. */
export const sessionKeys = {
  all: ['sessions'] as const,
  live: ['sessions', 'live'] as const,
  publicPage: (page: number) => ['sessions', 'public', page] as const,
  // Shared: a promo code applied (the subscriptions feature) refreshes my free minutes.
  mine: MY_SESSIONS_KEY,
  details: (id: string) => ['sessions', 'details', id] as const,
  posts: ['sessions', 'posts'] as const,
};

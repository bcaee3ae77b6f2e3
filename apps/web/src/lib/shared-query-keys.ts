/**
 * Query keys one feature owns and another must refresh (features never import each other): GET v1/me/sessions
 * carries my free minutes left, which a subscription removes.
 */
export const MY_SESSIONS_KEY = ['sessions', 'mine'] as const;

/** A musician's profile, under the community's `community` key (a change of blocks reloads it): the self-check reads
 *  my connection type from my own, sharing the cache my profile page fills and updates on save. */
export const profileKey = (username: string) => ['community', 'profile', username] as const;

/** GET v1/me/available-products, under the subscriptions' key (a subscription or a promo code refreshes it): the
 *  pages that offer to subscribe read it to know whether there is anything to subscribe to (lib/offers.ts). */
export const AVAILABLE_PRODUCTS_KEY = ['subscriptions', 'available'] as const;

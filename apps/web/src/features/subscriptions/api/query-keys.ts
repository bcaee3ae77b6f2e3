/** Every subscriptions query key in one place: a promo code applied refreshes them all. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  mine: ['subscriptions', 'mine'] as const,
  available: ['subscriptions', 'available'] as const,
  freeMinutes: ['subscriptions', 'free-minutes'] as const,
};

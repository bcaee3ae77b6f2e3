import type { SUBSCRIPTION_FILTERS } from '@tutti/contract/subscriptions';

export type SubscriptionFilter = (typeof SUBSCRIPTION_FILTERS)[number];

/** The administration's queries, under the subscriptions' own key: a change to one product refreshes every list. */
export const adminKeys = {
  all: ['subscriptions', 'admin'] as const,
  products: ['subscriptions', 'admin', 'products'] as const,
  productPage: (page: number) => ['subscriptions', 'admin', 'products', 'page', page] as const,
  productOptions: ['subscriptions', 'admin', 'products', 'options'] as const,
  tokens: ['subscriptions', 'admin', 'tokens'] as const,
  subscriptions: (filter: SubscriptionFilter, page: number) =>
    ['subscriptions', 'admin', 'subscriptions', filter, page] as const,
};

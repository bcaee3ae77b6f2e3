import type { SUBSCRIPTION_FILTERS, SubscriptionSort } from '@tutti/contract/subscriptions';
import type { ListState } from '../../../../lib/list-params';

export type SubscriptionFilter = (typeof SUBSCRIPTION_FILTERS)[number];
/** The subscriptions list's address: a filter, then search, sort and page. */
export type SubscriptionsListQuery = ListState<SubscriptionSort> & { filter: SubscriptionFilter };

/** The administration's queries, under the subscriptions' own key: a change to one product refreshes every list. */
export const adminKeys = {
  all: ['subscriptions', 'admin'] as const,
  products: ['subscriptions', 'admin', 'products'] as const,
  productPage: (page: number) => ['subscriptions', 'admin', 'products', 'page', page] as const,
  productOptions: ['subscriptions', 'admin', 'products', 'options'] as const,
  product: (id: string) => ['subscriptions', 'admin', 'products', 'one', id] as const,
  tokens: ['subscriptions', 'admin', 'tokens'] as const,
  subscriptions: (query: SubscriptionsListQuery) => ['subscriptions', 'admin', 'subscriptions', query] as const,
  incidents: ['subscriptions', 'admin', 'incidents'] as const,
};

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { adminKeys, type SubscriptionFilter } from './query-keys';

export const SUBSCRIPTIONS_PAGE_SIZE = 20;

/** GET v1/subscriptions?p=&filter=: every subscription with its account, the most recent first. */
export function useAdminSubscriptions(filter: SubscriptionFilter, page: number) {
  return useQuery({
    queryKey: adminKeys.subscriptions(filter, page),
    queryFn: () => api.call('listSubscriptions', { query: { p: page, size: SUBSCRIPTIONS_PAGE_SIZE, filter } }),
    placeholderData: keepPreviousData,
  });
}

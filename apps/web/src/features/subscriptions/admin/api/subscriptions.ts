import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { adminKeys, type SubscriptionsListQuery } from './query-keys';

export const SUBSCRIPTIONS_PAGE_SIZE = 20;

/** GET v1/subscriptions?p=&filter=&q=&sort=&order=: the subscriptions with their musician, newest first by default. */
export function useAdminSubscriptions(query: SubscriptionsListQuery) {
  return useQuery({
    queryKey: adminKeys.subscriptions(query),
    queryFn: () =>
      api.call('listSubscriptions', {
        query: {
          p: query.page,
          size: SUBSCRIPTIONS_PAGE_SIZE,
          filter: query.filter,
          sort: query.sort,
          order: query.order,
          ...(query.q && { q: query.q }),
        },
      }),
    placeholderData: keepPreviousData,
  });
}

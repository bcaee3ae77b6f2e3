import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { subscriptionKeys } from './query-keys';

/** GET v2/me/subscriptions: my current subscription (if any), the ended ones, and whether my trial is used. */
export function useMySubscriptions() {
  return useQuery({
    queryKey: subscriptionKeys.mine,
    queryFn: () => api.call('listMySubscriptions'),
  });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { subscriptionKeys } from './query-keys';

/** GET v1/me/available-products: the paid offers, the cheapest first, each saying whether its trial is open to me. */
export function useAvailableProducts() {
  return useQuery({
    queryKey: subscriptionKeys.available,
    queryFn: () => api.call('listAvailableProducts'),
  });
}

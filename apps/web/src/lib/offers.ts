import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { useCurrentUser } from './session';
import { AVAILABLE_PRODUCTS_KEY } from './shared-query-keys';

/** GET v1/me/available-products: the paid offers, the cheapest first, each saying whether its trial is open to me. */
export function useAvailableProducts() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: AVAILABLE_PRODUCTS_KEY,
    queryFn: () => api.call('listAvailableProducts'),
    enabled: user !== null,
  });
}

/**
 * Whether anything can be subscribed to (issue 29): "Subscribe to remove this limit" and every link to the offers show
 * only then, never while the answer is unknown, so a deployment whose products are all disabled promises nothing.
 */
export function useOffersOpen(): boolean {
  const offers = useAvailableProducts();
  return (offers.data?.length ?? 0) > 0;
}

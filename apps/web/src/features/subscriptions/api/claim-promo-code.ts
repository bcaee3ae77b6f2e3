import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { MY_SESSIONS_KEY } from '../../../lib/shared-query-keys';
import { subscriptionKeys } from './query-keys';

/**
 * POST v1/subscriptions/tokens/claim: a promo code gives months of its product. Afterwards my subscription, the offers
 * (a trial may be gone) and my free minutes (none left to count when subscribed) are read again.
 */
export function useClaimPromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['subscriptions', 'claim'],
    mutationFn: (code: string) => api.call('claimProductToken', { body: { code } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
        queryClient.invalidateQueries({ queryKey: MY_SESSIONS_KEY }),
      ]);
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubscribeBody } from '@tutti/contract/payments';
import type { CancelSubscriptionBody } from '@tutti/contract/subscriptions';
import { api } from '../../../lib/api';
import { MY_SESSIONS_KEY } from '../../../lib/shared-query-keys';
import { subscriptionKeys } from './query-keys';

/** GET v1/me/payments/methods: my saved cards, the default first, and whether the last one must stay. */
export function usePaymentMethods() {
  return useQuery({ queryKey: subscriptionKeys.cards, queryFn: () => api.call('listPaymentMethods') });
}

/** GET v1/me/payments/invoices, the most recent first. */
export function useInvoices(enabled = true) {
  return useQuery({ queryKey: subscriptionKeys.invoices, queryFn: () => api.call('listInvoices'), enabled });
}

/**
 * POST v1/me/payments/methods: the SetupIntent one payment form confirms, asked once when the form opens (Stripe's
 * element needs its key before it shows). `formId` keeps one per open form; it is dropped when the form closes.
 */
export function useCardSetup(formId: string) {
  return useQuery({
    queryKey: [...subscriptionKeys.cardSetup, formId],
    queryFn: () => api.call('addPaymentMethod'),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

function useRefreshCards() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.cards });
}

/** PUT v1/me/payments/methods/default: the card renewals charge. */
export function useSetDefaultCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentMethod: string) => api.call('setDefaultPaymentMethod', { body: { paymentMethod } }),
    onSuccess: (cards) => queryClient.setQueryData(subscriptionKeys.cards, cards),
  });
}

/** DELETE v1/me/payments/methods/{id} (409 LAST_PAYMENT_METHOD while a subscription renews with it). */
export function useDeleteCard() {
  const refresh = useRefreshCards();
  return useMutation({
    mutationFn: (id: string) => api.call('deletePaymentMethod', { params: { id } }),
    onSettled: refresh,
  });
}

/** After any change of my subscription: the subscription, the offers (a trial is used), the minutes, the invoices. */
function useRefreshSubscription() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
      queryClient.invalidateQueries({ queryKey: MY_SESSIONS_KEY }),
    ]);
}

/** POST v1/me/subscriptions/quote: what I pay today for this product with this card (asked afresh each time the
 *  confirmation shows, never from an old answer). */
export const quoteKey = (productId: string, paymentMethod: string | null) =>
  [...subscriptionKeys.quote, productId, paymentMethod] as const;

export function useQuote(productId: string, paymentMethod: string | null) {
  return useQuery({
    queryKey: quoteKey(productId, paymentMethod),
    queryFn: () => api.call('quoteSubscription', { body: { productId, paymentMethod: paymentMethod! } }),
    enabled: paymentMethod !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** POST v2/me/subscriptions, confirmed with my password (SPEC section 5). */
export function useSubscribe() {
  const refresh = useRefreshSubscription();
  return useMutation({
    mutationFn: (body: SubscribeBody) => api.call('subscribe', { body }),
    onSuccess: async (result) => {
      // A payment that waits for the bank changes nothing yet: validate will.
      if (result.payment === null) await refresh();
    },
  });
}

/** POST v1/subscriptions/{id}/validate, once the bank has answered. */
export function useValidateSubscription() {
  const refresh = useRefreshSubscription();
  return useMutation({
    mutationFn: (id: string) => api.call('validateSubscription', { params: { id } }),
    onSettled: refresh,
  });
}

/** POST v3/me/subscriptions/{id}/cancel: at the end of the period, with an optional reason, no password. */
export function useCancelSubscription() {
  const refresh = useRefreshSubscription();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CancelSubscriptionBody }) =>
      api.call('cancelSubscription', { params: { id }, body }),
    onSuccess: refresh,
  });
}

/** POST v2/me/subscriptions/{id}/restore: it renews again. */
export function useRestoreSubscription() {
  const refresh = useRefreshSubscription();
  return useMutation({
    mutationFn: (id: string) => api.call('restoreSubscription', { params: { id } }),
    onSuccess: refresh,
  });
}

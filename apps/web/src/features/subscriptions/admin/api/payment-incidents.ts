import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { adminKeys } from './query-keys';

/** GET v1/payments/incidents: payments the ledger does not account for, the most recent first. */
export function usePaymentIncidents() {
  return useQuery({ queryKey: adminKeys.incidents, queryFn: () => api.call('listPaymentIncidents') });
}

/** POST v1/payments/reconciliation: the comparison with the payment service, now; the list follows. */
export function useReconcilePayments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('reconcilePayments'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.incidents }),
  });
}

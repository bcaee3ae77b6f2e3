import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const resendConfirmationMutationKey = ['auth', 'resend-confirmation'] as const;

export function useResendConfirmation() {
  return useMutation({
    mutationKey: resendConfirmationMutationKey,
    mutationFn: (accountId: string) => api.call('resendConfirmation', { params: { id: accountId } }),
  });
}

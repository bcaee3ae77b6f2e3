import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const forgotPasswordMutationKey = ['auth', 'forgot-password'] as const;

export function useForgotPassword() {
  return useMutation({
    mutationKey: forgotPasswordMutationKey,
    mutationFn: (email: string) => api.call('forgotPassword', { body: { email } }),
  });
}

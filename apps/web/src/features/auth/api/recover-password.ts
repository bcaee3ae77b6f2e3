import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@tutti/contract/http';
import { api } from '../../../lib/api';

export const recoverPasswordMutationKey = ['auth', 'recover-password'] as const;

export function useRecoverPassword() {
  return useMutation({
    mutationKey: recoverPasswordMutationKey,
    mutationFn: (body: BodyOf<'recoverPassword'>) => api.call('recoverPassword', { body }),
  });
}

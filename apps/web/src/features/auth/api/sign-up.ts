import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@tutti/contract/http';
import { api } from '../../../lib/api';

export const signUpMutationKey = ['auth', 'sign-up'] as const;

export function useSignUp() {
  return useMutation({
    mutationKey: signUpMutationKey,
    mutationFn: (body: BodyOf<'signUp'>) => api.call('signUp', { body }),
  });
}

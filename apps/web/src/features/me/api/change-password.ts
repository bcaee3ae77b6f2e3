import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@tutti/contract/http';
import { api } from '../../../lib/api';
import { devicesQueryKey } from './list-devices';

export const changePasswordMutationKey = ['me', 'change-password'] as const;

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: changePasswordMutationKey,
    mutationFn: (body: BodyOf<'changePassword'>) => api.call('changePassword', { body }),
    // The other devices were signed out.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
}

import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@tutti/contract/http';
import { api } from '../../../lib/api';
import { applyCurrentUser } from '../../../lib/current-user';

export const changeUsernameMutationKey = ['me', 'username'] as const;

/** The answer is the updated current user, applied at once (and its locale, if it changed). */
export function useChangeUsername() {
  return useMutation({
    mutationKey: changeUsernameMutationKey,
    mutationFn: (body: BodyOf<'changeUsername'>) => api.call('changeUsername', { body }),
    onSuccess: (user) => applyCurrentUser(user),
  });
}

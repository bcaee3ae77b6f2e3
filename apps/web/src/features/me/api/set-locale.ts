import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@tutti/contract/http';
import { api } from '../../../lib/api';
import { applyCurrentUser } from '../../../lib/current-user';

export const setLocaleMutationKey = ['me', 'locale'] as const;

/** The answer is the updated current user, applied at once (and its locale, if it changed). */
export function useSetLocale() {
  return useMutation({
    mutationKey: setLocaleMutationKey,
    mutationFn: (body: BodyOf<'setLocale'>) => api.call('setLocale', { body }),
    onSuccess: (user) => applyCurrentUser(user),
  });
}

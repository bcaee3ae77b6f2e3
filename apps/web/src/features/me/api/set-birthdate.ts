import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@tutti/contract/http';
import { api } from '../../../lib/api';
import { applyCurrentUser } from '../../../lib/current-user';

export const setBirthdateMutationKey = ['me', 'birthdate'] as const;

/** The answer is the updated current user, applied at once (and its locale, if it changed). */
export function useSetBirthdate() {
  return useMutation({
    mutationKey: setBirthdateMutationKey,
    mutationFn: (body: BodyOf<'setBirthdate'>) => api.call('setBirthdate', { body }),
    onSuccess: (user) => applyCurrentUser(user),
  });
}

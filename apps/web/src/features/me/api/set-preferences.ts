import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@tutti/contract/http';
import { api } from '../../../lib/api';
import { applyCurrentUser } from '../../../lib/current-user';

export const setPreferencesMutationKey = ['me', 'preferences'] as const;

/** The answer is the updated current user, applied at once (and its locale, if it changed). */
export function useSetPreferences() {
  return useMutation({
    mutationKey: setPreferencesMutationKey,
    mutationFn: (body: BodyOf<'setPreferences'>) => api.call('setPreferences', { body }),
    onSuccess: (user) => applyCurrentUser(user),
  });
}

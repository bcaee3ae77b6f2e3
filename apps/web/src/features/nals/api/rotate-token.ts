import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { applyCurrentUser } from '../../../lib/current-user';

/**
 * POST v1/me/preferences {rotateNalsToken: true}: a new audio client token. The broker drops every connection made
 * with the old one; the page reconnects with the new one as soon as the current user is updated.
 */
export function useRotateNalsToken() {
  return useMutation({
    mutationKey: ['nals', 'rotate-token'],
    mutationFn: () => api.call('setPreferences', { body: { rotateNalsToken: true } }),
    onSuccess: (user) => applyCurrentUser(user),
  });
}

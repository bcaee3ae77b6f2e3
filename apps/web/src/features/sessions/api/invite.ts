import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sessionKeys } from './query-keys';

/** POST v1/open-rehearsal/{id}/invite (organizer only). */
export function useInvite(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (usernames: string[]) => api.call('inviteToOpenRehearsal', { params: { id }, body: { usernames } }),
    onSuccess: (session) => queryClient.setQueryData(sessionKeys.details(id), session),
  });
}

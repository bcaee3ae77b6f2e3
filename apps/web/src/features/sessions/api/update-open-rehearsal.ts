import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@tutti/contract/http';
import { api } from '../../../lib/api';
import { sessionKeys } from './query-keys';

/** PUT v1/open-rehearsal/{id} (organizer only). */
export function useUpdateOpenRehearsal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'updateOpenRehearsal'>) => api.call('updateOpenRehearsal', { params: { id }, body }),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionKeys.details(id), session);
      // Started, ended, restarted or cancelled: the lists it appears in say so too.
      void queryClient.invalidateQueries({ queryKey: sessionKeys.mine });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.live });
    },
  });
}

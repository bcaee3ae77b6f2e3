import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@tutti/contract/http';
import { api } from '../../../lib/api';
import { sessionKeys } from './query-keys';

/** POST v2/open-rehearsal. */
export function useCreateOpenRehearsal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'createOpenRehearsal'>) => api.call('createOpenRehearsal', { body }),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionKeys.details(session.id), session);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}

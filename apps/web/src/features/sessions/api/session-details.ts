import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sessionKeys } from './query-keys';

/** GET v1/sessions/{id}/details; bus events replace it with the session they carry. */
export function useSessionDetails(id: string) {
  return useQuery({
    queryKey: sessionKeys.details(id),
    queryFn: () => api.call('getSessionDetails', { params: { id } }),
  });
}

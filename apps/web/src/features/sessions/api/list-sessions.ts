import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sessionKeys } from './query-keys';

/** GET v1/sessions: the live sessions I may see (the hall's list; the bus keeps it current). */
export function useLiveSessions() {
  return useQuery({ queryKey: sessionKeys.live, queryFn: () => api.call('listSessions') });
}

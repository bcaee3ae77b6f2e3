import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sessionKeys } from './query-keys';

/** GET v1/me/sessions: what I organize, what I am invited to, and my free minutes left. */
export function useMySessions() {
  return useQuery({ queryKey: sessionKeys.mine, queryFn: () => api.call('listMySessions') });
}

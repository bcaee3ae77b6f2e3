import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { subscriptionKeys } from './query-keys';

/**
 * My free open-rehearsal minutes left this month, as GET v1/me/sessions gives them (null when subscribed). Only its
 * first page, one item per list: the sessions themselves are the sessions feature's.
 */
export function useFreeMinutes(enabled = true) {
  return useQuery({
    queryKey: subscriptionKeys.freeMinutes,
    queryFn: async () => (await api.call('listMySessions', { query: { p: 1, size: 1 } })).remainingMinutes,
    enabled,
  });
}

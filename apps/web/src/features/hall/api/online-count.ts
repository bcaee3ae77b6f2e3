import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const onlineCountQueryKey = ['hall', 'online-count'] as const;

/** GET v1/metrics/accounts/online, refreshed every minute like the pings that feed it. */
export const onlineCountQuery = queryOptions({
  queryKey: onlineCountQueryKey,
  queryFn: () => api.call('onlineCount'),
});

export function useOnlineCount() {
  return useQuery({ ...onlineCountQuery, refetchInterval: 60_000 });
}

import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const onlineCountQueryKey = ['hall', 'online-count'] as const;

/** GET v1/metrics/accounts/online, refreshed every minute like the pings that feed it. */
export function useOnlineCount() {
  return useQuery({
    queryKey: onlineCountQueryKey,
    queryFn: () => api.call('onlineCount'),
    refetchInterval: 60_000,
  });
}

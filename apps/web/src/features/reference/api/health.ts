import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const healthQueryKey = ['reference', 'health'] as const;
/** Spec section 9: the health check runs every 300000 ms. */
export const HEALTH_INTERVAL_MS = 300_000;

/** GET v1/health, at start and every 5 minutes; an error means the server is not healthy. */
export function useHealth() {
  return useQuery({
    queryKey: healthQueryKey,
    queryFn: () => api.call('health'),
    refetchInterval: HEALTH_INTERVAL_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    retry: false,
    staleTime: 0,
  });
}

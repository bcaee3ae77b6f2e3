import { useQuery } from '@tanstack/react-query';
import { api } from '../api';

export const serverConfigQueryKey = ['nals', 'config'] as const;
/** Spec section 9: the configuration is read again every 300000 ms. */
export const CONFIG_REFRESH_MS = 300_000;

/** GET v1/config?current=true: where the broker is (queueHost) and the reference audio client version. */
export function useServerConfig() {
  return useQuery({
    queryKey: serverConfigQueryKey,
    queryFn: () => api.call('getConfig', { query: { current: 'true' } }),
    refetchInterval: CONFIG_REFRESH_MS,
    refetchOnWindowFocus: false,
    // Spec section 8: a failed load is tried again after 2 seconds.
    retry: true,
    retryDelay: 2_000,
  });
}

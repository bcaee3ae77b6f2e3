import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Only failures of the network or the server are worth retrying; a 4xx stays a 4xx.
      retry: (count, error) => count < 2 && (!(error instanceof ApiError) || error.isTransient),
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});

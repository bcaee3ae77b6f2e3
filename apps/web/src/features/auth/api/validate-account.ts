import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const validateAccountQueryKey = (token: string) => ['auth', 'validate-account', token] as const;

/**
 * POST v1/accounts/validate when the page opens. A query (not a mutation) so a double mount sends the
 * single-use token once.
 */
export function useValidateAccount(token: string) {
  return useQuery({
    queryKey: validateAccountQueryKey(token),
    queryFn: async () => {
      await api.call('validateAccount', { body: { token } });
      return true;
    },
    enabled: token !== '',
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

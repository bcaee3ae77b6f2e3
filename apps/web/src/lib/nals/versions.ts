import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { serverConfigQueryKey } from './server-config';

export const nalsVersionsQueryKey = ['nals', 'versions'] as const;

/** GET v1/nals/versions: the releases, newest first, the reference one marked enabled. */
export function useNalsVersions() {
  return useQuery({ queryKey: nalsVersionsQueryKey, queryFn: () => api.call('listNalsVersions') });
}

/** POST v1/nals/versions/{id}/enable (administrators): that release becomes the reference version. */
export function useEnableNalsVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['nals', 'versions', 'enable'],
    mutationFn: (id: string) => api.call('enableNalsVersion', { params: { id } }),
    onSuccess: async () => {
      // The reference version is v1/config's nalsRefVersion: the upgrade banner follows it at once.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: nalsVersionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: serverConfigQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['nals', 'download'] }),
      ]);
    },
  });
}

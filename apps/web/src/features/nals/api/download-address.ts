import { useQuery } from '@tanstack/react-query';
import type { NalsOs } from '@tutti/contract/nals';
import { api } from '../../../lib/api';

export const downloadAddressQueryKey = (os: NalsOs) => ['nals', 'download', os] as const;

/** GET v1/nals/download?os=…: the address of the reference version's build for that system (text). */
export function useDownloadAddress(os: NalsOs) {
  return useQuery({
    queryKey: downloadAddressQueryKey(os),
    queryFn: async () => (await api.call('getNalsDownload', { query: { os } })).trim(),
    staleTime: 60_000,
    retry: 1,
  });
}

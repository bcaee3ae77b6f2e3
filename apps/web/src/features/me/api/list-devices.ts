import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const devicesQueryKey = ['me', 'devices'] as const;

export function useDevices() {
  return useQuery({ queryKey: devicesQueryKey, queryFn: () => api.call('listDevices') });
}

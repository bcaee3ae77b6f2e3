import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { devicesQueryKey } from './list-devices';

export const deleteDeviceMutationKey = ['me', 'delete-device'] as const;

export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deleteDeviceMutationKey,
    mutationFn: (id: string) => api.call('deleteDevice', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
}

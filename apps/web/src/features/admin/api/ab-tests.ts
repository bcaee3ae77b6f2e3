import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AbTestBody } from '@tutti/contract/experiments';
import { api } from '../../../lib/api';

export const abTestsKey = ['admin', 'ab-tests'] as const;

export const useAbTests = () => useQuery({ queryKey: abTestsKey, queryFn: () => api.call('listAbTests') });

export function useCreateAbTest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AbTestBody) => api.call('createAbTest', { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: abTestsKey }),
  });
}

export function useDeleteAbTest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call('deleteAbTest', { params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: abTestsKey }),
  });
}

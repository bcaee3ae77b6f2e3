import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@tutti/contract/http';
import { api } from '../../../../lib/api';
import { adminKeys } from './query-keys';

/** GET v1/product-tokens: the promo codes, the most recent first, with their uses. */
export function useProductTokens() {
  return useQuery({ queryKey: adminKeys.tokens, queryFn: () => api.call('listProductTokens') });
}

export type ProductTokenBody = BodyOf<'createProductToken'>;

/** POST v1/product-tokens: 409 when the code exists. */
export function useCreateProductToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductTokenBody) => api.call('createProductToken', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.tokens }),
  });
}

/** DELETE v1/product-tokens/{id}: nobody can use it any more; what it gave stays. */
export function useDeleteProductToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call('deleteProductToken', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.tokens }),
  });
}

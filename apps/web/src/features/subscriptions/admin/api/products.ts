import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@tutti/contract/http';
import type { Product } from '@tutti/contract/subscriptions';
import { api } from '../../../../lib/api';
import { adminKeys } from './query-keys';

/** Products per page of the administration's list. */
export const PRODUCTS_PAGE_SIZE = 20;
/** The largest page the server gives (PAGE_SIZE_MAX): the promo code form's choice reads them all by this. */
const OPTIONS_PAGE_SIZE = 50;
/** More products than this is not a catalogue any more: the choice stops there. */
const OPTIONS_MAX_PAGES = 10;

/** GET v1/products?p=&size=: every product, enabled or not, the most recent first. */
export function useProducts(page: number) {
  return useQuery({
    queryKey: adminKeys.productPage(page),
    queryFn: () => api.call('listProducts', { query: { p: page, size: PRODUCTS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/** GET v1/products/{id}: one product as the server holds it now (the edit dialog starts from it, not from a list
 *  page loaded earlier; another administrator may have changed it since). Not kept once the dialog closes. */
export function useProduct(id: string) {
  return useQuery({
    queryKey: adminKeys.product(id),
    queryFn: () => api.call('getProduct', { params: { id } }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** Every product, for the promo code form's choice: the pages of GET v1/products, read one after the other. */
export function useProductOptions() {
  return useQuery({
    queryKey: adminKeys.productOptions,
    queryFn: async (): Promise<Product[]> => {
      const all: Product[] = [];
      for (let p = 1; p <= OPTIONS_MAX_PAGES; p++) {
        const page = await api.call('listProducts', { query: { p, size: OPTIONS_PAGE_SIZE } });
        all.push(...page.items);
        if (all.length >= page.total || page.items.length === 0) break;
      }
      return all;
    },
  });
}

export type ProductBody = BodyOf<'createProduct'>;

/** POST v1/products (a new one, disabled) or PUT v1/products/{id}; the lists are read again afterwards. */
export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ProductBody }) =>
      id ? api.call('updateProduct', { params: { id }, body }) : api.call('createProduct', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** POST v1/products/{id}/enable or /disable: offered to musicians or not. */
export function useSetProductEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      api.call(enabled ? 'enableProduct' : 'disableProduct', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** DELETE v1/products/{id}: refused (409 PRODUCT_IN_USE) once anyone subscribed to it. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call('deleteProduct', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

import { list } from '@club/shared/api';
import { ZProduct } from '@club/shared/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** How often the shop follows stock (other buyers), until the realtime gateway pushes. */
export const SHOP_REFETCH_MS = 15_000;

export function getProducts(signal?: AbortSignal) {
  return api.get('/v1/product/all', { schema: list(ZProduct), ...(signal ? { signal } : {}) }).then((a) => a.data);
}

/** Every shop query starts with this key, so one invalidation refreshes products and hours. */
export const shopKey = ['shop'] as const;

export const productsQueryOptions = () =>
  queryOptions({ queryKey: [...shopKey, 'products'], queryFn: ({ signal }) => getProducts(signal), staleTime: 0 });

/** The kiosk's products for sale, in shop order, with their stock. */
export function useProducts() {
  return useQuery({ ...productsQueryOptions(), refetchInterval: SHOP_REFETCH_MS });
}

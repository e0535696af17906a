import { list } from '@club/shared/api';
import { ZProduct } from '@club/shared/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { shopKeys } from '../../../lib/query-keys.ts';

export function getProducts(signal?: AbortSignal) {
  return api.get('/v1/product/all', { schema: list(ZProduct), ...(signal ? { signal } : {}) }).then((a) => a.data);
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: shopKeys.products(), queryFn: ({ signal }) => getProducts(signal), staleTime: 0 });

/** The kiosk's products for sale, in shop order, with their stock (others' buys come by `feed:changed`). */
export function useProducts() {
  return useQuery(productsQueryOptions());
}

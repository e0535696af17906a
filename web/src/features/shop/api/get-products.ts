import { list } from '@club/shared/api';
import { ZProduct } from '@club/shared/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { shopKeys } from '../../../lib/query-keys.ts';

/**
 * A safety refresh only: no event carries other buyers' stock changes, so the shop looks
 * again once a minute while open (checkout refuses what ran out in any case).
 */
const STOCK_REFRESH_MS = 60_000;

export function getProducts(signal?: AbortSignal) {
  return api.get('/v1/product/all', { schema: list(ZProduct), ...(signal ? { signal } : {}) }).then((a) => a.data);
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: shopKeys.products(), queryFn: ({ signal }) => getProducts(signal), staleTime: 0 });

/** The kiosk's products for sale, in shop order, with their stock. */
export function useProducts() {
  return useQuery({ ...productsQueryOptions(), refetchInterval: STOCK_REFRESH_MS });
}

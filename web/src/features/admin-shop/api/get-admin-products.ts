import { list, one } from '@club/shared/api';
import { ZProduct } from '@club/shared/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminProductKeys } from './keys.ts';

export function getAdminProducts(signal?: AbortSignal) {
  return api
    .get('/v1/product/all', { query: { all: 1 }, schema: list(ZProduct), ...(signal ? { signal } : {}) })
    .then((a) => a.data);
}

export function getAdminProduct(id: number, signal?: AbortSignal) {
  return api
    .get(`/v1/product/${id}`, { schema: one('product', ZProduct), ...(signal ? { signal } : {}) })
    .then((a) => a.product);
}

/** Every product, inactive ones too, in shop order. */
export const adminProductsQueryOptions = () =>
  queryOptions({
    queryKey: adminProductKeys.list(),
    queryFn: ({ signal }) => getAdminProducts(signal),
    staleTime: 0,
  });

export const adminProductQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminProductKeys.one(id),
    queryFn: ({ signal }) => getAdminProduct(id, signal),
    staleTime: 0,
  });

export function useAdminProducts() {
  return useQuery(adminProductsQueryOptions());
}

export function useAdminProduct(id: number) {
  return useQuery({ ...adminProductQueryOptions(id), enabled: id > 0 });
}

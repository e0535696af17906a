import { list } from '@club/shared/api';
import { ZDiscount } from '@club/shared/discounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function getDiscounts(signal?: AbortSignal) {
  return api.get('/v1/discount/all', { schema: list(ZDiscount), ...(signal ? { signal } : {}) }).then((a) => a.data);
}

export const discountsKey = ['discounts'] as const;

export const discountsQueryOptions = () =>
  queryOptions({ queryKey: [...discountsKey, 'all'], queryFn: ({ signal }) => getDiscounts(signal) });

export function useDiscounts() {
  return useQuery(discountsQueryOptions());
}

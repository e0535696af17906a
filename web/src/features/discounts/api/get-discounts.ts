import { list } from '@club/shared/api';
import { ZDiscount } from '@club/shared/discounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function getDiscounts(signal?: AbortSignal) {
  return api.get('/v1/discount/all', { schema: list(ZDiscount), ...(signal ? { signal } : {}) }).then((a) => a.data);
}

/** Every discount (happy hours and role discounts); the prefix refreshes them after a change. */
export const discountKeys = {
  all: ['discounts'] as const,
  list: () => [...discountKeys.all, 'all'] as const,
};

export const discountsQueryOptions = () =>
  queryOptions({ queryKey: discountKeys.list(), queryFn: ({ signal }) => getDiscounts(signal) });

export function useDiscounts() {
  return useQuery(discountsQueryOptions());
}

import { one } from '@club/shared/api';
import { ZOrderDetail } from '@club/shared/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function getOrder(id: number, signal?: AbortSignal) {
  return api
    .get(`/v1/order/${id}`, { schema: one('order', ZOrderDetail), ...(signal ? { signal } : {}) })
    .then((a) => a.order);
}

/**
 * Every order query of the app starts with `['orders']` (history, waiting, admin lists),
 * so one invalidation after a payment refreshes them all; socket `order:updated` events
 * can later write into the same keys.
 */
export const ordersKey = ['orders'] as const;

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...ordersKey, 'detail', id],
    queryFn: ({ signal }) => getOrder(id, signal),
    staleTime: 0,
  });

export function useOrder(id: number) {
  return useQuery({ ...orderQueryOptions(id), enabled: id > 0 });
}

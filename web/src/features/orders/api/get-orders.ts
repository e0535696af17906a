import { list, paginated } from '@club/shared/api';
import { ZOrder } from '@club/shared/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * Every order query of the app starts with `['orders']` (see payments' `ordersKey`): a
 * payment that moves on refreshes history and waiting lists with one invalidation.
 */
const ordersKey = ['orders'] as const;

export function getMyOrders(page: number, signal?: AbortSignal) {
  return api.get('/v1/order/my', { query: { page }, schema: paginated(ZOrder), ...(signal ? { signal } : {}) });
}

export const myOrdersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...ordersKey, 'my', page],
    queryFn: ({ signal }) => getMyOrders(page, signal),
    placeholderData: keepPreviousData,
  });

export function useMyOrders(page: number) {
  return useQuery(myOrdersQueryOptions(page));
}

export function getWaitingOrders(signal?: AbortSignal) {
  return api.get('/v1/order/waiting', { schema: list(ZOrder), ...(signal ? { signal } : {}) }).then((a) => a.data);
}

/** What I still have to pay; it follows the club (a transfer to me, staff settling) every few seconds. */
export const waitingOrdersQueryOptions = () =>
  queryOptions({
    queryKey: [...ordersKey, 'waiting'],
    queryFn: ({ signal }) => getWaitingOrders(signal),
    refetchInterval: 5000,
    staleTime: 0,
  });

export function useWaitingOrders() {
  return useQuery(waitingOrdersQueryOptions());
}

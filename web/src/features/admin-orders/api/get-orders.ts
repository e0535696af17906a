import { paginated } from '@club/shared/api';
import { type TOrderStatus, type TPaymentMethod, ZOrder } from '@club/shared/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Every order query of the app starts with `['orders']`: one invalidation refreshes them all. */
export const ordersKey = ['orders'] as const;

export interface OrdersFilter {
  page: number;
  status?: TOrderStatus | undefined;
  method?: TPaymentMethod | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

export function getOrders(filter: OrdersFilter, signal?: AbortSignal) {
  return api.get('/v1/order/all', {
    query: { ...filter },
    schema: paginated(ZOrder),
    ...(signal ? { signal } : {}),
  });
}

export const adminOrdersQueryOptions = (filter: OrdersFilter) =>
  queryOptions({
    queryKey: [...ordersKey, 'all', filter],
    queryFn: ({ signal }) => getOrders(filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

export function useAdminOrders(filter: OrdersFilter) {
  return useQuery(adminOrdersQueryOptions(filter));
}

/**
 * The counter's queue: orders whose owner chose the card terminal and waits for staff
 * (waiting or on the tab), oldest first. It follows the club every few seconds.
 */
export const kioskQueueQueryOptions = () =>
  queryOptions({
    queryKey: [...ordersKey, 'kiosk-queue'],
    queryFn: async ({ signal }) => {
      const [waiting, later] = await Promise.all([
        getOrders({ page: 1, status: 'waiting', method: 'physical' }, signal),
        getOrders({ page: 1, status: 'pay_later', method: 'physical' }, signal),
      ]);
      return [...waiting.data, ...later.data].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
    },
    refetchInterval: 4000,
    staleTime: 0,
  });

export function useKioskQueue() {
  return useQuery(kioskQueueQueryOptions());
}

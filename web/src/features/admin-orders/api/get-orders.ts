import { paginated } from '@club/shared/api';
import { type TOrderStatus, type TPaymentMethod, ZOrder } from '@club/shared/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

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
    queryKey: orderKeys.adminList(filter),
    queryFn: ({ signal }) => getOrders(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminOrders(filter: OrdersFilter) {
  return useQuery(adminOrdersQueryOptions(filter));
}

/**
 * The counter's queue: orders whose owner chose the card terminal and waits for staff
 * (waiting or on the tab), oldest first. The admin room's `order:updated` keeps it current.
 */
export const kioskQueueQueryOptions = () =>
  queryOptions({
    queryKey: orderKeys.kioskQueue(),
    queryFn: async ({ signal }) => {
      const [waiting, later] = await Promise.all([
        getOrders({ page: 1, status: 'waiting', method: 'physical' }, signal),
        getOrders({ page: 1, status: 'pay_later', method: 'physical' }, signal),
      ]);
      return [...waiting.data, ...later.data].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
    },
    staleTime: 0,
  });

export function useKioskQueue() {
  return useQuery(kioskQueueQueryOptions());
}

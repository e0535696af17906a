import { one } from '@club/shared/api';
import { ZOrderDetail } from '@club/shared/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

export function getOrder(id: number, signal?: AbortSignal) {
  return api
    .get(`/v1/order/${id}`, { schema: one('order', ZOrderDetail), ...(signal ? { signal } : {}) })
    .then((a) => a.order);
}

/** One order as an admin sees it (with its timeline); the admin room's `order:updated` keeps it current. */
export const adminOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: orderKeys.one(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    staleTime: 0,
  });

export function useAdminOrder(id: number) {
  return useQuery({ ...adminOrderQueryOptions(id), enabled: id > 0 });
}

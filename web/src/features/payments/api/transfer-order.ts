import { list, one } from '@club/shared/api';
import { ZOrder, ZUserHandle } from '@club/shared/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';

/** Hands the order to another person: they get a new waiting order and a notification. */
export function transferOrder(id: number, userId: number) {
  return api.post('/v1/order/transfer', {
    body: { id, user_id: userId },
    schema: one('order', ZOrder).extend({ new_order_id: z.number().int() }),
  });
}

export function searchUsers(q: string, signal?: AbortSignal) {
  return api
    .get('/v1/user/search', { query: { q }, schema: list(ZUserHandle), ...(signal ? { signal } : {}) })
    .then((a) => a.data);
}

export const userSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['user-search', q],
    queryFn: ({ signal }) => searchUsers(q, signal),
    placeholderData: keepPreviousData,
  });

/** People to hand an order to, by name or phone (two characters at least). */
export function useUserSearch(q: string) {
  return useQuery({ ...userSearchQueryOptions(q), enabled: q.length >= 2 });
}

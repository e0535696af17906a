import { list, one } from '@club/shared/api';
import { ZOrder, ZUserHandle } from '@club/shared/orders';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

/** Asks another person to take the order over: they are told, and it stays mine until they accept. */
export function transferOrder(id: number, userId: number) {
  return api.post('/v1/order/transfer', { body: { id, user_id: userId }, schema: one('order', ZOrder) });
}

/** Takes back a request nobody has answered yet. */
export function cancelTransfer(id: number) {
  return api.post('/v1/order/transfer/cancel', { body: { id }, schema: one('order', ZOrder) });
}

export function useCancelTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelTransfer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

export function searchUsers(q: string, signal?: AbortSignal) {
  return api
    .get('/v1/user/search', { query: { q }, schema: list(ZUserHandle), ...(signal ? { signal } : {}) })
    .then((a) => a.data);
}

/** People found by name or phone, per search text. */
export const userSearchKeys = {
  all: ['user-search'] as const,
  query: (q: string) => [...userSearchKeys.all, q] as const,
};

export const userSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: userSearchKeys.query(q),
    queryFn: ({ signal }) => searchUsers(q, signal),
    placeholderData: keepPreviousData,
  });

/** People to hand an order to, by name or phone (two characters at least). */
export function useUserSearch(q: string) {
  return useQuery({ ...userSearchQueryOptions(q), enabled: q.length >= 2 });
}

import { one } from '@club/shared/api';
import { ZOrder } from '@club/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { orderKeys } from '../../../lib/query-keys.ts';
import { approvalsQueryOptions } from './get-approvals.ts';

export function approveOrder(id: number) {
  return api.post('/v1/order/approve', { body: { id }, schema: one('order', ZOrder) }).then((a) => a.order);
}

/** Confirms a card-terminal payment: the order is paid, the queue and every order list move on. */
export function useApproveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveOrder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: approvalsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
}

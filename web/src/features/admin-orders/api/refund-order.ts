import { one } from '@club/shared/api';
import { ZOrderDetail, ZOrderRefundAnswer, type ZOrderRefundBody } from '@club/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

/**
 * Gives money back on a paid order: a return of `lines` (with the amount staff saw), or a
 * price reduction of `amount`. The refund may come back pending.
 */
export function refundOrder(input: z.input<typeof ZOrderRefundBody>) {
  return api.post('/v1/order/refund', { body: input, schema: ZOrderRefundAnswer });
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** Asks the provider again about the order's refunds that have no answer yet (each with its own key). */
export function retryRefunds(id: number) {
  return api.post('/v1/order/refund/retry', { body: { id }, schema: one('order', ZOrderDetail) }).then((a) => a.order);
}

export function useRetryRefunds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryRefunds,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

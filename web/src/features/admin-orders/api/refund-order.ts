import { one } from '@club/shared/api';
import { ZOrder } from '@club/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { orderKeys } from '../../../lib/query-keys.ts';

/** Gives money back on a paid order: `amount` unset is all that is left. */
export function refundOrder(input: { id: number; amount?: number; reason: string }) {
  return api.post('/v1/order/refund', { body: input, schema: one('order', ZOrder) }).then((a) => a.order);
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

import { one } from '@club/shared/api';
import { ZOrder } from '@club/shared/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { shopKeys } from '../../../lib/query-keys.ts';
import { cartQueryOptions } from './get-cart.ts';

/** Checkout: the cart becomes a waiting order and its stock is reserved now. */
export function initOrder() {
  return api.post('/v1/order/init', { schema: one('order', ZOrder) }).then((a) => a.order);
}

export function useInitOrder() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: cartQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: shopKeys.all }),
    ]);
  return useMutation({
    mutationFn: initOrder,
    // not awaited: the payment overview opens at once, the (now empty) cart follows behind
    onSuccess: () => {
      void refresh();
    },
    // stock ran out meanwhile: show what is left now
    onError: () => refresh(),
  });
}

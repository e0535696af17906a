import type { TCart } from '@club/shared/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cartQueryOptions } from './get-cart.ts';

/** Every cart call answers the whole new cart: it goes straight into the cache. */
export function useCartMutation<I>(call: (input: I) => Promise<TCart>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (cart) => queryClient.setQueryData(cartQueryOptions().queryKey, cart),
  });
}

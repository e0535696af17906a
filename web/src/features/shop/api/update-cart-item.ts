import type { TCart } from '@club/shared/shop';
import { api } from '../../../lib/api.ts';
import { useCartMutation } from './cart-mutation.ts';
import { ZCartAnswer } from './get-cart.ts';

export function updateCartItem(input: { item_id: number; count: number }): Promise<TCart> {
  return api.post('/v1/cart/update', { body: input, schema: ZCartAnswer }).then((a) => a.cart);
}

/** Sets how many of a cart line (1–99). */
export const useUpdateCartItem = () => useCartMutation(updateCartItem);

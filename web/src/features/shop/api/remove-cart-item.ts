import type { TCart } from '@club/shared/shop';
import { api } from '../../../lib/api.ts';
import { useCartMutation } from './cart-mutation.ts';
import { ZCartAnswer } from './get-cart.ts';

export function removeCartItem(input: { item_id: number }): Promise<TCart> {
  return api.post('/v1/cart/remove', { body: input, schema: ZCartAnswer }).then((a) => a.cart);
}

/** Takes a line out of my cart. */
export const useRemoveCartItem = () => useCartMutation(removeCartItem);

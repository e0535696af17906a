import type { TCart } from '@club/shared/shop';
import { api } from '../../../lib/api.ts';
import { useCartMutation } from './cart-mutation.ts';
import { ZCartAnswer } from './get-cart.ts';

export type CartAddInput = { product_id: number; count?: number } | { subscription_id: number; count?: number };

export function addToCart(input: CartAddInput): Promise<TCart> {
  return api.post('/v1/cart/add', { body: { count: 1, ...input }, schema: ZCartAnswer }).then((a) => a.cart);
}

/** Puts one more of a product (or of prepaid hours) in my cart. */
export const useAddToCart = () => useCartMutation(addToCart);

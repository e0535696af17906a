import { one } from '@club/shared/api';
import { ZCart } from '@club/shared/shop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { cartKeys } from './keys.ts';

export const ZCartAnswer = one('cart', ZCart);

export function getCart(signal?: AbortSignal) {
  return api.get('/v1/cart', { schema: ZCartAnswer, ...(signal ? { signal } : {}) }).then((a) => a.cart);
}

/**
 * The cart lives on the server (it survives a reload and follows the person to a second
 * device), so it is read again whenever the window gets the focus.
 */
export const cartQueryOptions = () =>
  queryOptions({ queryKey: cartKeys.mine(), queryFn: ({ signal }) => getCart(signal), staleTime: 0 });

export function useCart() {
  return useQuery(cartQueryOptions());
}

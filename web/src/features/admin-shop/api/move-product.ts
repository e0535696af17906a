import { ZOk } from '@club/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminProductsQueryOptions } from './get-admin-products.ts';
import { adminProductKeys } from './keys.ts';

export type MoveInput = { id: number; direction: 'up' | 'down' };

/** `error.product_at_top` at the top, `error.nothing_happened` at the bottom. */
export function moveProduct(body: MoveInput) {
  return api.post('/v1/product/move', { body, schema: ZOk });
}

/** Swaps a product with its neighbour in the list at once; the server's order follows. */
export function useMoveProduct() {
  const queryClient = useQueryClient();
  const key = adminProductsQueryOptions().queryKey;
  return useMutation({
    mutationFn: moveProduct,
    onMutate: async ({ id, direction }: MoveInput) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      if (before) {
        const i = before.findIndex((p) => p.id === id);
        const j = direction === 'up' ? i - 1 : i + 1;
        if (i >= 0 && j >= 0 && j < before.length) {
          const next = [...before];
          [next[i], next[j]] = [next[j]!, next[i]!];
          queryClient.setQueryData(key, next);
        }
      }
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminProductKeys.all }),
  });
}

import { one } from '@club/shared/api';
import { ZProduct, type ZProductCreateBody } from '@club/shared/shop';
import type { z } from '@club/shared/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminProductQueryOptions } from './get-admin-products.ts';
import { adminProductKeys } from './keys.ts';

export type ProductFields = z.output<typeof ZProductCreateBody>;

export function createProduct(body: ProductFields) {
  return api.post('/v1/product/create', { body, schema: one('product', ZProduct) }).then((a) => a.product);
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(adminProductQueryOptions(product.id).queryKey, product);
      return queryClient.invalidateQueries({ queryKey: adminProductKeys.all });
    },
  });
}

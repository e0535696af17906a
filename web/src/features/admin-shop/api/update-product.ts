import { one } from '@club/shared/api';
import { ZProduct } from '@club/shared/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { ProductFields } from './create-product.ts';
import { adminProductQueryOptions } from './get-admin-products.ts';
import { adminProductKeys } from './keys.ts';

export function updateProduct(body: ProductFields & { id: number }) {
  return api.post('/v1/product/update', { body, schema: one('product', ZProduct) }).then((a) => a.product);
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(adminProductQueryOptions(product.id).queryKey, product);
      return queryClient.invalidateQueries({ queryKey: adminProductKeys.all });
    },
  });
}

import { ZOk } from '@club/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminProductQueryOptions } from './get-admin-products.ts';
import { adminProductKeys } from './keys.ts';

export function deleteProduct(id: number) {
  return api.post(`/v1/product/delete/${id}`, { schema: ZOk });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: adminProductQueryOptions(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: adminProductKeys.all });
    },
  });
}

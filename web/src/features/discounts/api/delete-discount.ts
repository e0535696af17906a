import { ZOk } from '@club/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { discountKeys } from './get-discounts.ts';

export function deleteDiscount(id: number) {
  return api.post(`/v1/discount/delete/${id}`, { schema: ZOk });
}

export function useDeleteDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountKeys.all }),
  });
}

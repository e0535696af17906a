import { ZOk } from '@club/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminSubscriptionKeys } from './keys.ts';

/** Takes prepaid hours off the catalogue (one that was bought is made inactive instead). */
export function deleteSubscription(id: number) {
  return api.post(`/v1/subscription/delete/${id}`, { schema: ZOk });
}

export function useDeleteSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSubscriptionKeys.all }),
  });
}

import { one } from '@club/shared/api';
import { ZSubscriptionProduct } from '@club/shared/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { SubscriptionFields } from './create-subscription.ts';
import { adminSubscriptionKeys } from './keys.ts';

export function updateSubscription(body: SubscriptionFields & { id: number }) {
  return api
    .post('/v1/subscription/update', { body, schema: one('subscription', ZSubscriptionProduct) })
    .then((a) => a.subscription);
}

export function useUpdateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSubscriptionKeys.all }),
  });
}

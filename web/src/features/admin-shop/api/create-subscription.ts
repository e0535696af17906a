import { one } from '@club/shared/api';
import { type ZSubscriptionCreateBody, ZSubscriptionProduct } from '@club/shared/shop';
import type { z } from '@club/shared/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminSubscriptionKeys } from './keys.ts';

export type SubscriptionFields = z.output<typeof ZSubscriptionCreateBody>;

export function createSubscription(body: SubscriptionFields) {
  return api
    .post('/v1/subscription/create', { body, schema: one('subscription', ZSubscriptionProduct) })
    .then((a) => a.subscription);
}

export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSubscriptionKeys.all }),
  });
}

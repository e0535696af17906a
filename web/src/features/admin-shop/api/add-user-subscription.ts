import { one } from '@club/shared/api';
import { ZUserSubscription } from '@club/shared/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { userSubscriptionKeys } from './keys.ts';

/** Admin: gives a user prepaid hours from the catalogue, active at once. */
export function addUserSubscription(body: { user_id: number; subscription_id: number }) {
  return api
    .post('/v1/subscription/add', { body, schema: one('subscription', ZUserSubscription) })
    .then((a) => a.subscription);
}

export function useAddUserSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addUserSubscription,
    onSuccess: () => client.invalidateQueries({ queryKey: userSubscriptionKeys.all }),
  });
}

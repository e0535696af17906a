import { one } from '@club/shared/api';
import { type TUserUpdateBody, ZUser } from '@club/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { profileQueryOptions } from '../../../lib/auth.ts';

export function updateAccount(body: TUserUpdateBody) {
  return api.post('/v1/user/update', { body, schema: one('user', ZUser) });
}

/** Saves the person's own account; the profile cache takes the answer. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, user);
      return queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
    },
  });
}

import { one } from '@club/shared/api';
import { type TUserUpdateBody, ZUser } from '@club/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { profileQueryOptions } from '../../../lib/auth.ts';
import { userKeys } from '../../../lib/query-keys.ts';

export function updateUser(body: TUserUpdateBody) {
  return api.post('/v1/user/update', { body, schema: one('user', ZUser) });
}

/** An admin edits a user; every user list and that user's cache entries refresh. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
      ]),
  });
}

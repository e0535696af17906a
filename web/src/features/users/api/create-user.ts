import { one } from '@club/shared/api';
import { type TUserCreateBody, ZUser } from '@club/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { userKeys } from '../../../lib/query-keys.ts';

/** Creates a user; they get an e-mail with a link to choose their password. */
export function createUser(body: TUserCreateBody) {
  return api.post('/v1/user/create', { body, schema: one('user', ZUser) });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

import { one } from '@club/shared/api';
import { type TUserUpdateBody, ZUser } from '@club/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { profileQueryOptions } from '../../../lib/auth.ts';

/** Saves the person's own account with another address; the kiosk sends its link with it. */
export function changeEmail(body: TUserUpdateBody) {
  return api.post('/v1/user/update', { body, schema: one('user', ZUser) }).then((a) => a.user);
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: (user) => queryClient.setQueryData(profileQueryOptions().queryKey, user),
  });
}

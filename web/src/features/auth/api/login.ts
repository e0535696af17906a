import { one } from '@club/shared/api';
import { type TLoginBody, ZUser } from '@club/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { profileQueryOptions } from '../../../lib/auth.ts';
import { noteLogin } from '../../../lib/session.ts';

/** A browser's login answers the user; the session is the HttpOnly cookie the answer set. */
export const ZLoginAnswer = one('user', ZUser);

export function logIn(body: TLoginBody) {
  return api.post('/v1/auth/login', { body, schema: ZLoginAnswer });
}

/** Logs in: the kiosk sets the session cookie; the user goes into the profile cache. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, user);
      noteLogin();
    },
  });
}

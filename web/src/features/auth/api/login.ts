import { one } from '@club/shared/api';
import { type TLoginBody, ZUser } from '@club/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';
import { profileQueryOptions } from '../../../lib/auth.ts';
import { setToken } from '../../../lib/session.ts';

export const ZLoginAnswer = one('user', ZUser).extend({ token: z.string() });

export function logIn(body: TLoginBody) {
  return api.post('/v1/auth/login', { body, schema: ZLoginAnswer });
}

/** Logs in: the token goes into the cookie and the user into the profile cache. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    onSuccess: ({ token, user }) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, user);
      setToken(token);
    },
  });
}

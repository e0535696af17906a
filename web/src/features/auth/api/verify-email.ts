import { one } from '@club/shared/api';
import { ZUser } from '@club/shared/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { profileQueryOptions } from '../../../lib/auth.ts';

export function verifyEmail(token: string) {
  return api.post('/v1/auth/verify', { body: { token }, schema: one('user', ZUser) });
}

/** Confirms the e-mail address with the token from the link; the profile follows. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: ({ user }) => {
      // the guards read the profile: it must say "verified" before the next screen
      queryClient.setQueryData(profileQueryOptions().queryKey, user);
      return queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
    },
  });
}

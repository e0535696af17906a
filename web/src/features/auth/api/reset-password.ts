import { ZOk } from '@club/shared/api';
import type { TResetPasswordBody } from '@club/shared/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Asks for a reset link; always answers success so that nobody learns who has an account. */
export function resetPassword(body: TResetPasswordBody) {
  return api.post('/v1/auth/reset-password', { body, schema: ZOk });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

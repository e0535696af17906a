import { ZOk } from '@club/shared/api';
import type { TResetPasswordContinueBody } from '@club/shared/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function resetPasswordContinue(body: TResetPasswordContinueBody) {
  return api.post('/v1/auth/reset-password/continue', { body, schema: ZOk });
}

export function useResetPasswordContinue() {
  return useMutation({ mutationFn: resetPasswordContinue });
}

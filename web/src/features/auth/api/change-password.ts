import { ZOk } from '@club/shared/api';
import type { TChangePasswordBody } from '@club/shared/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Changes the password; the server ends every other session of the account. */
export function changePassword(body: TChangePasswordBody) {
  return api.post('/v1/user/change-password', { body, schema: ZOk });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

import { one } from '@club/shared/api';
import { type TRegisterBody, ZUser } from '@club/shared/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function register(body: TRegisterBody) {
  return api.post('/v1/auth/register', { body, schema: one('user', ZUser) });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

import { ZOk } from '@club/shared/api';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api.ts';

export function sendVerification() {
  return api.post('/v1/auth/verify/send', { schema: ZOk.extend({ sent: z.boolean() }) });
}

export function useSendVerification() {
  return useMutation({ mutationFn: sendVerification });
}

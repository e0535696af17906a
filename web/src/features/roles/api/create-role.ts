import { one } from '@club/shared/api';
import { type TRole, ZRole, type ZRoleBody } from '@club/shared/users';
import type { z } from '@club/shared/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roleKeys } from '../../../api/get-roles.ts';
import { api } from '../../../lib/api.ts';

export type TRoleBody = z.input<typeof ZRoleBody>;

export function createRole(body: TRoleBody): Promise<TRole> {
  return api.post('/v1/role/create', { body, schema: one('role', ZRole) }).then((a) => a.role);
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}

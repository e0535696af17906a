import { one } from '@club/shared/api';
import { type TRole, ZRole, type ZRoleUpdateBody } from '@club/shared/users';
import type { z } from '@club/shared/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roleKeys } from '../../../api/get-roles.ts';
import { api } from '../../../lib/api.ts';

export function updateRole(body: z.input<typeof ZRoleUpdateBody>): Promise<TRole> {
  return api.post('/v1/role/update', { body, schema: one('role', ZRole) }).then((a) => a.role);
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}

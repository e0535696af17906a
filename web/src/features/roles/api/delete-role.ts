import { ZOk } from '@club/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roleKeys } from '../../../api/get-roles.ts';
import { api } from '../../../lib/api.ts';
import { pricingKeys } from '../../../lib/query-keys.ts';

export function deleteRole(id: number) {
  return api.post(`/v1/role/delete/${id}`, { schema: ZOk });
}

/** Deletes a role nobody has (`error.role_in_use` for the built-in ones and roles in use). */
export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: roleKeys.all }),
        queryClient.invalidateQueries({ queryKey: pricingKeys.all }),
      ]),
  });
}

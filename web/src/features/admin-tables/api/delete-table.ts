import { ZOk } from '@club/shared/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminTableKeys } from '../../../lib/query-keys.ts';
import { adminTableQueryOptions } from './get-admin-table.ts';

export function deleteTable(id: number) {
  return api.post(`/v1/table/delete/${id}`, { schema: ZOk });
}

/** Deletes a table without a running game (`error.table_in_use` otherwise). */
export function useDeleteTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTable,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: adminTableQueryOptions(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: adminTableKeys.all });
    },
  });
}

import { one } from '@club/shared/api';
import { type TTableCreateBody, ZTable } from '@club/shared/tables';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminTableKeys } from '../../../lib/query-keys.ts';

export function createTable(body: TTableCreateBody) {
  return api.post('/v1/table/create', { body, schema: one('table', ZTable) }).then((a) => a.table);
}

export function useCreateTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTable,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTableKeys.all }),
  });
}

import { one } from '@club/shared/api';
import { type TTableUpdateBody, ZTable } from '@club/shared/tables';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminTableKeys } from '../../../lib/query-keys.ts';

export function updateTable(body: TTableUpdateBody) {
  return api.post('/v1/table/update', { body, schema: one('table', ZTable) }).then((a) => a.table);
}

export function useUpdateTable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTable,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTableKeys.all }),
  });
}

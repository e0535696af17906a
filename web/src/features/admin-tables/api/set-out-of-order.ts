import { one } from '@club/shared/api';
import { ZTable } from '@club/shared/tables';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminTableKeys, tableKeys } from '../../../lib/query-keys.ts';

export function setOutOfOrder(body: { table_id: number; reason: string | null }) {
  return api.post('/v1/table/out-of-order', { body, schema: one('table', ZTable) }).then((a) => a.table);
}

export function useSetOutOfOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOutOfOrder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminTableKeys.all }),
        queryClient.invalidateQueries({ queryKey: tableKeys.all }),
      ]),
  });
}

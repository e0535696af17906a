import { one } from '@club/shared/api';
import type { TLightDevice } from '@club/shared/devices';
import { type TTable, ZTable } from '@club/shared/tables';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminTableKeys } from '../../../lib/query-keys.ts';

/** A table's light relay (`light`: null for none), saved with the table's other settings unchanged. */
export function useSaveTableLight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ table, light }: { table: TTable; light: TLightDevice | null }) =>
      api
        .post('/v1/table/update', {
          body: {
            id: table.id,
            name: table.name,
            capacity: table.capacity,
            price_per_minute: table.price_per_minute,
            active: table.active,
            x: table.x,
            y: table.y,
            light,
          },
          schema: one('table', ZTable),
        })
        .then((a) => a.table),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTableKeys.all }),
  });
}

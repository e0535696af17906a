import { list, one } from '@club/shared/api';
import type { TAdminSnapshot } from '@club/shared/realtime';
import { ZTable } from '@club/shared/tables';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminTableKeys, liveKeys, tableKeys } from '../../../lib/query-keys.ts';
import { useLive } from '../lib/live-context.tsx';

export function getTables(signal?: AbortSignal) {
  return api.get('/v1/table/all', { schema: list(ZTable), ...(signal ? { signal } : {}) }).then((a) => a.data);
}

/** Every table in full (the floor's public view has no price): what an update must send back. */
export const tablesQueryOptions = () =>
  queryOptions({ queryKey: tableKeys.list(), queryFn: ({ signal }) => getTables(signal), staleTime: 0 });

/** A table's place on the floor, in percent of the plan's width and height, to one decimal. */
export const toPercent = (value: number) => Math.round(Math.min(100, Math.max(0, value)) * 10) / 10;

/**
 * Moves a table on the floor: drawn there at once, then saved with `POST /v1/table/update`
 * (the whole table, as the kiosk wants it). The `table:updated` event confirms it to
 * every screen; a failure puts it back with a sync.
 */
export function useMoveTable() {
  const queryClient = useQueryClient();
  const live = useLive();
  return useMutation({
    mutationFn: async ({ id, x, y }: { id: number; x: number; y: number }) => {
      const tables = await queryClient.fetchQuery({ ...tablesQueryOptions(), staleTime: 10_000 });
      const table = tables.find((t) => t.id === id);
      if (!table) throw new Error(`table ${id} is gone`);
      const body = {
        id,
        name: table.name,
        capacity: table.capacity,
        price_per_minute: table.price_per_minute,
        active: table.active,
        x: toPercent(x),
        y: toPercent(y),
      };
      return api.post('/v1/table/update', { body, schema: one('table', ZTable) }).then((a) => a.table);
    },
    onMutate: ({ id, x, y }) => {
      queryClient.setQueryData<TAdminSnapshot>(liveKeys.room('admin'), (old) =>
        old
          ? { ...old, tables: old.tables.map((t) => (t.id === id ? { ...t, x: toPercent(x), y: toPercent(y) } : t)) }
          : old,
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTableKeys.all }),
    onError: () => live.sync('admin'),
  });
}

import { one } from '@club/shared/api';
import { ZTableWithGame } from '@club/shared/tables';
import type { z } from '@club/shared/zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminTableKeys } from '../../../lib/query-keys.ts';

export type TAdminTable = z.infer<typeof ZTableWithGame>;

export function getAdminTable(id: number, signal?: AbortSignal) {
  return api
    .get(`/v1/table/${id}`, { schema: one('table', ZTableWithGame), ...(signal ? { signal } : {}) })
    .then((a) => a.table);
}

export const adminTableQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminTableKeys.one(id),
    queryFn: ({ signal }) => getAdminTable(id, signal),
    staleTime: 0,
  });

/** One table with its running game, for the edit screen; the admin room's events keep it current. */
export function useAdminTable(id: number) {
  return useQuery({ ...adminTableQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

import { list } from '@club/shared/api';
import { ZTable } from '@club/shared/tables';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminTableKeys } from '../../../lib/query-keys.ts';

export function getAdminTables(signal?: AbortSignal) {
  return api.get('/v1/table/all', { schema: list(ZTable), ...(signal ? { signal } : {}) }).then((a) => a.data);
}

export const adminTablesQueryOptions = () =>
  queryOptions({ queryKey: adminTableKeys.list(), queryFn: ({ signal }) => getAdminTables(signal), staleTime: 0 });

/** Every table with its live status, for the admin list and QR sheet; the admin room's events keep it current. */
export function useAdminTables() {
  return useQuery(adminTablesQueryOptions());
}

import { list } from '@club/shared/api';
import { ZTable } from '@club/shared/tables';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** How often the admin screens follow the floor, until the realtime gateway pushes. */
export const ADMIN_REFETCH_MS = 5_000;

export function getAdminTables(signal?: AbortSignal) {
  return api.get('/v1/table/all', { schema: list(ZTable), ...(signal ? { signal } : {}) }).then((a) => a.data);
}

/** Every admin table query starts with this key, so one invalidation refreshes them all. */
export const adminTablesKey = ['admin-tables'] as const;

export const adminTablesQueryOptions = () =>
  queryOptions({ queryKey: [...adminTablesKey, 'all'], queryFn: ({ signal }) => getAdminTables(signal), staleTime: 0 });

/** Every table with its live status, for the admin list, floor plan and QR sheet. */
export function useAdminTables({ live = true }: { live?: boolean } = {}) {
  return useQuery({ ...adminTablesQueryOptions(), refetchInterval: live ? ADMIN_REFETCH_MS : false });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { refetchOnMountUnlessFirstData } from '../../../lib/first-screen.ts';

/** How often screens that follow the floor ask again, until the realtime gateway pushes. */
export const LIVE_REFETCH_MS = 5_000;

export function getTables(signal?: AbortSignal) {
  return api
    .get('/v1/table/all', {
      schema: () => import('./answers.ts').then((m) => m.ZTablesAnswer),
      ...(signal ? { signal } : {}),
    })
    .then((a) => a.data);
}

/** Every table query starts with this key, so one invalidation refreshes the floor and each table. */
export const tablesKey = ['tables'] as const;

/** Every table with its live status and free seats. */
export const tablesQueryOptions = () =>
  queryOptions({
    queryKey: [...tablesKey, 'all'],
    queryFn: ({ signal }) => getTables(signal),
    staleTime: 0,
    refetchOnMount: refetchOnMountUnlessFirstData,
  });

export function useTables({ live = true }: { live?: boolean } = {}) {
  return useQuery({ ...tablesQueryOptions(), refetchInterval: live ? LIVE_REFETCH_MS : false });
}

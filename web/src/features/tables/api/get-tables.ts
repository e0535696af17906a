import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** How often screens that follow the floor ask again, until the realtime gateway pushes. */
export const LIVE_REFETCH_MS = 5_000;
/**
 * An answer this recent is not asked for again when a screen mounts: the first screen's
 * reads arrive just before its first render (`loadScreen` in app/router.tsx), and asking
 * again at once costs a round trip and a render for the same data. The refetch interval,
 * the invalidations after a change and the live updates keep it current.
 */
export const LIVE_FRESH_MS = 2_000;

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
    staleTime: LIVE_FRESH_MS,
  });

export function useTables({ live = true }: { live?: boolean } = {}) {
  return useQuery({ ...tablesQueryOptions(), refetchInterval: live ? LIVE_REFETCH_MS : false });
}

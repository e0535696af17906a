import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { lazySchema } from '../../../lib/api-client.ts';
import { refetchOnMountUnlessFirstData } from '../../../lib/first-screen.ts';
import { tableKeys } from '../../../lib/query-keys.ts';

export function getTables(signal?: AbortSignal) {
  return api
    .get('/v1/table/all', {
      schema: lazySchema(() => import('./answers.ts'), 'ZTablesAnswer'),
      ...(signal ? { signal } : {}),
    })
    .then((a) => a.data);
}

/** Every table with its live status and free seats. */
export const tablesQueryOptions = () =>
  queryOptions({
    queryKey: tableKeys.list(),
    queryFn: ({ signal }) => getTables(signal),
    staleTime: 0,
    refetchOnMount: refetchOnMountUnlessFirstData,
  });

/** The floor room's events keep it current (followed on the home page). */
export function useTables() {
  return useQuery(tablesQueryOptions());
}

import type { TTable } from '@club/shared/tables';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
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

/**
 * What a screen takes from the tables, drawn again only when that changes: in a busy club a
 * table changes several times a second, and a screen that reads the whole list draws with each.
 * `select` should keep its identity between renders (a module's function, or `useCallback`).
 */
export function useTablesSelect<T>(select: (tables: TTable[]) => T) {
  return useQuery({ ...tablesQueryOptions(), select });
}

/** A table's name (none asked: undefined), drawn again only when it changes. */
export function useTableName(id: number | null | undefined): string | undefined {
  return useTablesSelect(useCallback((tables: TTable[]) => tables.find((table) => table.id === id)?.name, [id])).data;
}

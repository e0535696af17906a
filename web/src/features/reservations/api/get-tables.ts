import { list } from '@club/shared/api';
import { ZTable } from '@club/shared/tables';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { tableKeys } from '../../../lib/query-keys.ts';

/** The tables to book from: the same entry the floor's live events keep current. */
export const bookingTablesQueryOptions = () =>
  queryOptions({
    queryKey: tableKeys.list(),
    queryFn: ({ signal }) => api.get('/v1/table/all', { schema: list(ZTable), signal }).then((a) => a.data),
  });
export const useBookingTables = () => useQuery(bookingTablesQueryOptions());

import { one } from '@club/shared/api';
import { ZCashReport } from '@club/shared/cash';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const cashKeys = {
  all: ['cash'] as const,
  xReport: () => [...cashKeys.all, 'x-report'] as const,
  zReports: () => [...cashKeys.all, 'z-reports'] as const,
};

/**
 * Today's X report. Each run is journaled, so the page runs one when it opens and when staff
 * ask again, never on a timer or on focus.
 */
export const xReportQueryOptions = () =>
  queryOptions({
    queryKey: cashKeys.xReport(),
    queryFn: ({ signal }) =>
      api.get('/v1/cash/x-report', { schema: one('report', ZCashReport), signal }).then((a) => a.report),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useXReport() {
  return useQuery(xReportQueryOptions());
}

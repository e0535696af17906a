import { one } from '@club/shared/api';
import { ZCashReport } from '@club/shared/cash';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { forCashPoint, useCashPointId } from '../lib/cash-point.tsx';

export const cashKeys = {
  all: ['cash'] as const,
  xReport: (pointId: number | undefined) => [...cashKeys.all, 'x-report', pointId ?? null] as const,
  zReports: (pointId: number | undefined) => [...cashKeys.all, 'z-reports', pointId ?? null] as const,
};

/**
 * Today's X report. Each run is journaled, so the page runs one when it opens and when staff
 * ask again, never on a timer or on focus.
 */
export const xReportQueryOptions = (pointId: number | undefined) =>
  queryOptions({
    queryKey: cashKeys.xReport(pointId),
    queryFn: ({ signal }) =>
      api
        .get(forCashPoint('/v1/cash/x-report', pointId), { schema: one('report', ZCashReport), signal })
        .then((a) => a.report),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useXReport() {
  return useQuery(xReportQueryOptions(useCashPointId()));
}

import { list } from '@club/shared/api';
import { ZZReportSummary } from '@club/shared/cash';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { forCashPoint, useCashPointId } from '../lib/cash-point.tsx';
import { cashKeys } from './get-x-report.ts';

export const zReportsQueryOptions = (pointId: number | undefined) =>
  queryOptions({
    queryKey: cashKeys.zReports(pointId),
    queryFn: ({ signal }) =>
      api
        .get(forCashPoint('/v1/cash/z-reports', pointId), { schema: list(ZZReportSummary), signal })
        .then((a) => a.data),
  });

export function useZReports() {
  return useQuery(zReportsQueryOptions(useCashPointId()));
}

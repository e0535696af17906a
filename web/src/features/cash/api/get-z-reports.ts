import { list } from '@club/shared/api';
import { ZZReportSummary } from '@club/shared/cash';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { cashKeys } from './get-x-report.ts';

export const zReportsQueryOptions = () =>
  queryOptions({
    queryKey: cashKeys.zReports(),
    queryFn: ({ signal }) =>
      api.get('/v1/cash/z-reports', { schema: list(ZZReportSummary), signal }).then((a) => a.data),
  });

export function useZReports() {
  return useQuery(zReportsQueryOptions());
}

import { paginated } from '@club/shared/api';
import { ZZReportSummary } from '@club/shared/cash';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useCashPointId } from '../lib/cash-point.tsx';
import { cashKeys } from './get-x-report.ts';

/** A page of a cash point's Z reports, under its key: the day close makes them all be read again. */
export const zReportsQueryOptions = (pointId: number | undefined, page: number) => {
  const point = cashKeys.zReports(pointId);
  return queryOptions({
    queryKey: [...point, page] as const,
    queryFn: ({ signal }) =>
      api.get('/v1/cash/z-reports', {
        query: { cash_point_id: pointId, page },
        schema: paginated(ZZReportSummary),
        signal,
      }),
    // the page shown stays while the next comes, but never another cash point's reports
    placeholderData: (previous, previousQuery) =>
      previousQuery && point.every((part, i) => previousQuery.queryKey[i] === part) ? previous : undefined,
  });
};

export function useZReports(page: number) {
  return useQuery(zReportsQueryOptions(useCashPointId(), page));
}

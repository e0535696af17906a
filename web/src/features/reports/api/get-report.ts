import { one } from '@club/shared/api';
import { type TReportKind, ZReport } from '@club/shared/reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface ReportQuery {
  kind: TReportKind;
  from: string;
  to: string;
  /** the person, for the one-user report */
  userId?: number;
}

export function reportPath({ kind, userId }: ReportQuery): string {
  return kind === 'user' ? `/v1/report/user/${userId ?? 0}` : `/v1/report/${kind}`;
}

export function getReport(query: ReportQuery, signal?: AbortSignal) {
  return api
    .get(reportPath(query), {
      query: { from: query.from, to: query.to },
      schema: one('report', ZReport),
      ...(signal ? { signal } : {}),
    })
    .then((a) => a.report);
}

export const reportsKey = ['reports'] as const;

export const reportQueryOptions = (query: ReportQuery) =>
  queryOptions({
    queryKey: [...reportsKey, query.kind, query.userId ?? null, query.from, query.to],
    queryFn: ({ signal }) => getReport(query, signal),
    placeholderData: keepPreviousData,
  });

export function useReport(query: ReportQuery, enabled = true) {
  return useQuery({ ...reportQueryOptions(query), enabled });
}

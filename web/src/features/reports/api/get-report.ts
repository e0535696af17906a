import { one } from '@club/shared/api';
import { type TReportKind, type TReportPreset, ZReport } from '@club/shared/reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface ReportQuery {
  kind: TReportKind;
  from: string;
  to: string;
  /** a named period: the server picks its days on the club's calendar, and from/to are ignored */
  range?: TReportPreset | undefined;
  /** the person, for the one-user report */
  userId?: number;
}

export function reportPath({ kind, userId }: ReportQuery): string {
  return kind === 'user' ? `/v1/report/user/${userId ?? 0}` : `/v1/report/${kind}`;
}

/** The period as the API takes it: a preset, or two days. */
export function periodParams({ range, from, to }: ReportQuery): Record<string, string> {
  return range ? { range } : { from, to };
}

export function getReport(query: ReportQuery, signal?: AbortSignal) {
  return api
    .get(reportPath(query), {
      query: periodParams(query),
      schema: one('report', ZReport),
      ...(signal ? { signal } : {}),
    })
    .then((a) => a.report);
}

/** Every report read, per kind, person and period; the prefix refreshes them all. */
export const reportKeys = {
  all: ['reports'] as const,
  one: (query: ReportQuery) =>
    [
      ...reportKeys.all,
      query.kind,
      query.userId ?? null,
      ...(query.range ? [query.range] : [query.from, query.to]),
    ] as const,
};

export const reportQueryOptions = (query: ReportQuery) =>
  queryOptions({
    queryKey: reportKeys.one(query),
    queryFn: ({ signal }) => getReport(query, signal),
    placeholderData: keepPreviousData,
  });

export function useReport(query: ReportQuery, enabled = true) {
  return useQuery({ ...reportQueryOptions(query), enabled });
}

import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/api-files.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { periodParams, type ReportQuery, reportPath } from './get-report.ts';

/**
 * One table of a report as CSV, named as the server proposes (else of the same parts), in the
 * language on screen: the account's stored language may be another.
 */
export function downloadReportCsv(query: ReportQuery & { section: string }): Promise<string> {
  const params = new URLSearchParams({
    ...periodParams(query),
    format: 'csv',
    section: query.section,
    locale: currentLocale(),
  });
  return downloadFile({
    path: `${reportPath(query)}?${params}`,
    accept: 'text/csv',
    fallbackName: `${query.kind}-${query.section}-${query.from}-${query.to}.csv`,
  });
}

export function useDownloadReportCsv() {
  return useMutation({ mutationFn: downloadReportCsv });
}

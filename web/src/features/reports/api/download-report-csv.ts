import { useMutation } from '@tanstack/react-query';
import { getToken } from '../../../lib/session.ts';
import { periodParams, type ReportQuery, reportPath } from './get-report.ts';

/** The file name the server proposes, else one made of the same parts. */
function fileName(response: Response, fallback: string): string {
  const match = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * One table of a report as CSV. The API needs the bearer header, so a plain link cannot
 * fetch it: fetch → Blob → a temporary link the browser downloads.
 */
export async function downloadReportCsv(query: ReportQuery & { section: string }): Promise<string> {
  const params = new URLSearchParams({ ...periodParams(query), format: 'csv', section: query.section });
  const token = getToken();
  const response = await fetch(`${reportPath(query)}?${params}`, {
    headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const name = fileName(response, `${query.kind}-${query.section}-${query.from}-${query.to}.csv`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export function useDownloadReportCsv() {
  return useMutation({ mutationFn: downloadReportCsv });
}

import type { TReportKind } from '@club/shared/reports';
import type { ReportQuery } from '../api/get-report.ts';
import type { Range } from './range.ts';

/** A report's query for the chosen period: a preset by name (the server picks its days), else the two days. */
export function queryOf(kind: TReportKind, range: Range, userId?: number): ReportQuery {
  const preset = range.preset === 'custom' ? undefined : range.preset;
  return { kind, from: range.from, to: range.to, range: preset, ...(userId ? { userId } : {}) };
}

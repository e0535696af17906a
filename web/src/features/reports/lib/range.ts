import { presetDays, REPORT_PRESETS, type TReportPreset } from '@club/shared/reports';

/**
 * Report periods: whole days in the club's calendar, as `YYYY-MM-DD`. The server resolves a
 * preset on its own clock and calendar; the days here only stand in until its answer says which.
 */
export const PRESETS = [...REPORT_PRESETS, 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

export interface Range {
  preset: Preset;
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date's day on this device's calendar (not UTC's). */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function isIsoDay(value: string | null): value is string {
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
}

/** From and to of a preset, seen from `now` on this device's calendar. */
export function presetRange(preset: TReportPreset, now = new Date()): Range {
  return { preset, ...presetDays(preset, isoDay(now)) };
}

/** The days the server answered for a preset replace the device's estimate. */
export function resolvedRange(range: Range, report: { from: string; to: string } | undefined): Range {
  return range.preset === 'custom' || !report ? range : { ...range, from: report.from, to: report.to };
}

export const DEFAULT_PRESET = 'this_month' as const;

/** The range in a URL's search (`?from&to&range`), else this month. */
export function rangeFromSearch(params: URLSearchParams, now = new Date()): Range {
  const preset = params.get('range');
  if (preset && preset !== 'custom' && (REPORT_PRESETS as readonly string[]).includes(preset)) {
    return presetRange(preset as TReportPreset, now);
  }
  const from = params.get('from');
  const to = params.get('to');
  if (isIsoDay(from) && isIsoDay(to)) return { preset: 'custom', from, to };
  return presetRange(DEFAULT_PRESET, now);
}

/** The search that keeps a range when moving between report pages. */
export function searchOf(range: Range): string {
  const params = new URLSearchParams(
    range.preset === 'custom' ? { range: 'custom', from: range.from, to: range.to } : { range: range.preset },
  );
  return `?${params}`;
}

/** Report periods: whole days in the club's calendar, as `YYYY-MM-DD`. */
export const PRESETS = ['today', 'this_week', 'this_month', 'last_month', 'custom'] as const;
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

/** From and to of a preset, seen from `now`. Weeks start on Monday. */
export function presetRange(preset: Exclude<Preset, 'custom'>, now = new Date()): Range {
  const y = now.getFullYear();
  const m = now.getMonth();
  const today = isoDay(now);
  switch (preset) {
    case 'today':
      return { preset, from: today, to: today };
    case 'this_week': {
      const monday = new Date(y, m, now.getDate() - ((now.getDay() + 6) % 7));
      return { preset, from: isoDay(monday), to: today };
    }
    case 'this_month':
      return { preset, from: isoDay(new Date(y, m, 1)), to: today };
    case 'last_month':
      return { preset, from: isoDay(new Date(y, m - 1, 1)), to: isoDay(new Date(y, m, 0)) };
  }
}

export const DEFAULT_PRESET = 'this_month' as const;

/** The range in a URL's search (`?from&to&range`), else this month. */
export function rangeFromSearch(params: URLSearchParams, now = new Date()): Range {
  const preset = params.get('range');
  if (preset && preset !== 'custom' && (PRESETS as readonly string[]).includes(preset)) {
    return presetRange(preset as Exclude<Preset, 'custom'>, now);
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

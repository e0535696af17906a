import { formatMoney } from '@club/shared/money';
import { REPORT_TOTALS, type TReportTotal, type TReportValueType } from '@club/shared/reports';
import type { TLocale } from '@club/shared/users';
import { formatMinutes, withHourUnit } from '../../../lib/format.ts';

const INTL: Record<TLocale, string> = { nb: 'nb-NO', en: 'en-GB' };
export type TotalType = TReportValueType;

export function formatNumber(value: number, locale: TLocale, digits = 0): string {
  return new Intl.NumberFormat(INTL[locale], { maximumFractionDigits: digits }).format(value);
}

/** A `YYYY-MM-DD` day as a medium date, read on the local calendar. */
export function formatDay(day: string, locale: TLocale, style: 'medium' | 'short' = 'medium'): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  const date = new Date(y, m - 1, d);
  return style === 'short'
    ? new Intl.DateTimeFormat(INTL[locale], { day: 'numeric', month: 'short' }).format(date)
    : new Intl.DateTimeFormat(INTL[locale], { dateStyle: 'medium' }).format(date);
}

/** One value of a report as text, by its column's type (money is øre, minutes whole minutes). */
export function formatValue(value: string | number | null | undefined, type: TotalType, locale: TLocale): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return type === 'date' ? formatDay(value, locale) : value;
  switch (type) {
    case 'money':
      return formatMoney(Math.round(value), locale);
    case 'minutes':
      return formatMinutes(value, locale);
    case 'percent':
      return `${formatNumber(value, locale, 1)} %`;
    case 'hours':
      return withHourUnit(formatNumber(value, locale, 1), locale);
    default:
      return formatNumber(value, locale, 1);
  }
}

/** Short axis labels: whole kroner, durations, percent. */
export function formatTick(value: number, type: TotalType, locale: TLocale): string {
  switch (type) {
    case 'money':
      // whole kroner, with øre only where a tick falls between (a small day's axis: 0, 0,63, 1,25 …,
      // which rounded to kroner read 0, 1, 1, 2)
      return formatNumber(value / 100, locale, 2);
    case 'minutes':
      return formatMinutes(value, locale);
    case 'percent':
      return `${formatNumber(value, locale, value !== 0 && Math.abs(value) < 10 ? 1 : 0)}%`;
    default:
      return formatNumber(value, locale, 1);
  }
}

/** How a headline figure is read: the one list in @club/shared (the API sends plain numbers). */
export function totalType(key: TReportTotal): TotalType {
  return REPORT_TOTALS[key];
}

import { reportCodeKeys, type TReportTotal } from '@club/shared/reports';
import { useTranslation } from 'react-i18next';
import { hasText } from '../../../lib/i18n.ts';
import type { TextKey } from '../../../lib/text-keys.ts';

/** A headline figure's name, for every figure of @club/shared's list. */
const TOTAL_TEXT = {
  utilisation: 'adminConsole.reports.totals.utilisation',
  occupied_minutes: 'adminConsole.reports.totals.occupied_minutes',
  games: 'adminConsole.reports.totals.games',
  revenue: 'adminConsole.reports.totals.revenue',
  total_minutes: 'adminConsole.reports.totals.total_minutes',
  average_minutes: 'adminConsole.reports.totals.average_minutes',
  players: 'adminConsole.reports.totals.players',
  orders: 'adminConsole.reports.totals.orders',
  table_time: 'adminConsole.reports.totals.table_time',
  products: 'adminConsole.reports.totals.products',
  subscriptions: 'adminConsole.reports.totals.subscriptions',
  discounts: 'adminConsole.reports.totals.discounts',
  refunds: 'adminConsole.reports.totals.refunds',
  net: 'adminConsole.reports.totals.net',
  hours_sold: 'adminConsole.reports.totals.hours_sold',
  hours_used: 'adminConsole.reports.totals.hours_used',
  hours_outstanding: 'adminConsole.reports.totals.hours_outstanding',
  users: 'adminConsole.reports.totals.users',
  new_users: 'adminConsole.reports.totals.new_users',
  active_users: 'adminConsole.reports.totals.active_users',
  spent: 'adminConsole.reports.totals.spent',
  unpaid: 'adminConsole.reports.totals.unpaid',
  minutes_played: 'adminConsole.reports.totals.minutes_played',
} as const satisfies Record<TReportTotal, TextKey>;

/**
 * The words of a report. Sections, columns and charts are the server's ids: one without a
 * text of its own (a newer server's) reads as its id, not as a key.
 */
export function useReportWords() {
  const { t } = useTranslation();
  const first = (keys: string[], fallback: string) => {
    for (const key of keys) if (hasText(key)) return t(key);
    return fallback;
  };
  return {
    section: (id: string) => first([`adminConsole.reports.sections.${id}`], id),
    column: (key: string) => first([`adminConsole.reports.columns.${key}`], key),
    total: (key: TReportTotal) => t(TOTAL_TEXT[key]),
    value: (code: string) => first(reportCodeKeys(code), code),
    chart: (id: string) => first([`adminConsole.reports.charts.${id}`], id),
  };
}

export type ReportWords = ReturnType<typeof useReportWords>;

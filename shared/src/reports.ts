import { LOCALES } from './locales.ts';
import { zString } from './validation.ts';
import { z } from './zod.ts';

export const REPORT_KINDS = ['tables', 'games', 'kiosk', 'subscriptions', 'users', 'user'] as const;
export type TReportKind = (typeof REPORT_KINDS)[number];

export const ZReportColumn = z.object({
  key: z.string(),
  /** how the web formats it: money is øre, minutes whole minutes, percent 0–100 */
  type: z.enum(['text', 'int', 'money', 'minutes', 'percent', 'date']),
});
export type TReportValueType = z.infer<typeof ZReportColumn>['type'] | 'hours';

/**
 * Every headline figure a report may have, with how it reads (money is øre). The one list:
 * a report's totals are typed by it, and the web formats each figure by it, so a new figure
 * without its type fails typecheck instead of printing øre as kroner.
 */
export const REPORT_TOTALS = {
  utilisation: 'percent',
  occupied_minutes: 'minutes',
  games: 'int',
  revenue: 'money',
  total_minutes: 'minutes',
  average_minutes: 'minutes',
  players: 'int',
  orders: 'int',
  table_time: 'money',
  products: 'money',
  subscriptions: 'money',
  discounts: 'money',
  refunds: 'money',
  net: 'money',
  hours_sold: 'hours',
  hours_used: 'hours',
  hours_outstanding: 'hours',
  users: 'int',
  new_users: 'int',
  active_users: 'int',
  spent: 'money',
  unpaid: 'money',
  minutes_played: 'minutes',
} as const satisfies Record<string, TReportValueType>;
export type TReportTotal = keyof typeof REPORT_TOTALS;
const REPORT_TOTAL_KEYS = Object.keys(REPORT_TOTALS) as [TReportTotal, ...TReportTotal[]];

/** One table of a report: exported as CSV on its own, drawn as a chart where it suits. */
export const ZReportSection = z.object({
  id: z.string(),
  columns: z.array(ZReportColumn),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});
export type TReportSection = z.infer<typeof ZReportSection>;

/** Text columns whose values are codes with words of their own, on the report screens and in CSV. */
export const CODED_COLUMNS: ReadonlySet<string> = new Set(['source', 'method', 'status']);

/**
 * The text keys a code of a coded column may have, the first found first: a payment method's
 * and an order status's words are the payments' own, the other codes' the reports'.
 */
export function reportCodeKeys(code: string): string[] {
  return [`pay.method.${code}`, `pay.status.${code}`, `adminConsole.reports.values.${code}`];
}

export const ZReport = z
  .object({
    kind: z.enum(REPORT_KINDS),
    from: z.string(),
    to: z.string(),
    time_zone: z.string(),
    /** the headline figures, each read as `REPORT_TOTALS` says (øre, minutes, counts, percents) */
    totals: z.partialRecord(z.enum(REPORT_TOTAL_KEYS), z.number()),
    sections: z.array(ZReportSection),
  })
  .meta({ id: 'Report' });
export type TReport = z.infer<typeof ZReport>;

/** Named periods, resolved on the club's calendar and clock (not the device's). */
export const REPORT_PRESETS = ['today', 'this_week', 'this_month', 'last_month'] as const;
export type TReportPreset = (typeof REPORT_PRESETS)[number];

const DAY_MS = 86_400_000;
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The first and last day (YYYY-MM-DD) of a preset, seen from the club's `today`. Weeks start on Monday. */
export function presetDays(preset: TReportPreset, today: string): { from: string; to: string } {
  const day = new Date(`${today}T00:00:00Z`);
  const y = day.getUTCFullYear();
  const m = day.getUTCMonth();
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'this_week':
      return { from: isoOf(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS), to: today };
    case 'this_month':
      return { from: isoOf(Date.UTC(y, m, 1)), to: today };
    case 'last_month':
      return { from: isoOf(Date.UTC(y, m - 1, 1)), to: isoOf(Date.UTC(y, m, 0)) };
  }
}

export const CSV_DIALECTS = ['excel', 'rfc4180'] as const;
export type TCsvDialect = (typeof CSV_DIALECTS)[number];

/** A period is a preset (`range`) or two days (`from`, `to`); a preset wins. */
export const ZReportQuery = z
  .object({
    range: z.enum(REPORT_PRESETS).optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    format: z.enum(['json', 'csv']).default('json'),
    /** with format=csv: which table (the first one when not given) */
    section: zString().max(50).optional(),
    /** with format=csv: `excel` (the user's language, for a spreadsheet) or `rfc4180` (keys and øre, for programs) */
    dialect: z.enum(CSV_DIALECTS).default('excel'),
    /** with format=csv: the language of the screen asking (else the account's): a spreadsheet's words are the screen's */
    locale: z.enum(LOCALES).optional(),
  })
  .refine((q) => q.range !== undefined || q.from !== undefined, { message: 'validation.required', path: ['from'] })
  .refine((q) => q.range !== undefined || q.to !== undefined, { message: 'validation.required', path: ['to'] });

export type TReportQuery = z.infer<typeof ZReportQuery>;

/** The admin dashboard's figures for today (club time). */
export const ZDashboard = z
  .object({
    date: z.string(),
    /** table time + kiosk + subscriptions − discounts = total */
    revenue: z.object({
      table_time: z.number().int(),
      kiosk: z.number().int(),
      subscriptions: z.number().int(),
      discounts: z.number().int(),
      total: z.number().int(),
      /** given back today (of any day's sales), as the reports count them: total − refunds is what the day kept */
      refunds: z.number().int().default(0),
    }),
    active_games: z.number().int(),
    free_tables: z.number().int(),
    tables: z.number().int(),
    awaiting_approval: z.array(
      z.object({
        order_id: z.number().int(),
        reference: z.string(),
        user_name: z.string().nullable(),
        total: z.number().int(),
        since: z.string(),
      }),
    ),
    subscriptions_low: z.array(
      z.object({
        user_id: z.number().int(),
        name: z.string(),
        subscription: z.string(),
        remaining_minutes: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'Dashboard' });
export type TDashboard = z.infer<typeof ZDashboard>;

import { z } from './zod.ts';

export const REPORT_KINDS = ['tables', 'games', 'kiosk', 'subscriptions', 'users', 'user'] as const;
export type TReportKind = (typeof REPORT_KINDS)[number];

export const ZReportColumn = z.object({
  key: z.string(),
  /** how the web formats it: money is øre, minutes whole minutes, percent 0–100 */
  type: z.enum(['text', 'int', 'money', 'minutes', 'percent', 'date']),
});

/** One table of a report: exported as CSV on its own, drawn as a chart where it suits. */
export const ZReportSection = z.object({
  id: z.string(),
  columns: z.array(ZReportColumn),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});
export type TReportSection = z.infer<typeof ZReportSection>;

export const ZReport = z
  .object({
    kind: z.enum(REPORT_KINDS),
    from: z.string(),
    to: z.string(),
    time_zone: z.string(),
    /** the headline figures (øre, minutes, counts, percents, by the key's name) */
    totals: z.record(z.string(), z.number()),
    sections: z.array(ZReportSection),
  })
  .meta({ id: 'Report' });
export type TReport = z.infer<typeof ZReport>;

export const ZReportQuery = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  format: z.enum(['json', 'csv']).default('json'),
  /** with format=csv: which table (the first one when not given) */
  section: z.string().max(50).optional(),
});

/** CSV (RFC 4180, `;`-free): quotes where needed, numbers as they are. */
export function toCsv(section: TReportSection): string {
  const cell = (value: string | number | null | undefined) => {
    if (value === null || value === undefined) return '';
    const text = String(value);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const head = section.columns.map((c) => cell(c.key)).join(',');
  const body = section.rows.map((row) => section.columns.map((c) => cell(row[c.key])).join(','));
  return [head, ...body].join('\r\n') + '\r\n';
}

/** The admin dashboard's figures for today (club time). */
export const ZDashboard = z
  .object({
    date: z.string(),
    revenue: z.object({
      table_time: z.number().int(),
      kiosk: z.number().int(),
      subscriptions: z.number().int(),
      total: z.number().int(),
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

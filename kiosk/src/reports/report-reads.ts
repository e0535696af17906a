/** The reads and helpers every report is built from: the range, settled orders, refunds, games. */
import type { TReport, TReportSection } from '@club/shared/reports';
import { nextDay, startOfDay } from '@club/shared/time-zone';
import { and, asc, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { games, orderItems, orders, refunds } from '../db/schema.ts';

export const MINUTE = 60_000;
/** a refunded order was a sale all the same: its refunds are counted on their own day */
export const SETTLED = ['paid', 'approved', 'refunded'] as const;

export interface Range {
  from: string;
  to: string;
  start: number;
  end: number;
  timeZone: string;
  now: number;
}

export function rangeOf(from: string, to: string, timeZone: string, now: number): Range {
  return { from, to, start: startOfDay(from, timeZone), end: startOfDay(nextDay(to), timeZone), timeZone, now };
}

/** What a report's module builds: its headline figures (typed by `REPORT_TOTALS`) and its tables. */
export type Built = Pick<TReport, 'totals' | 'sections'>;

export const minutes = (ms: number) => Math.round(ms / MINUTE);
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
export const section = (
  id: string,
  columns: [string, TReportSection['columns'][number]['type']][],
  rows: TReportSection['rows'],
): TReportSection => ({
  id,
  columns: columns.map(([key, type]) => ({ key, type })),
  rows,
});

/** Orders settled (paid or approved) inside the range: what the club earned. */
export async function settledOrders(db: Executor, r: Range) {
  return db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...SETTLED]),
        gte(orders.settledAt, new Date(r.start)),
        lt(orders.settledAt, new Date(r.end)),
      ),
    );
}

/** Money given back inside the range, whenever the order was sold. */
export async function refundsIn(db: Executor, r: Range) {
  return db
    .select({ refund: refunds, orderId: orders.id })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      and(
        eq(refunds.state, 'SUCCEEDED'),
        gte(refunds.createdAt, new Date(r.start)),
        lt(refunds.createdAt, new Date(r.end)),
      ),
    )
    .orderBy(asc(refunds.createdAt));
}

export async function itemsOf(db: Executor, orderIds: number[]) {
  return orderIds.length
    ? db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds))
    : Promise.resolve([]);
}

/** Games overlapping the range, with the part of their time inside it. */
export async function gamesIn(db: Executor, r: Range) {
  const rows = await db
    .select()
    .from(games)
    .where(and(lt(games.startedAt, new Date(r.end)), or(isNull(games.endedAt), gte(games.endedAt, new Date(r.start)))));
  return rows.map((g) => {
    const end = g.endedAt?.getTime() ?? r.now;
    return {
      ...g,
      from: Math.max(r.start, g.startedAt.getTime()),
      to: Math.min(r.end, end),
      length: end - g.startedAt.getTime(),
    };
  });
}

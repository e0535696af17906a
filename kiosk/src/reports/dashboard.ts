import { OPEN_ORDER_STATUSES, orderReference } from '@club/shared/orders';
import type { TDashboard } from '@club/shared/reports';
import { localDate } from '@club/shared/time-zone';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { orders, userSubscriptions, users } from '../db/schema.ts';
import { listTables } from '../tables/list-tables.ts';
import { minutesLeft } from '../users/minutes-left.ts';
import { buildReport } from './build-reports.ts';
import { rangeOf } from './report-reads.ts';

const LOW_MINUTES = 60;

/** Today at a glance: what came in, what is being played, what waits for staff. */
export async function dashboard(db: Executor, timeZone: string, now: number): Promise<TDashboard> {
  const today = localDate(now, timeZone);
  const kiosk = await buildReport(db, 'kiosk', rangeOf(today, today, timeZone, now));
  const tables = (await listTables(db)).filter((t) => t.active);
  const waiting = await db
    .select({ o: orders, name: users.name, surname: users.surname })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(and(inArray(orders.status, [...OPEN_ORDER_STATUSES]), eq(orders.method, 'physical')))
    .orderBy(asc(orders.updatedAt));
  const holding = await db
    .select({ s: userSubscriptions, name: users.name, surname: users.surname })
    .from(userSubscriptions)
    .innerJoin(users, eq(users.id, userSubscriptions.userId))
    .where(eq(userSubscriptions.status, 'active'));
  return {
    date: today,
    revenue: {
      table_time: kiosk.totals.table_time ?? 0,
      kiosk: kiosk.totals.products ?? 0,
      subscriptions: kiosk.totals.subscriptions ?? 0,
      discounts: kiosk.totals.discounts ?? 0,
      total: kiosk.totals.revenue ?? 0,
      refunds: kiosk.totals.refunds ?? 0,
    },
    active_games: tables.filter((t) => t.status !== 'free').length,
    // free is what a guest can sit down at, as the floor and the TV count it: a table out of
    // order, or held for the waitlist's next party, has nobody on it and is still not free
    free_tables: tables.filter((t) => t.status === 'free' && !t.out_of_order && t.held_for === null).length,
    tables: tables.length,
    awaiting_approval: waiting.map(({ o, name, surname }) => ({
      order_id: o.id,
      reference: orderReference(o.id),
      user_name: name ? `${name} ${surname}` : null,
      total: o.total,
      since: o.updatedAt.toISOString(),
    })),
    subscriptions_low: holding
      .map(({ s, name, surname }) => ({
        user_id: s.userId,
        name: `${name} ${surname}`,
        subscription: s.name,
        remaining_minutes: minutesLeft(s),
      }))
      .filter((s) => s.remaining_minutes < LOW_MINUTES)
      .sort((a, b) => a.remaining_minutes - b.remaining_minutes),
  };
}

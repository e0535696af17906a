import { PER_PAGE } from '@club/shared/api';
import { OPEN_ORDER_STATUSES, type TOrderStatus, type TPaymentMethod } from '@club/shared/orders';
import { nextDay, startOfDay } from '@club/shared/time-zone';
import { and, count, desc, eq, gte, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { containing } from '../db/containing.ts';
import { orders, users } from '../db/schema.ts';
import { clubTimeZone } from '../discounts/club-time-zone.ts';
import { toOrders } from './to-order.ts';

async function page(db: Executor, where: SQL | undefined, pageNo: number) {
  const [total] = await db
    .select({ n: count() })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where);
  const rows = await db
    .select({ order: orders })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(PER_PAGE)
    .offset((pageNo - 1) * PER_PAGE);
  const n = total?.n ?? 0;
  return {
    data: await toOrders(
      db,
      rows.map((r) => r.order),
    ),
    current_page: pageNo,
    last_page: Math.max(1, Math.ceil(n / PER_PAGE)),
    per_page: PER_PAGE,
    total: n,
  };
}

/** The user's order history, newest first (deleted orders are gone for them). */
export function myOrders(db: Executor, userId: number, pageNo: number) {
  return page(db, and(eq(orders.userId, userId), ne(orders.status, 'deleted')), pageNo);
}

/** What the user still has to pay: waiting and pay-later orders. */
export async function myWaitingOrders(db: Executor, userId: number) {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return toOrders(db, rows);
}

/** Admins: every order, by status, method, dates (days on the club's calendar) and reference or person. */
export function allOrders(
  db: Executor,
  filter: { page: number; status?: TOrderStatus; method?: TPaymentMethod; from?: string; to?: string; q?: string },
) {
  const conditions: (SQL | undefined)[] = [
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.method ? eq(orders.method, filter.method) : undefined,
    filter.from ? gte(orders.createdAt, new Date(startOfDay(filter.from, clubTimeZone()))) : undefined,
    filter.to ? lt(orders.createdAt, new Date(startOfDay(nextDay(filter.to), clubTimeZone()))) : undefined,
  ];
  const q = filter.q?.trim();
  if (q) {
    const id = /^(?:k-?)?0*(\d{1,9})$/i.exec(q)?.[1];
    const like = containing(q);
    conditions.push(
      or(
        id ? eq(orders.id, Number(id)) : undefined,
        ilike(users.email, like),
        ilike(sql`${users.name} || ' ' || ${users.surname}`, like),
      ),
    );
  }
  return page(db, and(...conditions), filter.page);
}

import { AppError } from '@club/shared/errors';
import { orderReference } from '@club/shared/orders';
import type { TReport, TReportKind, TReportSection } from '@club/shared/reports';
import { and, asc, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import {
  games,
  orderItems,
  orders,
  players,
  poolTables,
  refunds,
  subscriptionProducts,
  userSubscriptions,
  users,
} from '../db/schema.ts';
import { localDate, localHour, nextDay, nextHour, startOfDay } from './time-zone.ts';

const MINUTE = 60_000;
/** a refunded order was a sale all the same: its refunds are counted on their own day */
const SETTLED = ['paid', 'approved', 'refunded'] as const;

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

const minutes = (ms: number) => Math.round(ms / MINUTE);
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
const section = (
  id: string,
  columns: [string, TReportSection['columns'][number]['type']][],
  rows: TReportSection['rows'],
): TReportSection => ({
  id,
  columns: columns.map(([key, type]) => ({ key, type })),
  rows,
});

/** Orders settled (paid or approved) inside the range: what the club earned. */
async function settledOrders(db: Executor, r: Range) {
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
async function refundsIn(db: Executor, r: Range) {
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

async function itemsOf(db: Executor, orderIds: number[]) {
  return orderIds.length
    ? db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds))
    : Promise.resolve([]);
}

/** Games overlapping the range, with the part of their time inside it. */
async function gamesIn(db: Executor, r: Range) {
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

async function tablesReport(db: Executor, r: Range) {
  const tables = await db.select().from(poolTables).orderBy(asc(poolTables.id));
  const played = await gamesIn(db, r);
  const span = r.end - r.start;
  const days = Math.max(1, Math.round(span / 86_400_000));
  const live = tables.filter((t) => t.deletedAt === null || played.some((g) => g.tableId === t.id));
  const byHour = Array.from({ length: 24 }, () => 0);
  for (const g of played) {
    for (let t = g.from; t < g.to; ) {
      const until = Math.min(g.to, nextHour(t, r.timeZone));
      byHour[localHour(t, r.timeZone)]! += until - t;
      t = until;
    }
  }
  const settled = await settledOrders(db, r);
  const items = (
    await itemsOf(
      db,
      settled.map((o) => o.id),
    )
  ).filter((i) => i.kind === 'game');
  const rows = live.map((t) => {
    const mine = played.filter((g) => g.tableId === t.id);
    const occupied = mine.reduce((sum, g) => sum + Math.max(0, g.to - g.from), 0);
    return {
      table: t.name,
      games: mine.length,
      occupied_minutes: minutes(occupied),
      utilisation: percent(occupied, span),
      revenue: items.filter((i) => i.tableId === t.id).reduce((sum, i) => sum + i.total, 0),
    };
  });
  const occupiedAll = played.reduce((sum, g) => sum + Math.max(0, g.to - g.from), 0);
  const hourCapacity = live.length * days * 60 * MINUTE;
  return {
    totals: {
      utilisation: percent(occupiedAll, span * Math.max(1, live.length)),
      occupied_minutes: minutes(occupiedAll),
      games: played.length,
      revenue: rows.reduce((sum, row) => sum + row.revenue, 0),
    },
    sections: [
      section(
        'by_table',
        [
          ['table', 'text'],
          ['games', 'int'],
          ['occupied_minutes', 'minutes'],
          ['utilisation', 'percent'],
          ['revenue', 'money'],
        ],
        rows,
      ),
      section(
        'by_hour',
        [
          ['hour', 'int'],
          ['occupied_minutes', 'minutes'],
          ['utilisation', 'percent'],
        ],
        byHour.map((ms, hour) => ({ hour, occupied_minutes: minutes(ms), utilisation: percent(ms, hourCapacity) })),
      ),
    ],
  };
}

const BUCKETS: [string, number][] = [
  ['0-30', 30],
  ['30-60', 60],
  ['60-120', 120],
  ['120+', Number.POSITIVE_INFINITY],
];

async function gamesReport(db: Executor, r: Range) {
  const started = (await gamesIn(db, r)).filter((g) => g.startedAt.getTime() >= r.start);
  const seated = started.length
    ? await db
        .select()
        .from(players)
        .where(
          inArray(
            players.gameId,
            started.map((g) => g.id),
          ),
        )
    : [];
  const lengths = started.map((g) => minutes(g.length));
  const byDay = new Map<string, { games: number; minutes: number }>();
  for (const g of started) {
    const day = localDate(g.startedAt.getTime(), r.timeZone);
    const entry = byDay.get(day) ?? { games: 0, minutes: 0 };
    entry.games++;
    entry.minutes += minutes(g.length);
    byDay.set(day, entry);
  }
  const total = lengths.reduce((a, b) => a + b, 0);
  return {
    totals: {
      games: started.length,
      total_minutes: total,
      average_minutes: started.length ? Math.round(total / started.length) : 0,
      players: seated.filter((p) => p.previousPlayerId === null).length,
    },
    sections: [
      section(
        'length_distribution',
        [
          ['minutes', 'text'],
          ['games', 'int'],
        ],
        BUCKETS.map(([label, upper], i) => ({
          minutes: label,
          games: lengths.filter((l) => l < upper && l >= (i === 0 ? 0 : BUCKETS[i - 1]![1])).length,
        })),
      ),
      section(
        'by_day',
        [
          ['date', 'date'],
          ['games', 'int'],
          ['minutes', 'minutes'],
        ],
        [...byDay.entries()].sort().map(([date, v]) => ({ date, ...v })),
      ),
    ],
  };
}

async function kioskReport(db: Executor, r: Range) {
  const settled = await settledOrders(db, r);
  const items = await itemsOf(
    db,
    settled.map((o) => o.id),
  );
  const sum = (list: { total: number }[]) => list.reduce((s, i) => s + i.total, 0);
  const tableTime = sum(items.filter((i) => i.kind === 'game'));
  const productSales = sum(items.filter((i) => i.kind === 'product'));
  const subscriptionSales = sum(items.filter((i) => i.kind === 'subscription'));
  const discounts = settled.reduce((s, o) => s + o.discountAmount, 0);
  const revenue = settled.reduce((s, o) => s + o.total, 0);
  const byProduct = new Map<string, { product: string; quantity: number; revenue: number }>();
  for (const i of items.filter((x) => x.kind === 'product')) {
    const key = i.productId === null ? `name:${i.description}` : `id:${i.productId}`;
    const entry = byProduct.get(key) ?? { product: i.description, quantity: 0, revenue: 0 };
    entry.quantity += i.quantity;
    entry.revenue += i.total;
    byProduct.set(key, entry);
  }
  const methods = ['vipps', 'card', 'physical', 'system'] as const;
  const given = await refundsIn(db, r);
  const refunded = given.reduce((s, g) => s + g.refund.amount, 0);
  return {
    totals: {
      revenue,
      refunds: refunded,
      net: revenue - refunded,
      orders: settled.length,
      table_time: tableTime,
      products: productSales,
      subscriptions: subscriptionSales,
      discounts,
    },
    sections: [
      section(
        'by_source',
        [
          ['source', 'text'],
          ['revenue', 'money'],
        ],
        [
          { source: 'table_time', revenue: tableTime },
          { source: 'products', revenue: productSales },
          { source: 'subscriptions', revenue: subscriptionSales },
          { source: 'discounts', revenue: -discounts },
        ],
      ),
      section(
        'by_method',
        [
          ['method', 'text'],
          ['orders', 'int'],
          ['revenue', 'money'],
          ['refunds', 'money'],
          ['net', 'money'],
        ],
        methods.map((m) => {
          const mine = settled.filter((o) => o.method === m);
          const sold = mine.reduce((s, o) => s + o.total, 0);
          const back = given.filter((g) => g.refund.method === m).reduce((s, g) => s + g.refund.amount, 0);
          return { method: m, orders: mine.length, revenue: sold, refunds: back, net: sold - back };
        }),
      ),
      section(
        'refunds',
        [
          ['date', 'text'],
          ['reference', 'text'],
          ['method', 'text'],
          ['amount', 'money'],
          ['reason', 'text'],
        ],
        given.map((g) => ({
          date: localDate(g.refund.createdAt.getTime(), r.timeZone),
          reference: orderReference(g.orderId),
          method: g.refund.method,
          amount: g.refund.amount,
          reason: g.refund.reason,
        })),
      ),
      section(
        'products',
        [
          ['product', 'text'],
          ['quantity', 'int'],
          ['revenue', 'money'],
        ],
        [...byProduct.values()].sort((a, b) => b.quantity - a.quantity || b.revenue - a.revenue),
      ),
    ],
  };
}

async function subscriptionsReport(db: Executor, r: Range) {
  const settled = await settledOrders(db, r);
  const sold = (
    await itemsOf(
      db,
      settled.map((o) => o.id),
    )
  ).filter((i) => i.kind === 'subscription');
  const catalogue = await db.select().from(subscriptionProducts);
  const hoursOf = new Map(catalogue.map((c) => [c.id, c.durationHours]));
  const made = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['waiting', 'pay_later', 'paid', 'approved']),
        gte(orders.createdAt, new Date(r.start)),
        lt(orders.createdAt, new Date(r.end)),
      ),
    );
  const usedMinutes = (
    await itemsOf(
      db,
      made.map((o) => o.id),
    )
  ).reduce((s, i) => s + (i.subscriptionMinutes ?? 0), 0);
  const holding = await db
    .select({ s: userSubscriptions, name: users.name, surname: users.surname })
    .from(userSubscriptions)
    .innerJoin(users, eq(users.id, userSubscriptions.userId))
    .where(inArray(userSubscriptions.status, ['active', 'paused']));
  const outstanding = holding.reduce((s, h) => s + Math.max(0, h.s.durationHours * 60 - h.s.usedMinutes), 0);
  const byProduct = new Map<string, { subscription: string; sold: number; hours: number; revenue: number }>();
  for (const i of sold) {
    const entry = byProduct.get(i.description) ?? { subscription: i.description, sold: 0, hours: 0, revenue: 0 };
    entry.sold += i.quantity;
    entry.hours += i.quantity * (hoursOf.get(i.subscriptionId ?? -1) ?? 0);
    entry.revenue += i.total;
    byProduct.set(i.description, entry);
  }
  const hoursSold = [...byProduct.values()].reduce((s, e) => s + e.hours, 0);
  return {
    totals: {
      hours_sold: hoursSold,
      hours_used: Math.round((usedMinutes / 60) * 10) / 10,
      hours_outstanding: Math.round((outstanding / 60) * 10) / 10,
      revenue: sold.reduce((s, i) => s + i.total, 0),
    },
    sections: [
      section(
        'sold',
        [
          ['subscription', 'text'],
          ['sold', 'int'],
          ['hours', 'int'],
          ['revenue', 'money'],
        ],
        [...byProduct.values()],
      ),
      section(
        'outstanding',
        [
          ['name', 'text'],
          ['subscription', 'text'],
          ['status', 'text'],
          ['remaining_minutes', 'minutes'],
        ],
        holding.map((h) => ({
          name: `${h.name} ${h.surname}`,
          subscription: h.s.name,
          status: h.s.status,
          remaining_minutes: Math.max(0, h.s.durationHours * 60 - h.s.usedMinutes),
        })),
      ),
    ],
  };
}

async function usersReport(db: Executor, r: Range) {
  const everyone = await db.select().from(users);
  const fresh = everyone.filter((u) => u.createdAt.getTime() >= r.start && u.createdAt.getTime() < r.end);
  const seated = await db
    .select({ userId: players.userId })
    .from(players)
    .where(and(gte(players.joinedAt, new Date(r.start)), lt(players.joinedAt, new Date(r.end))));
  const ordered = await db
    .select({ userId: orders.userId })
    .from(orders)
    .where(and(gte(orders.createdAt, new Date(r.start)), lt(orders.createdAt, new Date(r.end))));
  const active = new Set([...seated, ...ordered].map((x) => x.userId).filter((id): id is number => id !== null));
  const settled = await settledOrders(db, r);
  const spent = new Map<number, { orders: number; total: number }>();
  for (const o of settled) {
    if (o.userId === null) continue;
    const entry = spent.get(o.userId) ?? { orders: 0, total: 0 };
    entry.orders++;
    entry.total += o.total;
    spent.set(o.userId, entry);
  }
  const byId = new Map(everyone.map((u) => [u.id, u]));
  const newByDay = new Map<string, number>();
  for (const u of fresh) {
    const day = localDate(u.createdAt.getTime(), r.timeZone);
    newByDay.set(day, (newByDay.get(day) ?? 0) + 1);
  }
  return {
    totals: { users: everyone.length, new_users: fresh.length, active_users: active.size },
    sections: [
      section(
        'top_spenders',
        [
          ['user_id', 'int'],
          ['name', 'text'],
          ['email', 'text'],
          ['orders', 'int'],
          ['total', 'money'],
        ],
        [...spent.entries()]
          .sort((a, b) => b[1].total - a[1].total)
          .slice(0, 20)
          .map(([id, v]) => ({
            user_id: id,
            name: byId.has(id) ? `${byId.get(id)!.name} ${byId.get(id)!.surname}` : '',
            email: byId.get(id)?.email ?? '',
            ...v,
          })),
      ),
      section(
        'new_by_day',
        [
          ['date', 'date'],
          ['users', 'int'],
        ],
        [...newByDay.entries()].sort().map(([date, n]) => ({ date, users: n })),
      ),
    ],
  };
}

/** One user's report; `error.user_not_found` when there is no such user. */
async function userReport(db: Executor, r: Range, userId: number) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('error.user_not_found');
  const mine = await db
    .select()
    .from(orders)
    .where(
      and(eq(orders.userId, userId), gte(orders.createdAt, new Date(r.start)), lt(orders.createdAt, new Date(r.end))),
    )
    .orderBy(asc(orders.createdAt));
  const sessions = await db
    .select({ p: players, table: poolTables.name })
    .from(players)
    .innerJoin(games, eq(games.id, players.gameId))
    .innerJoin(poolTables, eq(poolTables.id, games.tableId))
    .where(
      and(eq(players.userId, userId), gte(players.joinedAt, new Date(r.start)), lt(players.joinedAt, new Date(r.end))),
    )
    .orderBy(asc(players.joinedAt));
  const played = sessions.map((s) => ({
    date: localDate(s.p.joinedAt.getTime(), r.timeZone),
    table: s.table,
    minutes: minutes((s.p.leftAt?.getTime() ?? r.now) - s.p.joinedAt.getTime()),
    status: s.p.status,
  }));
  const settled = mine.filter((o) => (SETTLED as readonly string[]).includes(o.status));
  return {
    totals: {
      spent: settled.reduce((s, o) => s + o.total, 0),
      orders: mine.length,
      unpaid: mine.filter((o) => o.status === 'waiting' || o.status === 'pay_later').reduce((s, o) => s + o.total, 0),
      minutes_played: played.reduce((s, p) => s + p.minutes, 0),
    },
    sections: [
      section(
        'orders',
        [
          ['reference', 'text'],
          ['date', 'date'],
          ['status', 'text'],
          ['method', 'text'],
          ['total', 'money'],
        ],
        mine.map((o) => ({
          reference: orderReference(o.id),
          date: localDate(o.createdAt.getTime(), r.timeZone),
          status: o.status,
          method: o.method,
          total: o.total,
        })),
      ),
      section(
        'games',
        [
          ['date', 'date'],
          ['table', 'text'],
          ['minutes', 'minutes'],
          ['status', 'text'],
        ],
        played,
      ),
    ],
  };
}

export async function buildReport(db: Executor, kind: TReportKind, r: Range, userId?: number): Promise<TReport> {
  const built =
    kind === 'tables'
      ? await tablesReport(db, r)
      : kind === 'games'
        ? await gamesReport(db, r)
        : kind === 'kiosk'
          ? await kioskReport(db, r)
          : kind === 'subscriptions'
            ? await subscriptionsReport(db, r)
            : kind === 'users'
              ? await usersReport(db, r)
              : await userReport(db, r, userId ?? -1);
  return { kind, from: r.from, to: r.to, time_zone: r.timeZone, ...built };
}

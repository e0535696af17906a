/** The users report, and one user’s. */
import { AppError } from '@club/shared/errors';
import { orderReference } from '@club/shared/orders';
import { localDate } from '@club/shared/time-zone';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { games, orders, players, poolTables, users } from '../db/schema.ts';
import { type Built, minutes, type Range, SETTLED, section, settledOrders } from './report-reads.ts';

/** Who spent most, and new users by day. */
export async function usersReport(db: Executor, r: Range): Promise<Built> {
  // accounts only: a walk-in guest's row exists to bill one visit (`cash/walk-ins.ts`), and is
  // neither a new user nor a top spender with a made-up address
  const everyone = await db.select().from(users).where(eq(users.walkIn, false));
  const fresh = everyone.filter((u) => u.createdAt.getTime() >= r.start && u.createdAt.getTime() < r.end);
  const seated = await db
    .select({ userId: players.userId })
    .from(players)
    .where(and(gte(players.joinedAt, new Date(r.start)), lt(players.joinedAt, new Date(r.end))));
  const ordered = await db
    .select({ userId: orders.userId })
    .from(orders)
    .where(and(gte(orders.createdAt, new Date(r.start)), lt(orders.createdAt, new Date(r.end))));
  const accounts = new Set(everyone.map((u) => u.id));
  const active = new Set(
    [...seated, ...ordered].map((x) => x.userId).filter((id): id is number => id !== null && accounts.has(id)),
  );
  const settled = await settledOrders(db, r);
  const spent = new Map<number, { orders: number; total: number }>();
  for (const o of settled) {
    if (o.userId === null || !accounts.has(o.userId)) continue;
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
export async function userReport(db: Executor, r: Range, userId: number): Promise<Built> {
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

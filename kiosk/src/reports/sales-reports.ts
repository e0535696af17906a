/** The kiosk and subscriptions reports: what was sold. */
import { orderReference, PAYMENT_METHODS } from '@club/shared/orders';
import { localDate } from '@club/shared/time-zone';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { orders, subscriptionProducts, userSubscriptions, users } from '../db/schema.ts';
import { minutesLeft } from '../users/minutes-left.ts';
import { type Built, itemsOf, type Range, refundsIn, section, settledOrders } from './report-reads.ts';

/** Money in by source and payment method, refunds, and the products sold. */
export async function kioskReport(db: Executor, r: Range): Promise<Built> {
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
        // every method, cash too: a method left out here is money missing from the report
        PAYMENT_METHODS.map((m) => {
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

/** Prepaid hours sold, and the hours still outstanding. */
export async function subscriptionsReport(db: Executor, r: Range): Promise<Built> {
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
  const outstanding = holding.reduce((s, h) => s + minutesLeft(h.s), 0);
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
          remaining_minutes: minutesLeft(h.s),
        })),
      ),
    ],
  };
}

import { JOURNAL_EVENTS } from '@club/shared/cash';
import { orderReference, type TOrder, type TOrderDetail } from '@club/shared/orders';
import { and, asc, eq, sql } from 'drizzle-orm';
import { linesLeft, unitsWorth } from '../cash/journal-return.ts';
import type { Executor } from '../db/client.ts';
import { jsonRows } from '../db/json-rows.ts';
import { cashJournal, orderEvents, orderItems, type orders, payments, refunds, roles, users } from '../db/schema.ts';
import { committedOrder } from '../outbox/request-events.ts';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

function toItem(i: ItemRow) {
  return {
    id: i.id,
    kind: i.kind,
    description: i.description,
    quantity: i.quantity,
    unit_price: i.unitPrice,
    total: i.total,
    table_id: i.tableId,
    minutes: i.minutes,
    subscription_minutes: i.subscriptionMinutes,
    vat_rate: i.vatRate,
    vat: i.vat,
  };
}

/** order lines carried in JSON (`jsonRows`) */
export const itemRows = jsonRows(orderItems);

/**
 * The items of some orders and the names of some users, in one statement: each answer with
 * orders needs both (a payment's, the phones' events).
 */
async function itemsAndNames(db: Executor, orderIds: number[], userIds: number[]) {
  const ids = (list: number[]) =>
    sql.join(
      list.map((id) => sql`${id}::int`),
      sql`, `,
    );
  const names = userIds.length
    ? sql`(select json_agg(json_build_array(u.id, u.name, u.surname)) from ${users} u where u.id in (${ids(userIds)}))`
    : sql`null`;
  const { rows } = (await db.execute(sql`
    select
      (select json_agg(${itemRows.array} order by ${orderItems.id}) from ${orderItems} where ${orderItems.orderId} in (${ids(orderIds)})) as items,
      ${names} as names`)) as { rows: { items: unknown[][] | null; names: [number, string, string][] | null }[] };
  const [row] = rows;
  return {
    items: (row?.items ?? []).map(itemRows.parse),
    names: new Map((row?.names ?? []).map(([id, name, surname]) => [id, `${name} ${surname}`])),
  };
}

/** Orders with their items and owners' names, in the order given. */
export async function toOrders(db: Executor, rows: OrderRow[]): Promise<TOrder[]> {
  if (!rows.length) return [];
  const userIds = [
    ...new Set(rows.flatMap((r) => [r.userId, r.transferToUserId]).filter((id): id is number => id !== null)),
  ];
  const { items, names } = await itemsAndNames(
    db,
    rows.map((r) => r.id),
    userIds,
  );
  return rows.map((r) => orderOf(r, items, names));
}

/** An order's view from its row, items (any orders', its own are picked) and the users' names by id. */
export function orderOf(r: OrderRow, items: ItemRow[], names: Map<number, string>): TOrder {
  return {
    id: r.id,
    reference: orderReference(r.id),
    kind: r.kind,
    user_id: r.userId,
    user_name: r.userId === null ? null : (names.get(r.userId) ?? null),
    date: r.createdAt.toISOString(),
    status: r.status,
    method: r.method,
    items: items.filter((i) => i.orderId === r.id).map(toItem),
    subtotal: r.subtotal,
    discount_amount: r.discountAmount,
    total: r.total,
    refunded_amount: r.refundedAmount,
    pending_transfer: pendingTransfer(r, names),
    counter: r.counterPointId !== null,
  };
}

/** One order with its items and owner's name. */
export async function toOrder(db: Executor, row: OrderRow): Promise<TOrder> {
  return (await toOrders(db, [row]))[0]!;
}

/**
 * What a write answers with: the order as the request's last transaction left it when its
 * writer made that view (`knownOrder`), else read now.
 */
export async function answerOrder(db: Executor, row: OrderRow): Promise<TOrder> {
  return committedOrder(row.id) ?? toOrder(db, row);
}

/** A request to take the order over that is still open (an order settled meanwhile has none). */
function pendingTransfer(r: OrderRow, names: Map<number, string>): TOrder['pending_transfer'] {
  if (r.transferToUserId === null || r.transferRequestedAt === null) return null;
  if (r.status !== 'waiting' && r.status !== 'pay_later') return null;
  return {
    user_id: r.transferToUserId,
    name: names.get(r.transferToUserId) ?? '',
    requested_at: r.transferRequestedAt.toISOString(),
  };
}

/** One order with its payments, whether its owner may pay later, and (for admins) its timeline. */
export async function toOrderDetail(db: Executor, row: OrderRow, withTimeline: boolean): Promise<TOrderDetail> {
  const order = await toOrder(db, row);
  const paymentRows = await db.select().from(payments).where(eq(payments.orderId, row.id)).orderBy(asc(payments.id));
  let canPayLater = false;
  if (row.userId !== null) {
    const [role] = await db
      .select({ canPayLater: roles.canPayLater })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, row.userId));
    canPayLater = role?.canPayLater ?? false;
  }
  const refundRows = await db.select().from(refunds).where(eq(refunds.orderId, row.id)).orderBy(asc(refunds.id));
  const returnReceipts = await db
    .select({ nr: cashJournal.nr, detail: cashJournal.detail })
    .from(cashJournal)
    .where(and(eq(cashJournal.orderId, row.id), eq(cashJournal.eventCode, JOURNAL_EVENTS.returnReceipt)));
  const receiptOf = (refundId: number) =>
    returnReceipts.find((r) => (r.detail as { refund_id?: number }).refund_id === refundId)?.nr ?? null;
  const detail: TOrderDetail = {
    ...order!,
    can_pay_later: canPayLater,
    refunds: refundRows.map((r) => ({
      id: r.id,
      method: r.method,
      amount: r.amount,
      reason: r.reason,
      state: r.state,
      created_at: r.createdAt.toISOString(),
      receipt_number: receiptOf(r.id),
    })),
    payments: paymentRows.map((p) => ({
      id: p.id,
      provider: p.provider,
      reference: p.reference,
      state: p.state as TOrderDetail['payments'][number]['state'],
      amount: p.amount,
      redirect_url: p.redirectUrl,
      created_at: p.createdAt.toISOString(),
    })),
  };
  if (withTimeline && (row.status === 'paid' || row.status === 'approved')) {
    // a refund not yet done holds its units too: they are not there to choose
    const held = refundRows.filter((r) => r.state === 'PENDING').flatMap((r) => r.returnLines ?? []);
    detail.returnable = (await linesLeft(db, row.id)).map((l) => {
      const units = l.units - held.filter((h) => h.item_id === l.item.id).reduce((s, h) => s + h.quantity, 0);
      return { item_id: l.item.id, units: Math.max(0, units), amount: l.units > 0 ? unitsWorth(l, units) : 0 };
    });
  }
  if (withTimeline) {
    const events = await db
      .select({ e: orderEvents, name: users.name, surname: users.surname })
      .from(orderEvents)
      .leftJoin(users, eq(users.id, orderEvents.actorUserId))
      .where(eq(orderEvents.orderId, row.id))
      .orderBy(asc(orderEvents.at), asc(orderEvents.id));
    detail.timeline = events.map(({ e, name, surname }) => ({
      at: e.at.toISOString(),
      from: e.fromStatus as TOrderDetail['status'] | null,
      to: e.toStatus as TOrderDetail['status'],
      method: e.method as TOrderDetail['method'],
      actor_user_id: e.actorUserId,
      actor_name: name ? `${name} ${surname}` : null,
    }));
  }
  return detail;
}

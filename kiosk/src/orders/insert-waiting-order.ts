import { AppError } from '@club/shared/errors';
import type { TOrder } from '@club/shared/orders';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Executor } from '../db/client.ts';
import { jsonRows } from '../db/json-rows.ts';
import { renderedOnce } from '../db/rendered-once.ts';
import { orderEvents, orderItems, orders, users } from '../db/schema.ts';
import { withLineVat } from './line-vat.ts';
import { itemRows, orderOf } from './to-order.ts';

type Line = Parameters<typeof withLineVat>[0][number];
type OrderRow = typeof orders.$inferSelect;

const orderRows = jsonRows(orders);
const NEW_ORDER = sql.identifier('new_order');
const NEW_ITEMS = sql.identifier('new_items');
/** the new order's id, for the statement's other writes */
const newOrderId = sql`(select ${sql.identifier('id')} from ${NEW_ORDER})`;

// The order's row and the statement's answer are written once (`renderedOnce`): Drizzle took a
// tenth of a leave's work on PostgreSQL to write them on every order (`npm run bench -- api`).
type NewOrder = {
  userId: number | null;
  kind: 'game' | 'shop';
  subtotal: number;
  discount: number;
  total: number;
  counterPointId: number | null;
  at: Date;
};
const newOrderRow = renderedOnce<NewOrder>(
  drizzle
    .mock({ schema: { orders } })
    .insert(orders)
    .values({
      userId: sql.placeholder('userId'),
      kind: sql.placeholder('kind'),
      status: 'waiting',
      subtotal: sql.placeholder('subtotal'),
      discountAmount: sql.placeholder('discount'),
      total: sql.placeholder('total'),
      counterPointId: sql.placeholder('counterPointId'),
      createdAt: sql.placeholder('at'),
      updatedAt: sql.placeholder('at'),
    })
    .returning()
    .getSQL(),
);
const answerOf = (lineList: SQL) =>
  sql`select ${orderRows.array} as row, ${lineList} as items,
      (select ${users.name} || ' ' || ${users.surname} from ${users} where ${users.id} = ${orders.userId}) as owner
    from ${NEW_ORDER} as ${orders}`;
const answerWithLines = renderedOnce(
  answerOf(sql`(select json_agg(${itemRows.array} order by ${orderItems.id}) from ${NEW_ITEMS} as ${orderItems})`),
)({});
const answerWithoutLines = renderedOnce(answerOf(sql`null`))({});

/**
 * A new waiting order in one statement: its row, its lines (each with its VAT after its share
 * of the discount), its log's first entry and `also` (the seats a game order bills), each
 * write taking the order's id from the row's insert (data-modifying common table expressions).
 * The same statement answers the row, the lines and the owner's name, so the order's view
 * needs no read after it.
 */
export async function insertWaitingOrder(
  tx: Executor,
  input: {
    userId: number | null;
    kind: 'game' | 'shop';
    lines: Line[];
    subtotal: number;
    discount: number;
    actorUserId: number;
    at: Date;
    /** sold over the counter at this cash point */
    counterPointId?: number | null;
  },
  also?: (orderId: SQL) => SQLWrapper,
): Promise<{ row: OrderRow; view: TOrder }> {
  const { lines, subtotal, discount, at } = input;
  const row = newOrderRow({
    userId: input.userId,
    kind: input.kind,
    subtotal,
    discount,
    total: subtotal - discount,
    counterPointId: input.counterPointId ?? null,
    at,
  });
  const items = lines.length
    ? tx
        .insert(orderItems)
        .values(withLineVat(lines, discount).map((l) => ({ ...l, orderId: newOrderId })))
        .returning()
    : undefined;
  const writes = [
    tx.insert(orderEvents).values({ orderId: newOrderId, actorUserId: input.actorUserId, toStatus: 'waiting', at }),
    also?.(newOrderId),
  ].filter((w): w is SQLWrapper => Boolean(w));
  const ctes = [
    sql`${NEW_ORDER} as (${row})`,
    ...(items ? [sql`${NEW_ITEMS} as (${items.getSQL()})`] : []),
    ...writes.map((w, i) => sql`${sql.identifier(`write_${i}`)} as (${w.getSQL()})`),
  ];
  const { rows } = (await tx.execute(
    sql`with ${sql.join(ctes, sql`, `)} ${items ? answerWithLines : answerWithoutLines}`,
  )) as {
    rows: { row: unknown[]; items: unknown[][] | null; owner: string | null }[];
  };
  const [written] = rows;
  if (!written) throw new AppError('error.unable_to_create_order');
  const order = orderRows.parse(written.row);
  const names = new Map(order.userId !== null && written.owner !== null ? [[order.userId, written.owner]] : []);
  return { row: order, view: orderOf(order, (written.items ?? []).map(itemRows.parse), names) };
}

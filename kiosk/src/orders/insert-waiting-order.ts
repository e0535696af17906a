import { AppError } from '@club/shared/errors';
import type { SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { orderEvents, orderItems, orders } from '../db/schema.ts';
import { writeTogether } from '../db/write-together.ts';
import { withLineVat } from './line-vat.ts';

type Line = Parameters<typeof withLineVat>[0][number];

/**
 * A new waiting order: its row, then in one statement its lines (each with its VAT after its
 * share of the discount), its log's first entry and `also` (the seats a game order bills).
 * Answers the order's row.
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
  },
  also?: (orderId: number) => SQLWrapper,
) {
  const { lines, subtotal, discount, at } = input;
  const [order] = await tx
    .insert(orders)
    .values({
      userId: input.userId,
      kind: input.kind,
      status: 'waiting',
      subtotal,
      discountAmount: discount,
      total: subtotal - discount,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  if (!order) throw new AppError('error.unable_to_create_order');
  await writeTogether(
    tx,
    lines.length > 0 &&
      tx.insert(orderItems).values(withLineVat(lines, discount).map((l) => ({ ...l, orderId: order.id }))),
    tx
      .insert(orderEvents)
      .values({ orderId: order.id, actorUserId: input.actorUserId, fromStatus: null, toStatus: 'waiting', at }),
    also?.(order.id),
  );
  return order;
}

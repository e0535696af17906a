import { clock } from '@club/shared/clock';
import type { Executor } from '../db/client.ts';
import { orderDiscount } from '../discounts/applicable.ts';
import { feedChanged } from '../outbox/feed-changed.ts';
import type { Emit } from '../outbox/with-events.ts';
import { settleIfFree } from './change-order.ts';
import { insertWaitingOrder } from './insert-waiting-order.ts';
import type { withLineVat } from './line-vat.ts';

type ShopLine = Parameters<typeof withLineVat>[0][number];

const sumOf = (lines: ShopLine[], kind?: 'product' | 'subscription') =>
  lines.filter((l) => !kind || l.kind === kind).reduce((sum, l) => sum + l.total, 0);

/**
 * A waiting shop order (from the cart online, or sold over the counter): the buyer's role
 * discounts, each line with its VAT after its share of them, its first status event, announced;
 * an order that costs nothing is settled at once. Answers its id.
 */
export async function insertShopOrder(
  tx: Executor,
  emit: Emit,
  input: {
    userId: number | null;
    actorUserId: number;
    roleId: number | null;
    lines: ShopLine[];
    /** sold over the counter at this cash point */
    counterPointId?: number;
  },
): Promise<number> {
  const { lines } = input;
  const subtotal = sumOf(lines);
  const now = clock.now();
  const discount = await orderDiscount(tx, {
    roleId: input.roleId,
    at: now.getTime(),
    totals: { products: sumOf(lines, 'product'), subscriptions: sumOf(lines, 'subscription') },
  });
  const { row: order } = await insertWaitingOrder(tx, {
    userId: input.userId,
    kind: 'shop',
    lines,
    subtotal,
    discount,
    actorUserId: input.actorUserId,
    at: now,
    counterPointId: input.counterPointId ?? null,
  });
  await emit({ type: 'order.created', payload: { order_id: order.id, user_id: order.userId } });
  // its products left the stock as it was made
  if (lines.some((l) => l.kind === 'product')) await emit(feedChanged('products'));
  // an order with something to pay stays waiting
  if (order.total === 0) await settleIfFree(tx, emit, order.id);
  return order.id;
}

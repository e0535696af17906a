import { AppError } from '@club/shared/errors';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { orders } from '../db/schema.ts';
import type { AuthInfo } from '../http/context.ts';
import { lockOrder, type OrderRow } from './change-order.ts';

/** An order its owner or an admin may act on, locked; anyone else learns nothing (404). */
export async function ownedOrder(tx: Executor, by: AuthInfo, id: number): Promise<OrderRow> {
  const order = await lockOrder(tx, id);
  if (!by.isAdmin && order.userId !== by.userId) throw new AppError('error.order_not_found');
  return order;
}

/** The same, only to read. */
export async function readOrder(db: Executor, by: AuthInfo, id: number): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order || (!by.isAdmin && order.userId !== by.userId)) throw new AppError('error.order_not_found');
  return order;
}

import { AppError } from '@club/shared/errors';
import { OPEN_ORDER_STATUSES } from '@club/shared/orders';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { orders } from '../db/schema.ts';
import { debtSettings } from './club-settings.ts';

/** Refuses a new game to a player who owes money, when the club has chosen so. */
export async function refuseDebtors(db: Executor, userId: number): Promise<void> {
  if (!(await debtSettings.get(db)).block_new_games) return;
  const [owed] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
    .limit(1);
  if (owed) throw new AppError('error.unpaid_orders_block_games');
}

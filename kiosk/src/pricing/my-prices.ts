import { pricePerMinuteAt } from '@club/shared/bill';
import { resolvePrice } from '@club/shared/billing';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { TMyPrice } from '@club/shared/tables';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { poolTables, users } from '../db/schema.ts';
import { tableTimeWindows } from '../discounts/applicable.ts';
import { rolePricesOf } from './role-prices.ts';

/**
 * What the user pays per minute at each table, from the same answers the bill takes: the
 * price joining fixes (`resolvePrice` with the user's role, as `priceFor` does) and the
 * happy hour that would discount a minute started now (`pricePerMinuteAt`).
 */
export async function myPrices(db: Executor, userId: number): Promise<TMyPrice[]> {
  const [user] = await db.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('error.user_not_found');
  const tables = await db
    .select({ id: poolTables.id, price: poolTables.pricePerMinute })
    .from(poolTables)
    .where(and(isNull(poolTables.deletedAt), eq(poolTables.active, true)))
    .orderBy(asc(poolTables.id));
  const pricing = (await rolePricesOf(db, user.roleId)).map((p) => ({
    role_id: p.roleId,
    table_id: p.tableId,
    price_per_minute: p.pricePerMinute,
  }));
  const now = clock.nowMs();
  const windows = (await tableTimeWindows(db))(user.roleId, now, now + 1);
  return tables.map((table) => {
    const price = resolvePrice({ id: table.id, price_per_minute: table.price }, user.roleId, pricing);
    return {
      table_id: table.id,
      price_per_minute: price,
      ...pricePerMinuteAt(price, windows, now),
    };
  });
}

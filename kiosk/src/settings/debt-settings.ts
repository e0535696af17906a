import { clock } from '@club/shared/clock';
import { DEFAULT_DEBT_SETTINGS, type TDebtSettings, ZDebtSettings } from '@club/shared/club-settings';
import { AppError } from '@club/shared/errors';
import { OPEN_ORDER_STATUSES } from '@club/shared/orders';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { cachedRead } from '../db/read-cache.ts';
import { orders, settings } from '../db/schema.ts';

const KEY = 'debts';

// every join reads them: kept in memory, forgotten when saved
const debtSettings = cachedRead(async (db): Promise<TDebtSettings> => {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  const parsed = ZDebtSettings.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_DEBT_SETTINGS;
});

export function getDebtSettings(db: Executor): Promise<TDebtSettings> {
  return debtSettings.get(db);
}

export async function saveDebtSettings(db: Executor, value: TDebtSettings): Promise<TDebtSettings> {
  await db
    .insert(settings)
    .values({ key: KEY, value, updatedAt: clock.now() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: clock.now() } });
  debtSettings.forget(db);
  return value;
}

/** Refuses a new game to a player who owes money, when the club has chosen so. */
export async function refuseDebtors(db: Executor, userId: number): Promise<void> {
  if (!(await getDebtSettings(db)).block_new_games) return;
  const [owed] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
    .limit(1);
  if (owed) throw new AppError('error.unpaid_orders_block_games');
}

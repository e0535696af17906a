import type { TCashPoint } from '@club/shared/cash-operators';
import { AppError } from '@club/shared/errors';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { cashPoints } from '../db/schema.ts';

const toCashPoint = (row: typeof cashPoints.$inferSelect): TCashPoint => ({ id: row.id, name: row.name });

export async function listCashPoints(db: Executor): Promise<TCashPoint[]> {
  return (await db.select().from(cashPoints).orderBy(asc(cashPoints.id))).map(toCashPoint);
}

/** A new cash point numbers its journal from 1 on its own. */
export async function createCashPoint(db: Executor, name: string): Promise<TCashPoint> {
  const [row] = await db.insert(cashPoints).values({ name }).returning();
  if (!row) throw new Error('cash point insert returned nothing');
  return toCashPoint(row);
}

/** Only the name changes: the id stays, as receipts and the journal print it. */
export async function renameCashPoint(db: Executor, id: number, name: string): Promise<TCashPoint> {
  const [row] = await db.update(cashPoints).set({ name }).where(eq(cashPoints.id, id)).returning();
  if (!row) throw new AppError('error.cash_point_not_found');
  return toCashPoint(row);
}

export async function findCashPoint(db: Executor, id: number): Promise<TCashPoint> {
  const [row] = await db.select().from(cashPoints).where(eq(cashPoints.id, id));
  if (!row) throw new AppError('error.cash_point_not_found');
  return toCashPoint(row);
}

import { AppError } from '@club/shared/errors';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { discounts } from '../db/schema.ts';

/** Deletes a discount; `error.not_found` when there is none with that id. */
export async function deleteDiscount(db: Executor, id: number): Promise<void> {
  const [row] = await db.delete(discounts).where(eq(discounts.id, id)).returning({ id: discounts.id });
  if (!row) throw new AppError('error.not_found');
}

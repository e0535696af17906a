import type { TDiscount, ZDiscountUpdateBody } from '@club/shared/discounts';
import { AppError } from '@club/shared/errors';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../db/client.ts';
import { discounts } from '../db/schema.ts';
import { discountColumns, toDiscount } from './discount-rows.ts';

/** Edits a discount; `error.not_found` when there is none with that id. */
export async function updateDiscount(db: Executor, input: z.infer<typeof ZDiscountUpdateBody>): Promise<TDiscount> {
  const [row] = await db.update(discounts).set(discountColumns(input)).where(eq(discounts.id, input.id)).returning();
  if (!row) throw new AppError('error.not_found');
  return toDiscount(row);
}

import type { TDiscount, ZDiscountUpdateBody } from '@club/shared/discounts';
import { AppError } from '@club/shared/errors';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { discounts } from '../db/schema.ts';
import { feedChanged } from '../outbox/feed-changed.ts';
import { withEvents } from '../outbox/with-events.ts';
import { forgetDiscounts } from './applicable.ts';
import { discountColumns, toDiscount } from './discount-rows.ts';

/** Edits a discount; `error.not_found` when there is none with that id. */
export async function updateDiscount(db: Db, input: z.infer<typeof ZDiscountUpdateBody>): Promise<TDiscount> {
  const row = await withEvents(db, async (tx, emit) => {
    const [updated] = await tx
      .update(discounts)
      .set(discountColumns(input))
      .where(eq(discounts.id, input.id))
      .returning();
    if (updated) await emit(feedChanged('prices'));
    return updated;
  });
  forgetDiscounts(db);
  if (!row) throw new AppError('error.not_found');
  return toDiscount(row);
}

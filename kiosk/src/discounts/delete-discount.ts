import { AppError } from '@club/shared/errors';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { discounts } from '../db/schema.ts';
import { feedChanged } from '../outbox/feed-changed.ts';
import { withEvents } from '../outbox/with-events.ts';
import { forgetDiscounts } from './applicable.ts';

/** Deletes a discount; `error.not_found` when there is none with that id. */
export async function deleteDiscount(db: Db, id: number): Promise<void> {
  const row = await withEvents(db, async (tx, emit) => {
    const [deleted] = await tx.delete(discounts).where(eq(discounts.id, id)).returning({ id: discounts.id });
    if (deleted) await emit(feedChanged('prices'));
    return deleted;
  });
  forgetDiscounts(db);
  if (!row) throw new AppError('error.not_found');
}

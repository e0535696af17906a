import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { and, eq, gt } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { waitlistEntries } from '../db/schema.ts';
import type { Emit } from '../outbox/with-events.ts';
import { endEntry } from './leave-waitlist.ts';

/** A table's hold as the join reads it: `[entry id, user id, expires at]`. */
export type Hold = [number, number | null, string];

/**
 * Under the table's lock, before anyone sits down: a table held for a waitlist party is theirs
 * until the hold runs out (`error.table_held` for anyone else); once it ran out it is anyone's,
 * and the late party's offer ends here. A person in line who sits down anywhere leaves the line
 * (seated), and a table held for them elsewhere goes to the next party.
 */
export async function claimHeldTable(
  tx: Executor,
  emit: Emit,
  input: { userId: number; tableId: number; hold: Hold | null },
): Promise<void> {
  const { hold, userId } = input;
  const now = clock.now();
  if (hold && hold[1] !== userId) {
    if (new Date(hold[2]) > now) throw new AppError('error.table_held');
    await tx
      .update(waitlistEntries)
      .set({ status: 'expired', endedAt: now })
      .where(and(eq(waitlistEntries.id, hold[0]), eq(waitlistEntries.status, 'offered')));
  }
  await endEntry(tx, emit, { userId }, 'seated');
}

/** A player moving to a free table held for someone else's party is refused, as a join is. */
export async function refuseHeldTable(tx: Executor, tableId: number, userId: number): Promise<void> {
  const [held] = await tx
    .select({ userId: waitlistEntries.userId })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.offeredTableId, tableId),
        eq(waitlistEntries.status, 'offered'),
        gt(waitlistEntries.offerExpiresAt, clock.now()),
      ),
    )
    .limit(1);
  if (held && held.userId !== userId) throw new AppError('error.table_held');
}

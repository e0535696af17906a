import { OPEN_WAITLIST_STATUSES } from '@club/shared/waitlist';
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { waitlistEntries } from '../db/schema.ts';
import type { Emit } from '../outbox/with-events.ts';

/** One writer of the line at a time: offers, joins at the back and moves queue up behind each other. */
const WAITLIST_LOCK = 7_334_202;

export async function lockLine(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${WAITLIST_LOCK})`);
}

export const isOpen = inArray(waitlistEntries.status, [...OPEN_WAITLIST_STATUSES]);

/**
 * Tells everyone in line (and staff) that the line changed, so their places and waits are read
 * again; `also`: people who just left it.
 */
export async function lineChanged(tx: Executor, emit: Emit, also: (number | null)[] = []): Promise<void> {
  const rows = await tx
    .select({ userId: waitlistEntries.userId })
    .from(waitlistEntries)
    .where(and(isOpen, isNotNull(waitlistEntries.userId)));
  const ids = new Set<number>();
  for (const r of rows) if (r.userId !== null) ids.add(r.userId);
  for (const id of also) if (id !== null) ids.add(id);
  await emit({ type: 'waitlist.updated', payload: { user_ids: [...ids].slice(0, 500) } });
}

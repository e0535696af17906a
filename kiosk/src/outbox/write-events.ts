import { clock } from '@club/shared/clock';
import type { TKioskEvent, TKioskEventBody } from '@club/shared/realtime';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

const OUTBOX_LOCK = 7_334_201;

/**
 * Until the caller's transaction ends, no one else writes events (so sequence numbers follow
 * commit order and a client never skips an event that committed late), and whoever reads the
 * outbox next waits for the commit.
 */
export async function lockEvents(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${OUTBOX_LOCK})`);
}

/**
 * Records events in the caller's transaction, so an event exists exactly when its change
 * was committed. The outbox id is the kiosk's sequence number.
 */
export async function writeEvents(tx: Executor, events: TKioskEventBody[]): Promise<TKioskEvent[]> {
  if (!events.length) return [];
  await lockEvents(tx);
  const now = clock.now();
  const rows = await tx
    .insert(outbox)
    .values(events.map((e) => ({ type: e.type, payload: e.payload, createdAt: now })))
    .returning({ id: outbox.id });
  return rows.map((r, i) => ({
    id: Number(r.id),
    type: events[i]!.type,
    payload: events[i]!.payload,
    created_at: now.toISOString(),
  }));
}

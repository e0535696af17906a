import { clock } from '@club/shared/clock';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

const OUTBOX_LOCK = 7_334_201;

/** What the realtime gateway is told about; the payload names what changed, by id. */
export type KioskEvent =
  | { type: 'table.updated'; payload: { table_id: number } }
  | { type: 'game.updated'; payload: { game_id: number; table_id: number } }
  | {
      type: 'player.kicked';
      payload: { game_id: number; player_id: number; user_id: number | null; order_id: number | null };
    }
  | { type: 'order.created'; payload: { order_id: number; user_id: number | null } }
  | { type: 'order.updated'; payload: { order_id: number; user_id: number | null; status: string } }
  | { type: 'notification.created'; payload: { notification_id: number; user_id: number | null } }
  | { type: 'session.revoked'; payload: { user_id: number } };

/**
 * Until the caller's transaction ends, no one else writes events (so sequence numbers follow
 * commit order and a client never skips an event that committed late), and whoever reads the
 * outbox next waits for the commit.
 */
export async function lockEvents(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${OUTBOX_LOCK})`);
}

const emitted = new Set<(ids: number[]) => void>();

/**
 * Calls `listener` with the outbox ids whenever events are written (before their commit, in
 * the writer's async context); returns the unsubscribe.
 */
export function onEmit(listener: (ids: number[]) => void): () => void {
  emitted.add(listener);
  return () => emitted.delete(listener);
}

/**
 * Records events in the caller's transaction, so an event exists exactly when its change
 * was committed. The outbox id is the kiosk's sequence number.
 */
export async function emit(tx: Executor, ...events: KioskEvent[]): Promise<void> {
  if (!events.length) return;
  await lockEvents(tx);
  const now = clock.now();
  const rows = await tx
    .insert(outbox)
    .values(events.map((e) => ({ type: e.type, payload: e.payload, createdAt: now })))
    .returning({ id: outbox.id });
  const ids = rows.map((r) => r.id);
  // the outbox worker starts now and waits for the commit on the lock, instead of starting
  // once the request has built and sent its answer
  for (const listener of emitted) listener(ids);
}

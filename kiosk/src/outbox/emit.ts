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
 * Records events in the caller's transaction, so an event exists exactly when its change
 * was committed. The outbox id is the kiosk's sequence number.
 */
export async function emit(tx: Executor, ...events: KioskEvent[]): Promise<void> {
  if (!events.length) return;
  // one writer of events at a time until commit, so sequence numbers follow commit order
  // and a client never skips an event that committed late
  await tx.execute(sql`select pg_advisory_xact_lock(${OUTBOX_LOCK})`);
  const now = clock.now();
  await tx.insert(outbox).values(events.map((e) => ({ type: e.type, payload: e.payload, createdAt: now })));
}

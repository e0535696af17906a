import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate } from 'node:timers/promises';
import { clock } from '@club/shared/clock';
import type { TKioskEvent, TKioskRead } from '@club/shared/realtime';
import { sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../db/client.ts';
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

/** Events as the outbox holds them, told as they are written or once they committed. */
export interface WrittenEvents {
  events: TKioskEvent[];
  /** the database they committed in; absent when told as written, their commit unknown */
  db?: Db;
  /** what they changed, read at their commit, when it could be */
  read?: TKioskRead;
}

const listeners = new Set<(written: WrittenEvents) => void>();

/**
 * Calls `listener` in the writer's async context with the events of each transaction that
 * wrote some, right after its commit; events written outside such a transaction (see
 * `describeWritten`) as they are written, before their commit. Returns the unsubscribe.
 */
export function onEvents(listener: (written: WrittenEvents) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const tell = (written: WrittenEvents) => {
  for (const listener of listeners) listener(written);
};

/** The events of the transaction running in this async context, until it commits. */
const open = new AsyncLocalStorage<{ tx?: Tx; events: TKioskEvent[] }>();

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
  const written = rows.map((r, i) => ({
    id: Number(r.id),
    type: events[i]!.type,
    payload: events[i]!.payload,
    created_at: now.toISOString(),
  }));
  const mine = open.getStore();
  if (mine?.tx === tx) mine.events.push(...written);
  // written outside a described transaction (or in a savepoint of one): told now, and the
  // worker's read of the outbox waits for the commit on the lock
  else tell({ events: written });
}

/** Reads what some events changed: in their transaction, or on the database after it. */
export type DescribeWritten = (on: Executor, events: TKioskEvent[]) => Promise<TKioskRead | undefined>;

interface Describer {
  describe: DescribeWritten;
  /** inside the transaction, before its commit (else right after it) */
  inTransaction: boolean;
}

const describers = new WeakMap<Db, Describer | null>();

/**
 * Makes `db.transaction` read what the events it wrote changed (`describe`) and tell them with
 * that read once it committed (`onEvents`). The outbox worker then sends them at once, with no
 * read of its own between the commit and the phones, and a write that answers with its game
 * takes it from that read too.
 *
 * With `inTransaction`, the read is the transaction's last step before its commit (in a
 * savepoint, so a read that fails, left to the worker, never undoes the change): the events go
 * out the moment it commits. It holds every change up to the transaction's last event, as the
 * transaction holds the events' lock from its first event on. That is for the embedded
 * database, which runs one transaction at a time anyway. On PostgreSQL, every writer waits for
 * that lock, so the read comes right after the commit instead, outside it; it may then hold
 * later changes too, which their own events follow.
 *
 * `null` stops the reading (nobody to send to), not the telling.
 */
export function describeWritten(db: Db, describer: Describer | null): void {
  const wrapped = describers.has(db);
  describers.set(db, describer);
  if (wrapped) return;
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) => {
    const mine: { tx?: Tx; events: TKioskEvent[] } = { events: [] };
    const how = describers.get(db);
    return open.run(mine, async () => {
      let read: TKioskRead | undefined;
      const result = await transaction(async (tx) => {
        mine.tx = tx;
        const value = await work(tx);
        if (mine.events.length && how?.inTransaction) {
          read = await tx.transaction((savepoint) => how.describe(savepoint, mine.events)).catch(() => undefined);
        }
        return value;
      }, config);
      if (!mine.events.length) return result;
      if (how && !how.inTransaction) read = await how.describe(db, mine.events).catch(() => undefined);
      tell({ events: mine.events, db, read });
      // one turn of the event loop before the writer goes on, so the worker's webhook leaves
      // now: on the embedded database the rest of a request runs as microtasks, and the
      // request's socket is only written when they have run out (2.5 ms later, measured)
      await setImmediate();
      return result;
    });
  }) as Db['transaction'];
}

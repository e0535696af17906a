import type { TOrder } from '@club/shared/orders';
import type { TKioskEvent, TKioskRead, TKioskReadBody } from '@club/shared/realtime';
import type { TGame, TTable } from '@club/shared/tables';
import type { Db, Executor } from '../db/client.ts';

/** Events as the outbox holds them, told once they committed. */
export interface WrittenEvents {
  events: TKioskEvent[];
  /** the database they committed in */
  db: Db;
  /** what they changed, read at their commit, when it could be */
  read?: TKioskRead;
  /** tables, games and orders as their transaction left them, made by its writer (`knownGame` …) */
  known?: KnownViews;
}

/** Views a writer made of what its transaction changed: nobody reads those again. */
export interface KnownViews {
  tables: TTable[];
  games: TGame[];
  orders: TOrder[];
}

export const noKnownViews = (): KnownViews => ({ tables: [], games: [], orders: [] });

/** Of what some events changed (`changedIds`), what their writers made no view of: what must still be read. */
export function unknownChanges(ids: Required<TKioskReadBody>, known: KnownViews): Required<TKioskReadBody> {
  const unknown = (wanted: number[], made: { id: number }[]) => wanted.filter((id) => !made.some((v) => v.id === id));
  return {
    ...ids,
    table_ids: unknown(ids.table_ids, known.tables),
    game_ids: unknown(ids.game_ids, known.games),
    order_ids: unknown(ids.order_ids, known.orders),
  };
}

/** Whether nothing is left to read (`unknownChanges`). */
export const nothingToRead = (ids: Required<TKioskReadBody>) => !Object.values(ids).some((list) => list.length);

const listeners = new Set<(written: WrittenEvents) => void>();

/**
 * Calls `listener` in the writer's async context with the events of each transaction that
 * wrote some (`withEvents`), right after its commit. Returns the unsubscribe.
 */
export function onEvents(listener: (written: WrittenEvents) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function tellEvents(written: WrittenEvents): void {
  for (const listener of listeners) listener(written);
}

/** Reads what some events changed: in their transaction, or on the database after it. */
export type DescribeWritten = (
  on: Executor,
  events: TKioskEvent[],
  /** what the writer made views of: not read again */
  known?: KnownViews,
) => Promise<TKioskRead | undefined>;

export interface Describer {
  describe: DescribeWritten;
  /** inside the transaction, before its commit (else right after it) */
  inTransaction: boolean;
}

const describers = new WeakMap<Db, Describer>();

/**
 * Has every `withEvents` transaction on `db` read what its events changed (`describe`) and
 * tell them with that read once it committed (`onEvents`). The outbox worker then sends them
 * at once, with no read of its own between the commit and the phones, and a write that answers
 * with its game takes it from that read too.
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
  if (describer) describers.set(db, describer);
  else describers.delete(db);
}

export const describerOf = (db: Db): Describer | undefined => describers.get(db);

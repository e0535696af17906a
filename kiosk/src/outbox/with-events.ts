import { setImmediate } from 'node:timers/promises';
import { clock } from '@club/shared/clock';
import type { TOrder } from '@club/shared/orders';
import { changedIds, type TKioskEvent, type TKioskEventBody, type TKioskRead } from '@club/shared/realtime';
import type { TGame, TTable } from '@club/shared/tables';
import type { Db, Executor, Tx } from '../db/client.ts';
import { transactionEndingWith } from '../db/commit-with.ts';
import { type Write, writeTogether } from '../db/write-together.ts';
import {
  describerOf,
  type KnownViews,
  noKnownViews,
  nothingToRead,
  tellEvents,
  unknownChanges,
} from './committed-events.ts';
import { noteCommitted } from './committed-seq.ts';
import { eventsStatement, writeEvents, writtenEvents } from './write-events.ts';

/** Adds events to the transaction it was handed with. */
export type Emit = (...events: TKioskEventBody[]) => Promise<void>;

/**
 * Runs `work` in a transaction whose events it writes with `emit`: they exist exactly when
 * the change they announce committed. After the commit they are told (`onEvents`) with what
 * they changed, read as `describeWritten` set up for this database.
 *
 * `emit` only collects: the events are written in one statement (lock and insert together)
 * when `work` is done, as its transaction's last write. That is one round trip per transaction
 * however often it emits, and the outbox's lock is held only from there to the commit.
 */
export async function withEvents<T>(db: Db, work: (tx: Tx, emit: Emit) => Promise<T>): Promise<T> {
  writers.set(db, (writers.get(db) ?? 0) + 1);
  try {
    return await writeWithEvents(db, work);
  } finally {
    writers.set(db, (writers.get(db) ?? 1) - 1);
  }
}

/** `withEvents` transactions of this process begun and not ended, per database */
const writers = new WeakMap<Db, number>();

/**
 * Whether the writer should read what its events changed itself: only when no other write is
 * under way. Under load the outbox worker reads once for all the events committed meanwhile
 * (a table read once for many of its changes, one read of the orders), and on the embedded
 * database, which runs one statement at a time, the writers behind do not wait for reads.
 */
const readsItself = (db: Db) => (writers.get(db) ?? 0) <= 1;

/** Whether other `withEvents` transactions on `db` are under way besides the caller's own. */
export const othersWriting = (db: Db) => !readsItself(db);

/** what each running `withEvents` transaction made views of */
const knownIn = new WeakMap<Executor, KnownViews>();

/**
 * Gives the view of a game as the caller's transaction leaves it, made from what it read and
 * wrote under the table's lock: whoever tells the phones of its events (and the request's
 * answer, `committedGame`) takes it from here instead of reading the game again. Outside a
 * `withEvents` transaction it does nothing.
 */
export function knownGame(tx: Executor, view: TGame): void {
  knownIn.get(tx)?.games.push(view);
}

/** writes each running `withEvents` transaction makes with its events */
const writesIn = new WeakMap<Executor, Write[]>();

/**
 * Makes writes that nothing in the caller's transaction reads back in the same statement as
 * its events, the transaction's last write: one round trip less. Their failure still fails
 * the transaction. Outside a `withEvents` transaction they are made at once (`writeTogether`).
 */
export async function writeWithTheEvents(tx: Executor, ...writes: Write[]): Promise<void> {
  const later = writesIn.get(tx);
  if (later) later.push(...writes);
  else await writeTogether(tx, ...writes);
}

/** the `emit` of each running `withEvents` transaction */
const emitsIn = new WeakMap<Executor, Emit>();

/**
 * Adds events to the caller's `withEvents` transaction, for code that is handed only the
 * transaction (a join claiming its booking). Outside one there is no outbox to add to: nothing.
 */
export async function emitWithThe(tx: Executor, ...events: TKioskEventBody[]): Promise<void> {
  await emitsIn.get(tx)?.(...events);
}

/** Like `knownGame`, for a table as the caller's transaction leaves it (its floor view). */
export function knownTable(tx: Executor, table: TTable): void {
  knownIn.get(tx)?.tables.push(table);
}

/** Like `knownGame`, for an order as the caller's transaction leaves it (`committedOrder`). */
export function knownOrder(tx: Executor, order: TOrder): void {
  knownIn.get(tx)?.orders.push(order);
}

async function writeWithEvents<T>(db: Db, work: (tx: Tx, emit: Emit) => Promise<T>): Promise<T> {
  const emitted: TKioskEventBody[] = [];
  let written: TKioskEvent[] = [];
  let done = false;
  const describer = describerOf(db);
  let read: TKioskRead | undefined;
  const known: KnownViews = noKnownViews();
  const emit: Emit = async (...events) => {
    if (done) throw new Error('events emitted after their transaction ended');
    emitted.push(...events);
  };
  // the embedded database reads what the events changed inside the transaction (`Describer`)
  const readsInside = describer?.inTransaction === true;
  let at = '';
  const { value: result, rows } = await transactionEndingWith(db, async (tx) => {
    knownIn.set(tx, known);
    emitsIn.set(tx, emit);
    const writes: Write[] = [];
    writesIn.set(tx, writes);
    const value = await work(tx, emit);
    done = true;
    writesIn.delete(tx);
    if (!readsInside) {
      // the events' statement goes with the commit: the outbox's lock is held the shortest time
      at = clock.now().toISOString();
      return { value, last: eventsStatement(emitted, writes, at) };
    }
    written = await writeEvents(tx, emitted, writes);
    if (written.length && readsItself(db)) {
      // in a savepoint, when there is something to read: a read that fails undoes nothing
      read = await (nothingToRead(unknownChanges(changedIds(written), known))
        ? describer.describe(tx, written, known)
        : tx.transaction((savepoint) => describer.describe(savepoint, written, known))
      ).catch(() => undefined);
    }
    return { value };
  }).finally(() => {
    done = true;
  });
  if (!readsInside && emitted.length) written = writtenEvents(emitted, rows, at);
  if (!written.length) return result;
  noteCommitted(db, Math.max(...written.map((e) => e.id)));
  if (describer && !describer.inTransaction && readsItself(db))
    read = await describer.describe(db, written, known).catch(() => undefined);
  tellEvents({ events: written, db, read, known });
  // one turn of the event loop before the writer goes on, so the worker's webhook leaves
  // now: on the embedded database the rest of a request runs as microtasks, and the
  // request's socket is only written when they have run out (2.5 ms later, measured)
  await setImmediate();
  return result;
}

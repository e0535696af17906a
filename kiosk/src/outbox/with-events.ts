import { setImmediate } from 'node:timers/promises';
import type { TKioskEvent, TKioskEventBody, TKioskRead } from '@club/shared/realtime';
import type { Db, Tx } from '../db/client.ts';
import { describerOf, tellEvents } from './committed-events.ts';
import { writeEvents } from './write-events.ts';

/** Writes events in the transaction it was handed with. */
export type Emit = (...events: TKioskEventBody[]) => Promise<void>;

/**
 * Runs `work` in a transaction whose events it writes with `emit`: they exist exactly when
 * the change they announce committed. After the commit they are told (`onEvents`) with what
 * they changed, read as `describeWritten` set up for this database.
 */
export async function withEvents<T>(db: Db, work: (tx: Tx, emit: Emit) => Promise<T>): Promise<T> {
  const written: TKioskEvent[] = [];
  const describer = describerOf(db);
  let read: TKioskRead | undefined;
  const result = await db.transaction(async (tx) => {
    const value = await work(tx, async (...events) => {
      written.push(...(await writeEvents(tx, events)));
    });
    if (written.length && describer?.inTransaction) {
      read = await tx.transaction((savepoint) => describer.describe(savepoint, written)).catch(() => undefined);
    }
    return value;
  });
  if (!written.length) return result;
  if (describer && !describer.inTransaction) read = await describer.describe(db, written).catch(() => undefined);
  tellEvents({ events: written, db, read });
  // one turn of the event loop before the writer goes on, so the worker's webhook leaves
  // now: on the embedded database the rest of a request runs as microtasks, and the
  // request's socket is only written when they have run out (2.5 ms later, measured)
  await setImmediate();
  return result;
}

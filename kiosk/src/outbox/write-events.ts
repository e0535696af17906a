import { clock } from '@club/shared/clock';
import type { TKioskEvent, TKioskEventBody } from '@club/shared/realtime';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { type Row, rowsOf } from '../db/commit-with.ts';
import { statementWith, togetherStatement, type Write } from '../db/write-together.ts';

const OUTBOX_LOCK = 7_334_201;

/**
 * The statement that waits for every writer that has written events and not committed yet, and
 * then holds them off until the caller's transaction ends (`transactionOfOne`).
 */
export const LOCK_EVENTS = `select pg_advisory_xact_lock(${OUTBOX_LOCK})`;

/**
 * Records events in the caller's transaction, so an event exists exactly when its change
 * was committed. The outbox id is the kiosk's sequence number.
 * `writes` that nothing reads back are made in the same statement (`statementWith`).
 */
export async function writeEvents(
  tx: Executor,
  events: TKioskEventBody[],
  writes: Write[] = [],
): Promise<TKioskEvent[]> {
  const at = clock.now().toISOString();
  const statement = eventsStatement(events, writes, at);
  if (!statement) return [];
  return writtenEvents(events, await rowsOf(tx, statement), at);
}

/**
 * The statement that writes `events` (created `at`) and `writes`, or nothing when there is
 * nothing to write. With events, it answers their ids.
 *
 * One statement takes the lock and inserts: the rows are produced by a join with the lock's
 * one-row subquery, and their ids (the sequence's next values) are drawn as each row is
 * inserted, so no id is drawn before the lock is held. The ids follow the events' order.
 */
export function eventsStatement(events: TKioskEventBody[], writes: Write[], at: string): SQL | undefined {
  if (!events.length) return togetherStatement(writes);
  const rows: SQL[] = events.map((e, i) => sql`(${i}::int, ${e.type}::varchar, ${JSON.stringify(e.payload)}::jsonb)`);
  return statementWith(
    writes,
    sql`
    insert into outbox (type, payload, created_at)
    select e.type, e.payload, ${at}::timestamptz
    from (values ${sql.join(rows, sql`, `)}) as e(n, type, payload)
    cross join (${sql.raw(LOCK_EVENTS)}) as held
    order by e.n
    returning id`,
  );
}

/** The events as `eventsStatement` wrote them, from the ids it answered. */
export function writtenEvents(events: TKioskEventBody[], inserted: Row[], at: string): TKioskEvent[] {
  const ids = inserted.map((r) => Number(r.id)).sort((a, b) => a - b);
  return events.map((e, i) => ({ id: ids[i]!, type: e.type, payload: e.payload, created_at: at }));
}

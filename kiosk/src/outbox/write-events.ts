import { clock } from '@club/shared/clock';
import type { TKioskEvent, TKioskEventBody } from '@club/shared/realtime';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { statementWith, type Write, writeTogether } from '../db/write-together.ts';

const OUTBOX_LOCK = 7_334_201;
const lock = sql`pg_advisory_xact_lock(${OUTBOX_LOCK})`;

/**
 * Until the caller's transaction ends, no one else writes events (so sequence numbers follow
 * commit order and a client never skips an event that committed late), and whoever reads the
 * outbox next waits for the commit.
 */
export async function lockEvents(tx: Executor): Promise<void> {
  await tx.execute(sql`select ${lock}`);
}

/**
 * Records events in the caller's transaction, so an event exists exactly when its change
 * was committed. The outbox id is the kiosk's sequence number.
 *
 * One statement takes the lock and inserts: the rows are produced by a join with the lock's
 * one-row subquery, and their ids (the sequence's next values) are drawn as each row is
 * inserted, so no id is drawn before the lock is held. The ids follow the events' order.
 * `writes` that nothing reads back are made in the same statement (`statementWith`).
 */
export async function writeEvents(
  tx: Executor,
  events: TKioskEventBody[],
  writes: Write[] = [],
): Promise<TKioskEvent[]> {
  if (!events.length) {
    await writeTogether(tx, ...writes);
    return [];
  }
  const now = clock.now();
  const at = now.toISOString();
  const rows: SQL[] = events.map((e, i) => sql`(${i}::int, ${e.type}::varchar, ${JSON.stringify(e.payload)}::jsonb)`);
  // both drivers (node-postgres, PGlite) answer a raw statement with its rows
  const insert = sql`
    insert into outbox (type, payload, created_at)
    select e.type, e.payload, ${at}::timestamptz
    from (values ${sql.join(rows, sql`, `)}) as e(n, type, payload)
    cross join (select ${lock}) as held
    order by e.n
    returning id`;
  const { rows: inserted } = (await tx.execute(statementWith(writes, insert))) as { rows: { id: string | number }[] };
  const ids = inserted.map((r) => Number(r.id)).sort((a, b) => a - b);
  return events.map((e, i) => ({ id: ids[i]!, type: e.type, payload: e.payload, created_at: at }));
}

import type { TKioskEvent } from '@club/shared/realtime';
import { and, asc, gt, inArray, isNull, notExists, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { transactionOfOne } from '../db/commit-with.ts';
import { outbox } from '../db/schema.ts';
import { noteCommitted } from '../outbox/committed-seq.ts';
import { LOCK_EVENTS } from '../outbox/write-events.ts';

/** The first this many undelivered rows are the head of the queue: one batch. */
export const BATCH = 100;
/**
 * A batch in flight belongs to one process for this long: the send's timeout and then some.
 * Short, because a process killed mid-send holds the head of the queue until it runs out.
 */
const LEASE_MS = 10_000;

type OutboxRow = Pick<typeof outbox.$inferSelect, 'id' | 'type' | 'payload' | 'createdAt' | 'attempts'>;

/** A leased row as node-postgres reads it raw (a bigint as text, a timestamp as a Date). */
const leasedRow = (r: Record<string, unknown>): OutboxRow => ({
  id: Number(r.id),
  type: String(r.type),
  payload: r.payload,
  createdAt: new Date(r.created_at as Date | string),
  attempts: Number(r.attempts),
});

const toEvent = (r: OutboxRow): TKioskEvent => ({
  id: Number(r.id),
  type: r.type,
  payload: r.payload as Record<string, unknown>,
  created_at: r.createdAt.toISOString(),
});

/**
 * The outbox table as a queue: its head (leased where other processes share the database),
 * the delivered mark, and the back-off of a head that failed. Operational times use the wall
 * clock, not the test clock, so frozen test time never stalls delivery.
 */
export function createOutboxQueue(db: Db, shared: boolean) {
  /**
   * Rows this worker leased and has not settled (delivered or backed off): its own lease does
   * not make it wait, when a failure in between (the database away) left them leased.
   */
  const owned = new Set<number>();

  /**
   * One statement: the head (locked), unless some of it is leased by another process or
   * backing off after a failure, in which case the whole head waits. It runs after the events'
   * lock (`transactionOfOne`): a writer that has written events but not committed yet is
   * waited for, and writers wait for the lease until its commit.
   */
  async function leaseHead() {
    const now = new Date();
    const head = db
      .$with('head')
      .as(
        db
          .select({ id: outbox.id, next: outbox.nextAttemptAt })
          .from(outbox)
          .where(isNull(outbox.deliveredAt))
          .orderBy(asc(outbox.id))
          .limit(BATCH)
          .for('update'),
      );
    const mine = [...owned];
    const blocked = db
      .select({ id: head.id })
      .from(head)
      .where(and(gt(head.next, now), mine.length ? notInArray(head.id, mine) : undefined));
    const lease = db
      .with(head)
      .update(outbox)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(and(inArray(outbox.id, db.select({ id: head.id }).from(head)), notExists(blocked)))
      .returning({
        id: outbox.id,
        type: outbox.type,
        payload: outbox.payload,
        createdAt: outbox.createdAt,
        attempts: outbox.attempts,
      });
    // run raw, its rows come as node-postgres reads them
    const raw = await transactionOfOne(db, [LOCK_EVENTS], lease.getSQL());
    const rows = raw.map(leasedRow).sort((a, b) => a.id - b.id);
    for (const r of rows) owned.add(r.id);
    return rows;
  }

  /**
   * The embedded database has this one process, which sends one batch at a time: the head
   * needs no lease, only to wait while it backs off. (It also runs one transaction at a
   * time, so a writer that has emitted but not committed yet is waited for anyway.)
   */
  async function headOf() {
    const head = await db.select().from(outbox).where(isNull(outbox.deliveredAt)).orderBy(asc(outbox.id)).limit(BATCH);
    const now = Date.now();
    return head.some((r) => r.nextAttemptAt !== null && r.nextAttemptAt.getTime() > now) ? [] : head;
  }

  return {
    /** The head's events and how often they were tried; empty while it waits. */
    async lease(): Promise<{ events: TKioskEvent[]; attempts: number }> {
      const rows = shared ? await leaseHead() : await headOf();
      // committed, all of them: another process's among them raise what answers may claim to hold
      if (rows.length) noteCommitted(db, rows.at(-1)!.id);
      return { events: rows.map(toEvent), attempts: Math.max(0, ...rows.map((r) => r.attempts)) };
    },

    async markDelivered(ids: number[]): Promise<void> {
      await db.update(outbox).set({ deliveredAt: new Date() }).where(inArray(outbox.id, ids));
      for (const id of ids) owned.delete(id);
    },

    /** A failed send: the head waits `retryInMs`, and the rows behind it with it. */
    async backOff(ids: number[], retryInMs: number): Promise<void> {
      await db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(Date.now() + retryInMs) })
        .where(inArray(outbox.id, ids));
      for (const id of ids) owned.delete(id);
    },

    /**
     * A lease left by a process that died mid-send (kill -9, a crash) would hold the queue
     * until it ran out: a starting process takes it over. Should its owner be alive after
     * all, a batch goes out twice, and the gateway applies each id once.
     */
    async takeOverLeases(): Promise<void> {
      await db
        .update(outbox)
        .set({ nextAttemptAt: null })
        .where(and(isNull(outbox.deliveredAt), gt(outbox.nextAttemptAt, new Date())));
    },
  };
}

export type OutboxQueue = ReturnType<typeof createOutboxQueue>;

import type { TKioskEvent, TKioskRead } from '@club/shared/realtime';
import { and, asc, gt, inArray, isNull, notExists, notInArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { describeWritten, lockEvents, onEvents, type WrittenEvents } from '../outbox/emit.ts';

/**
 * Hands a batch of events (in id order) to the gateway, with what they changed when known;
 * resolves once it acknowledged them.
 */
export type SendEvents = (events: TKioskEvent[], read?: TKioskRead) => Promise<void>;
/**
 * Reads what a batch changed (tables, games, orders), or nothing when it names none; on the
 * database, or in the transaction that wrote the events, before it commits.
 */
export type DescribeEvents = (events: TKioskEvent[], on?: Executor) => Promise<TKioskRead | undefined>;

export interface OutboxDelivery {
  /** Delivers what is due now (one batch at a time, in id order); the worker calls it, tests may too. */
  flush(): Promise<number>;
  /** Where events go: the HTTP webhook of `GATEWAY_URL`, or an in-process gateway (embedded). */
  deliverTo(send: SendEvents | null): void;
  start(): void;
  stop(): Promise<void>;
}

const BATCH = 100;
/** committed events kept for sending from memory; past this (the gateway away a long time) they are read back */
const MAX_READY = 5_000;
/**
 * A batch in flight belongs to one process for this long: the send's timeout and then some.
 * Short, because a process killed mid-send holds the head of the queue until it runs out.
 */
const LEASE_MS = 10_000;
const MAX_BACKOFF_MS = 30_000;
/**
 * With the embedded database, acknowledged events are marked delivered this much later, in one
 * write for all of them: the worker sends from memory and needs no mark before its next batch,
 * and the write (about a millisecond of CPU a batch) then no longer runs while the gateway
 * writes to the phones. A crash in between sends them again; the gateway applies each id once.
 * (The realtime bench's pause between rounds outlasts it, so the mark falls in our own round.)
 */
const MARK_AFTER_MS = 100;

export function deliveryBackoffMs(attempts: number): number {
  const base = Math.min(MAX_BACKOFF_MS, 200 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

/**
 * The outbox worker: at-least-once, in order. It leases the head of the undelivered rows
 * (the first BATCH by id) so a second kiosk process waits instead of sending them too,
 * hands them to the gateway, and marks them delivered on its acknowledgement. A failure
 * backs the head off exponentially; rows behind it wait, so the order holds.
 *
 * Operational times (lease, backoff) use the wall clock, not the test clock, so frozen
 * test time never stalls delivery.
 */
export function createOutboxDelivery(options: {
  db: Db;
  logger: Logger;
  send?: SendEvents | null;
  /**
   * Reads what a batch changed, so the gateway emits without asking back (one round trip less
   * between a commit and the phones): by the writer, at its commit (`describeWritten`), so the
   * batch goes out right after it; read again at a retry, so a retry carries fresh rows.
   */
  describe?: DescribeEvents;
  /**
   * Whether other processes use the database too (PostgreSQL): then the lease waits for
   * writers that have not committed yet. The embedded database has one process.
   */
  shared?: boolean;
  /** how often to look without a kick (other processes write too) */
  intervalMs?: number;
}): OutboxDelivery {
  const { db, logger } = options;
  let send = options.send ?? null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let started = false;
  let stopped = false;
  let failures = 0;
  let retryInMs: number | undefined;
  /**
   * Sent and acknowledged, not marked delivered yet: on a timer (`MARK_AFTER_MS`), and always
   * before the outbox is read. Also where a batch waits whose mark failed (the database away),
   * so the head of the queue does not sit out its lease (and everything behind it with it)
   * once the database is back.
   */
  let acknowledged: number[] = [];
  let markTimer: NodeJS.Timeout | undefined;
  let markDue = false;
  /**
   * Rows this worker leased and has not settled (delivered or backed off): its own lease does
   * not make it wait, when a failure in between (the database away) left them leased.
   */
  const owned = new Set<number>();
  /** committed in this process and not yet delivered, with what their transaction read: by id */
  const ready = new Map<number, { event: TKioskEvent; written: WrittenEvents }>();
  /**
   * The id after the last one delivered, while known: the events from there on that are ready
   * go out without reading the outbox first. Unknown at the start and after a failure.
   */
  let nextId: number | undefined;
  let unsubscribe = () => {};

  /**
   * One statement: the head (locked), unless some of it is leased by another process or
   * backing off after a failure, in which case the whole head waits.
   */
  async function leaseFrom(tx: Executor) {
    const now = new Date();
    const head = tx
      .$with('head')
      .as(
        tx
          .select({ id: outbox.id, next: outbox.nextAttemptAt })
          .from(outbox)
          .where(isNull(outbox.deliveredAt))
          .orderBy(asc(outbox.id))
          .limit(BATCH)
          .for('update'),
      );
    const mine = [...owned];
    const blocked = tx
      .select({ id: head.id })
      .from(head)
      .where(and(gt(head.next, now), mine.length ? notInArray(head.id, mine) : undefined));
    const rows = await tx
      .with(head)
      .update(outbox)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(and(inArray(outbox.id, tx.select({ id: head.id }).from(head)), notExists(blocked)))
      .returning();
    rows.sort((a, b) => a.id - b.id);
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

  async function leaseHead() {
    if (!options.shared) return headOf();
    // a writer that has emitted but not committed yet is waited for (one outside a described
    // transaction kicked the worker at emit)
    return db.transaction(async (tx) => {
      await lockEvents(tx);
      return leaseFrom(tx);
    });
  }

  async function markAcknowledged() {
    clearTimeout(markTimer);
    markTimer = undefined;
    markDue = false;
    if (!acknowledged.length) return;
    const ids = acknowledged;
    acknowledged = [];
    try {
      await db.update(outbox).set({ deliveredAt: new Date() }).where(inArray(outbox.id, ids));
    } catch (error) {
      acknowledged = ids.concat(acknowledged);
      throw error;
    }
    for (const id of ids) owned.delete(id);
  }

  /** The mark goes through the worker's loop, so it never runs beside a read of the outbox. */
  function markSoon() {
    if (markTimer || stopped) return;
    markTimer = setTimeout(() => {
      markTimer = undefined;
      markDue = true;
      flush().catch((error) => logger.warn({ err: String(error) }, 'could not mark realtime events delivered'));
    }, MARK_AFTER_MS);
    markTimer.unref();
  }

  /** Keeps what a transaction of this process committed, to send it without reading it back. */
  function keep(written: WrittenEvents) {
    if (written.db !== db || !send || stopped) return;
    if (ready.size >= MAX_READY) ready.clear();
    for (const event of written.events) ready.set(event.id, { event, written });
  }

  /**
   * The head of the queue from memory: the ready events from the one after the last delivered
   * on. Only with the embedded database, whose only writer is this process; and not while a
   * failed batch backs off. A gap (a transaction that rolled back after writing an event, an
   * event written outside a described transaction) falls back to reading the outbox.
   */
  function readyHead(): TKioskEvent[] {
    const head: TKioskEvent[] = [];
    if (options.shared || nextId === undefined || retryInMs !== undefined) return head;
    for (let id = nextId; head.length < BATCH; id++) {
      const found = ready.get(id);
      if (!found) break;
      head.push(found.event);
    }
    return head;
  }

  /**
   * What a batch changed, from the reads its transactions made before committing, when every
   * event of it is one of those: later transactions' rows win, and the read claims the batch's
   * last id (its rows may hold later changes of the same transaction, never later ones of others).
   */
  function readOf(events: TKioskEvent[]): TKioskRead | undefined {
    const reads: TKioskRead[] = [];
    for (const event of events) {
      const read = ready.get(event.id)?.written.read;
      if (!read) return undefined;
      if (reads.at(-1) !== read) reads.push(read);
    }
    const latest = <T>(pick: (read: TKioskRead) => T[], key: (row: T) => number) => [
      ...new Map(reads.flatMap(pick).map((row) => [key(row), row])).values(),
    ];
    const byId = (row: { id: number }) => row.id;
    return {
      ...reads.at(-1)!,
      seq: events.at(-1)!.id,
      tables: latest((r) => r.tables, byId),
      games: latest((r) => r.games, byId),
      orders: latest((r) => r.orders, byId),
      player_orders: latest(
        (r) => r.player_orders,
        (p) => p.player_id,
      ),
      notifications: latest((r) => r.notifications, byId),
    };
  }

  const toEvent = (r: typeof outbox.$inferSelect): TKioskEvent => ({
    id: Number(r.id),
    type: r.type,
    payload: r.payload as Record<string, unknown>,
    created_at: r.createdAt.toISOString(),
  });

  async function deliverDue(): Promise<number> {
    let delivered = 0;
    if (markDue) await markAcknowledged();
    while (send && !stopped) {
      const target = send;
      const fromMemory = readyHead();
      // what went out must not look undelivered to the read
      if (!fromMemory.length) await markAcknowledged();
      const rows = fromMemory.length ? null : await leaseHead();
      const events = rows?.map(toEvent) ?? fromMemory;
      if (!events.length) break;
      const ids = events.map((e) => e.id);
      try {
        await target(events, readOf(events) ?? (await options.describe?.(events)));
      } catch (error) {
        // the retry reads the head of the queue again, and fresh rows
        nextId = undefined;
        for (const id of ids) ready.delete(id);
        // events from memory are a first attempt: a failed one is only retried from the outbox
        await backOff(ids, Math.max(0, ...(rows ?? []).map((r) => r.attempts)) + 1, error);
        break;
      }
      nextId = ids.at(-1)! + 1;
      // delivered in id order: anything up to here is out (by another process, too)
      for (const id of ready.keys()) if (id < nextId) ready.delete(id);
      acknowledged.push(...ids);
      // other processes lease what looks undelivered: they must see it delivered at once
      if (options.shared) await markAcknowledged();
      else markSoon();
      delivered += events.length;
      if (failures) logger.info({ after: failures }, 'realtime events delivered again');
      failures = 0;
      retryInMs = undefined;
      // the head was all there was: what is written meanwhile kicks again (and, from other
      // processes, is found at the next look), so no empty look while the phones are served
      if (events.length < BATCH) break;
    }
    return delivered;
  }

  /**
   * A failed send (`attempts` counts it): the head waits, longer each time, and the rows behind
   * it with it.
   */
  async function backOff(ids: number[], attempts: number, error: unknown) {
    failures++;
    const retryIn = deliveryBackoffMs(attempts);
    await db
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(Date.now() + retryIn) })
      .where(inArray(outbox.id, ids));
    for (const id of ids) owned.delete(id);
    const log = failures === 1 || failures % 20 === 0 ? logger.warn.bind(logger) : logger.debug.bind(logger);
    log(
      { first: ids[0], count: ids.length, attempts, retryInMs: retryIn, err: String(error) },
      'realtime delivery failed; retrying',
    );
    retryInMs = retryIn + 10;
  }

  function flush(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let count = 0;
      do {
        again = false;
        count += await deliverDue();
      } while (again && !stopped);
      return count;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  function kick() {
    if (running) again = true;
    else if (started && !stopped && send) {
      // at once, not on a timer: the writer's request may run to its answer without giving
      // the event loop a turn, and the lease is to queue up right behind its commit
      clearTimeout(timer);
      void run();
    }
  }

  function schedule(ms: number) {
    if (!started || stopped || !send) return;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  }

  async function run() {
    timer = undefined;
    await flush().catch((error) => logger.error({ err: error }, 'realtime delivery worker failed'));
    // a kick may have scheduled the next run already
    if (!timer) schedule(retryInMs ?? options.intervalMs ?? 1000);
  }

  /** Transactions read what their events changed while there is somewhere to send it. */
  function describeWhileSending() {
    const describe = options.describe;
    describeWritten(
      db,
      started && !stopped && send && describe
        ? { describe: (on, events) => describe(events, on), inTransaction: !options.shared }
        : null,
    );
  }

  return {
    flush,
    deliverTo(next) {
      send = next;
      if (!send) ready.clear();
      describeWhileSending();
      schedule(0);
    },
    start() {
      started = true;
      describeWhileSending();
      // events go out as soon as they commit, not at the next look
      unsubscribe = onEvents((written) => {
        keep(written);
        kick();
      });
      // a lease left by a process that died mid-send (kill -9, a crash) would hold the queue
      // until it ran out: a starting process takes it over. Should its owner be alive after
      // all, a batch goes out twice, and the gateway applies each id once.
      db.update(outbox)
        .set({ nextAttemptAt: null })
        .where(and(isNull(outbox.deliveredAt), gt(outbox.nextAttemptAt, new Date())))
        .catch((error: unknown) => logger.warn({ err: String(error) }, 'could not take over outbox leases'))
        .finally(() => schedule(0));
    },
    async stop() {
      stopped = true;
      unsubscribe();
      describeWhileSending();
      clearTimeout(timer);
      await running?.catch(() => {});
      await markAcknowledged().catch((error: unknown) =>
        logger.warn({ err: String(error) }, 'could not mark realtime events delivered'),
      );
    },
  };
}

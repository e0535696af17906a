import type { TKioskEvent, TKioskRead } from '@club/shared/realtime';
import type { Db, Executor } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { describeWritten, onEvents } from '../outbox/committed-events.ts';
import { createCommittedBatches } from './committed-batches.ts';
import { createDeliveredMarks } from './delivered-marks.ts';
import { BATCH, createOutboxQueue } from './outbox-queue.ts';
import { createWorkerLoop } from './worker-loop.ts';

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

const MAX_BACKOFF_MS = 30_000;

export function deliveryBackoffMs(attempts: number): number {
  const base = Math.min(MAX_BACKOFF_MS, 200 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

/**
 * The outbox worker: at-least-once, in order. It takes the head of the undelivered rows
 * (the first BATCH by id; leased, so a second kiosk process waits instead of sending them
 * too), hands them to the gateway, and marks them delivered on its acknowledgement. A failure
 * backs the head off exponentially; rows behind it wait, so the order holds.
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
  const shared = options.shared ?? false;
  let send = options.send ?? null;
  let started = false;
  let stopped = false;
  let failures = 0;
  let retryInMs: number | undefined;
  /**
   * The id after the last one delivered, while known: the events from there on that are ready
   * go out without reading the outbox first. Unknown at the start and after a failure.
   */
  let nextId: number | undefined;
  let unsubscribe = () => {};
  const queue = createOutboxQueue(db, shared);
  const committed = createCommittedBatches();
  const loop = createWorkerLoop({
    work: () => deliverDue(),
    logger,
    active: () => started && !stopped && send !== null,
    stopped: () => stopped,
    nextInMs: () => retryInMs ?? options.intervalMs ?? 1000,
  });
  const marks = createDeliveredMarks({
    markDelivered: queue.markDelivered,
    onDue: () => {
      loop.flush().catch((error) => logger.warn({ err: String(error) }, 'could not mark realtime events delivered'));
    },
  });

  /**
   * The head from memory only with the embedded database, whose only writer is this process;
   * and not while a failed batch backs off.
   */
  const memoryHead = (): TKioskEvent[] =>
    shared || nextId === undefined || retryInMs !== undefined ? [] : committed.headFrom(nextId);

  /** The next batch: from memory, else from the outbox (what went out must not look undelivered to it). */
  async function nextBatch(): Promise<{ events: TKioskEvent[]; attempts: number }> {
    const fromMemory = memoryHead();
    if (fromMemory.length) return { events: fromMemory, attempts: 0 };
    await marks.write();
    return queue.lease();
  }

  async function deliverDue(): Promise<number> {
    let delivered = 0;
    if (marks.due) await marks.write();
    while (send && !stopped) {
      const target = send;
      const { events, attempts } = await nextBatch();
      if (!events.length) break;
      const ids = events.map((e) => e.id);
      try {
        await target(events, committed.readOf(events) ?? (await options.describe?.(events)));
      } catch (error) {
        // the retry reads the head of the queue again, and fresh rows
        nextId = undefined;
        committed.forget(ids);
        // events from memory are a first attempt: a failed one is only retried from the outbox
        await backOff(ids, attempts + 1, error);
        break;
      }
      nextId = ids.at(-1)! + 1;
      committed.forgetBefore(nextId);
      marks.add(ids);
      // other processes lease what looks undelivered: they must see it delivered at once
      if (shared) await marks.write();
      else if (!stopped) marks.soon();
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

  /** A failed send (`attempts` counts it): the head waits, longer each time. */
  async function backOff(ids: number[], attempts: number, error: unknown) {
    failures++;
    const retryIn = deliveryBackoffMs(attempts);
    await queue.backOff(ids, retryIn);
    const log = failures === 1 || failures % 20 === 0 ? logger.warn.bind(logger) : logger.debug.bind(logger);
    log(
      { first: ids[0], count: ids.length, attempts, retryInMs: retryIn, err: String(error) },
      'realtime delivery failed; retrying',
    );
    retryInMs = retryIn + 10;
  }

  /** Transactions read what their events changed while there is somewhere to send it. */
  function describeWhileSending() {
    const describe = options.describe;
    describeWritten(
      db,
      started && !stopped && send && describe
        ? { describe: (on, events) => describe(events, on), inTransaction: !shared }
        : null,
    );
  }

  return {
    flush: loop.flush,
    deliverTo(next) {
      send = next;
      if (!send) committed.clear();
      describeWhileSending();
      loop.schedule(0);
    },
    start() {
      started = true;
      describeWhileSending();
      // events go out as soon as they commit, not at the next look
      unsubscribe = onEvents((written) => {
        if (written.db === db && send && !stopped) committed.keep(written);
        loop.kick();
      });
      queue
        .takeOverLeases()
        .catch((error: unknown) => logger.warn({ err: String(error) }, 'could not take over outbox leases'))
        .finally(() => loop.schedule(0));
    },
    async stop() {
      stopped = true;
      unsubscribe();
      describeWhileSending();
      await loop.stop();
      await marks
        .write()
        .catch((error: unknown) => logger.warn({ err: String(error) }, 'could not mark realtime events delivered'));
    },
  };
}

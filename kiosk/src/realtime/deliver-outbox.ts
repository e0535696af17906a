import type { TKioskEvent, TKioskRead } from '@club/shared/realtime';
import type { Db, Executor } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { describeWritten, type KnownViews, onEvents } from '../outbox/committed-events.ts';
import { othersWriting } from '../outbox/with-events.ts';
import { type CommittedBatches, createCommittedBatches } from './committed-batches.ts';
import { createDeliveredMarks, type DeliveredMarks } from './delivered-marks.ts';
import { BATCH, createOutboxQueue, type OutboxQueue } from './outbox-queue.ts';
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
export type DescribeEvents = (
  events: TKioskEvent[],
  on?: Executor,
  /** what their writers made views of: not read again */
  known?: KnownViews,
) => Promise<TKioskRead | undefined>;

export interface OutboxDelivery {
  /** Delivers what is due now (one batch at a time, in id order); the worker calls it, tests may too. */
  flush(): Promise<number>;
  /** Where events go: the HTTP webhook of `GATEWAY_URL`, or an in-process gateway (embedded). */
  deliverTo(send: SendEvents | null): void;
  start(): void;
  stop(): Promise<void>;
}

const MAX_BACKOFF_MS = 30_000;
/** how long events may wait for others while writes are under way */
const COALESCE_MS = 10;

export function deliveryBackoffMs(attempts: number): number {
  const base = Math.min(MAX_BACKOFF_MS, 200 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

/** The worker's state, which its parts share. */
interface WorkerState {
  send: SendEvents | null;
  started: boolean;
  stopped: boolean;
  /** failed sends in a row */
  failures: number;
  /** while a failed batch backs off: when to look again */
  retryInMs: number | undefined;
  /**
   * The id after the last one delivered, while known: the events from there on that are ready
   * go out without reading the outbox first. Unknown at the start and after a failure.
   */
  nextId: number | undefined;
}

/** What the worker sends from and marks with. */
interface WorkerParts {
  logger: Logger;
  shared: boolean;
  describe: DescribeEvents | undefined;
  queue: OutboxQueue;
  committed: CommittedBatches;
  marks: DeliveredMarks;
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
  const state: WorkerState = {
    send: options.send ?? null,
    started: false,
    stopped: false,
    failures: 0,
    retryInMs: undefined,
    nextId: undefined,
  };
  let unsubscribe = () => {};
  const queue = createOutboxQueue(db, shared);
  const loop = createWorkerLoop({
    name: 'realtime delivery worker',
    work: () => deliverDue(state, parts),
    logger,
    active: () => state.started && !state.stopped && state.send !== null,
    stopped: () => state.stopped,
    nextInMs: () => state.retryInMs ?? options.intervalMs ?? 1000,
  });
  const marks = createDeliveredMarks({
    markDelivered: queue.markDelivered,
    onDue: () => {
      loop.flush().catch((error) => logger.warn({ err: String(error) }, 'could not mark realtime events delivered'));
    },
  });
  const parts: WorkerParts = {
    logger,
    shared,
    describe: options.describe,
    queue,
    committed: createCommittedBatches(),
    marks,
  };
  const describeWhileSending = () => describeWhileSendingOn(db, state, options.describe, shared);

  return {
    flush: loop.flush,
    deliverTo(next) {
      state.send = next;
      if (!state.send) parts.committed.clear();
      describeWhileSending();
      loop.schedule(0);
    },
    start() {
      state.started = true;
      describeWhileSending();
      // events go out as soon as they commit, not at the next look
      unsubscribe = onEvents((written) => {
        if (written.db === db && state.send && !state.stopped) parts.committed.keep(written);
        // under load the events of the writes finishing meanwhile go out together, and what
        // they changed is read once for all of them (a table once, not once per change)
        if (written.db === db && othersWriting(db)) loop.kickWithin(COALESCE_MS);
        else loop.kick();
      });
      queue
        .takeOverLeases()
        .catch((error: unknown) => logger.warn({ err: String(error) }, 'could not take over outbox leases'))
        .finally(() => loop.schedule(0));
    },
    async stop() {
      state.stopped = true;
      unsubscribe();
      describeWhileSending();
      await loop.stop();
      await marks
        .write()
        .catch((error: unknown) => logger.warn({ err: String(error) }, 'could not mark realtime events delivered'));
    },
  };
}

/** Delivers batch after batch while there is something due and somewhere to send it. */
async function deliverDue(state: WorkerState, parts: WorkerParts): Promise<number> {
  const { committed, marks, describe, logger } = parts;
  let delivered = 0;
  if (marks.due) await marks.write();
  while (state.send && !state.stopped) {
    const target = state.send;
    const { events, attempts } = await nextBatch(state, parts);
    if (!events.length) break;
    const ids = events.map((e) => e.id);
    try {
      await target(
        events,
        committed.readOf(events) ?? (await describe?.(events, undefined, committed.knownOf(events))),
      );
    } catch (error) {
      // the retry reads the head of the queue again, and fresh rows
      state.nextId = undefined;
      committed.forget(ids);
      // events from memory are a first attempt: a failed one is only retried from the outbox
      await backOff(state, parts, ids, attempts + 1, error);
      break;
    }
    state.nextId = ids.at(-1)! + 1;
    committed.forgetBefore(state.nextId);
    marks.add(ids);
    // other processes lease what looks undelivered: they must see it delivered at once
    if (parts.shared) await marks.write();
    else if (!state.stopped) marks.soon();
    delivered += events.length;
    if (state.failures) logger.info({ after: state.failures }, 'realtime events delivered again');
    state.failures = 0;
    state.retryInMs = undefined;
    // the head was all there was: what is written meanwhile kicks again (and, from other
    // processes, is found at the next look), so no empty look while the phones are served
    if (events.length < BATCH) break;
  }
  return delivered;
}

/**
 * The next batch: from memory (only with the embedded database, whose only writer is this
 * process, and not while a failed batch backs off), else from the outbox, after the marks of
 * what went out (it must not look undelivered to the read).
 */
async function nextBatch(state: WorkerState, parts: WorkerParts): Promise<{ events: TKioskEvent[]; attempts: number }> {
  const fromMemory =
    parts.shared || state.nextId === undefined || state.retryInMs !== undefined
      ? []
      : parts.committed.headFrom(state.nextId);
  if (fromMemory.length) return { events: fromMemory, attempts: 0 };
  await parts.marks.write();
  return parts.queue.lease();
}

/** A failed send (`attempts` counts it): the head waits, longer each time. */
async function backOff(state: WorkerState, parts: WorkerParts, ids: number[], attempts: number, error: unknown) {
  state.failures++;
  const retryIn = deliveryBackoffMs(attempts);
  await parts.queue.backOff(ids, retryIn);
  const { logger } = parts;
  const log = state.failures === 1 || state.failures % 20 === 0 ? logger.warn.bind(logger) : logger.debug.bind(logger);
  log(
    { first: ids[0], count: ids.length, attempts, retryInMs: retryIn, err: String(error) },
    'realtime delivery failed; retrying',
  );
  state.retryInMs = retryIn + 10;
}

/** Transactions read what their events changed while there is somewhere to send it. */
function describeWhileSendingOn(db: Db, state: WorkerState, describe: DescribeEvents | undefined, shared: boolean) {
  describeWritten(
    db,
    state.started && !state.stopped && state.send && describe
      ? { describe: (on, events, known) => describe(events, on, known), inTransaction: !shared }
      : null,
  );
}

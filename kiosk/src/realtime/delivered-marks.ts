/**
 * With the embedded database, acknowledged events are marked delivered this much later, in one
 * write for all of them: the worker sends from memory and needs no mark before its next batch,
 * and the write (about a millisecond of CPU a batch) then no longer runs while the gateway
 * writes to the phones. A crash in between sends them again; the gateway applies each id once.
 * (The realtime bench's pause between rounds outlasts it, so the mark falls in our own round.)
 */
export const MARK_AFTER_MS = 100;

/**
 * Sent and acknowledged, not marked delivered yet: written on a timer, and always before the
 * outbox is read. Also where a batch waits whose mark failed (the database away), so the head
 * of the queue does not sit out its lease (and everything behind it with it) once the database
 * is back.
 */
export function createDeliveredMarks(options: {
  markDelivered: (ids: number[]) => Promise<void>;
  /** the timer ran out: the owner writes the marks in its own loop (`write`), never beside a read */
  onDue: () => void;
}) {
  let acknowledged: number[] = [];
  let timer: NodeJS.Timeout | undefined;
  let due = false;

  return {
    add(ids: number[]) {
      acknowledged.push(...ids);
    },
    get due() {
      return due;
    },
    /** Writes every mark waiting now; a failed write keeps them for the next one. */
    async write(): Promise<void> {
      clearTimeout(timer);
      timer = undefined;
      due = false;
      if (!acknowledged.length) return;
      const ids = acknowledged;
      acknowledged = [];
      try {
        await options.markDelivered(ids);
      } catch (error) {
        acknowledged = ids.concat(acknowledged);
        throw error;
      }
    },
    /** The marks are written `MARK_AFTER_MS` from the first one waiting. */
    soon() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        due = true;
        options.onDue();
      }, MARK_AFTER_MS);
      timer.unref();
    },
  };
}

export type DeliveredMarks = ReturnType<typeof createDeliveredMarks>;

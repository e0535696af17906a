import type { Logger } from '../logger.ts';

/**
 * Runs the worker's `work` one round at a time: at once when kicked (once more when kicked
 * during a round), else on a timer, `nextInMs` after the last round.
 */
export function createWorkerLoop(options: {
  work: () => Promise<number>;
  /** what the log calls a failed round's worker */
  name: string;
  logger: Logger;
  /** whether rounds may start (started, not stopped, somewhere to send to) */
  active: () => boolean;
  stopped: () => boolean;
  nextInMs: () => number;
}) {
  let timer: NodeJS.Timeout | undefined;
  /** when the timer fires */
  let dueAt = Number.POSITIVE_INFINITY;
  let running: Promise<number> | undefined;
  let again = false;

  function flush(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let count = 0;
      do {
        again = false;
        count += await options.work();
      } while (again && !options.stopped());
      return count;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(ms: number) {
    if (!options.active()) return;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
    dueAt = Date.now() + ms;
  }

  async function run() {
    timer = undefined;
    dueAt = Number.POSITIVE_INFINITY;
    await flush().catch((error) => options.logger.error({ err: error }, `${options.name} failed`));
    // a kick may have scheduled the next run already
    if (!timer) schedule(options.nextInMs());
  }

  return {
    flush,
    schedule,
    kick() {
      if (running) again = true;
      else if (options.active()) {
        // at once, not on a timer: the writer's request may run to its answer without giving
        // the event loop a turn, and the lease is to queue up right behind its commit
        clearTimeout(timer);
        void run();
      }
    },
    /**
     * A round within `ms`, for what can wait that long: the kicks meanwhile share it (a round
     * already due sooner, or running, takes them along).
     */
    kickWithin(ms: number) {
      if (running) again = true;
      else if (dueAt > Date.now() + ms) schedule(ms);
    },
    async stop() {
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}

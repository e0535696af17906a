import { AsyncResource } from 'node:async_hooks';
import { parseKioskEvent } from '@club/shared/realtime';
import type { Logger } from '../logger.ts';
import { onEvents } from '../outbox/committed-events.ts';
import { createWorkerLoop } from '../realtime/worker-loop.ts';
import { lineIsOpen, type MatchContext, matchWaitlist } from './match-waitlist.ts';

/** what may free a table or change the line: the waitlist looks again after these commit */
const TRIGGERS = new Set(['table.updated', 'game.updated', 'waitlist.updated']);
/** what may put someone in line */
const LINE_CHANGES = new Set(['waitlist.updated']);

export interface WaitlistWorker {
  /** Runs the waitlist once now (tests, and after a change); answers offers made or ended. */
  flush(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Keeps the line moving: after any committed change that may free a table or change the line,
 * and every `intervalMs` (offers run out on the clock), it offers free tables and ends offers
 * whose time is up. Everything it needs is in the database, so a restart carries on where the
 * last process stopped. It runs outside the request that woke it, in its own transaction.
 */
export function createWaitlistWorker(ctx: MatchContext & { logger: Logger; intervalMs?: number }): WaitlistWorker {
  let stopped = true;
  let unsubscribe: (() => void) | undefined;
  // Nobody in line at the last look: a freed table has nobody to go to, so only a change to the
  // line (or the timer, for one made by another process) looks again. Spares every game's write
  // a query while the line is empty, which it is most of an evening.
  let lineEmpty = false;
  const loop = createWorkerLoop({
    name: 'waitlist worker',
    work: async () => {
      lineEmpty = !(await lineIsOpen(ctx.db));
      return lineEmpty ? 0 : matchWaitlist(ctx);
    },
    logger: ctx.logger,
    active: () => !stopped,
    stopped: () => stopped,
    nextInMs: () => ctx.intervalMs ?? 5000,
  });
  // bound now, at start-up: a kick from inside a request must not run in that request's context
  const kick = AsyncResource.bind(() => loop.kick());

  return {
    flush: loop.flush,
    start() {
      stopped = false;
      unsubscribe = onEvents((written) => {
        if (written.db !== ctx.db || stopped) return;
        const lineChanged = written.events.some((e) => LINE_CHANGES.has(e.type));
        if (lineEmpty && !lineChanged) return;
        if (written.events.some((e) => TRIGGERS.has(e.type) && parseKioskEvent(e))) kick();
      });
      loop.schedule(0);
    },
    async stop() {
      stopped = true;
      unsubscribe?.();
      await loop.stop();
    },
  };
}

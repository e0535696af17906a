import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import type { MiddlewareHandler } from 'hono';
import { onEmit } from '../outbox/emit.ts';

interface Timing {
  start: number;
  /** when the request's last events were written, just before its commit */
  events?: number;
}

const current = new AsyncLocalStorage<Timing>();
// runs inside emit(), so in the async context of the request that writes the events
onEmit(() => {
  const timing = current.getStore();
  if (timing) timing.events = performance.now();
});

/**
 * `Server-Timing: events;dur=<ms>` on an answer whose request changed state: how long after
 * the request arrived its events were written (its commit follows at once). The realtime
 * benchmark measures from that moment, the kiosk's state change, to the phones' receipt,
 * since the answer can reach the caller after the event has reached the phones.
 */
export function serverTiming(): MiddlewareHandler {
  return async (c, next) => {
    const timing: Timing = { start: performance.now() };
    await current.run(timing, next);
    if (timing.events !== undefined) {
      c.res.headers.append('server-timing', `events;dur=${(timing.events - timing.start).toFixed(2)}`);
    }
  };
}

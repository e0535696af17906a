import type { MiddlewareHandler } from 'hono';
import { trackRequestEvents } from '../outbox/request-events.ts';

/**
 * Tracks the events each request writes (`trackRequestEvents`; a write answering with its game
 * takes it from what its transaction read) and says when: `Server-Timing: events;dur=<ms>` on
 * an answer whose request changed state, how long after it arrived its events committed. The
 * realtime benchmark measures from that moment, the kiosk's state change, to the phones'
 * receipt, since the answer can reach the caller after the event has reached the phones.
 */
export function serverTiming(): MiddlewareHandler {
  return (c, next) =>
    trackRequestEvents(async (mine) => {
      await next();
      if (mine.writtenAt !== undefined) {
        c.res.headers.append('server-timing', `events;dur=${(mine.writtenAt - mine.start).toFixed(2)}`);
      }
    });
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import { onEmit } from './emit.ts';

/** What one request has written to the outbox so far. */
export interface RequestEvents {
  /** when the request arrived (performance.now()) */
  start: number;
  /** when it last wrote events, just before their commit */
  writtenAt?: number;
  /** the newest outbox id it wrote */
  lastId?: number;
}

const current = new AsyncLocalStorage<RequestEvents>();
// runs inside emit(), so in the async context of the request that writes the events
onEmit((ids) => {
  const mine = current.getStore();
  if (!mine) return;
  mine.writtenAt = performance.now();
  mine.lastId = Math.max(mine.lastId ?? 0, ...ids);
});

/** Runs a request's work with a record of the events it writes. */
export function trackRequestEvents<T>(work: (mine: RequestEvents) => Promise<T>): Promise<T> {
  const mine: RequestEvents = { start: performance.now() };
  return current.run(mine, () => work(mine));
}

/** The events the current request has written, if it runs tracked and wrote any. */
export function requestEvents(): RequestEvents | undefined {
  return current.getStore();
}

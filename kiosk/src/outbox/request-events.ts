import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import type { TOrder } from '@club/shared/orders';
import type { TGame } from '@club/shared/tables';
import { onEvents, type WrittenEvents } from './committed-events.ts';

/** What one request has written to the outbox so far. */
export interface RequestEvents {
  /** when the request arrived (performance.now()) */
  start: number;
  /** when its last events committed */
  writtenAt?: number;
  /** its last committed events, with what they changed */
  last?: WrittenEvents;
}

const current = new AsyncLocalStorage<RequestEvents>();
// told in the async context of the request that writes the events
onEvents((written) => {
  const mine = current.getStore();
  if (!mine) return;
  mine.writtenAt = performance.now();
  mine.last = written;
});

/** Runs a request's work with a record of the events it writes. */
export function trackRequestEvents<T>(work: (mine: RequestEvents) => Promise<T>): Promise<T> {
  const mine: RequestEvents = { start: performance.now() };
  return current.run(mine, () => work(mine));
}

/**
 * The game as the current request's last transaction left it (made by its writer, or read at
 * its commit), when that transaction's events named it: a write answers with it instead of reading it again.
 */
export function committedGame(gameId: number): TGame | undefined {
  const last = current.getStore()?.last;
  const byId = (g: TGame) => g.id === gameId;
  return last?.known?.games.find(byId) ?? last?.read?.games.find(byId);
}

/** The order as the current request's last transaction left it, like `committedGame`. */
export function committedOrder(orderId: number): TOrder | undefined {
  const last = current.getStore()?.last;
  const byId = (o: TOrder) => o.id === orderId;
  return last?.known?.orders.find(byId) ?? last?.read?.orders.find(byId);
}

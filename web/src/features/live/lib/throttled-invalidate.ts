import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** the shortest time between two reads of one query that events asked for */
export const INVALIDATE_EVERY_MS = 1_000;

/**
 * `invalidateQueries` for the live events, at most once a window per key: the first at once,
 * the ones within `everyMs` of it as one more at the window's end. In a busy club a table
 * changes several times a second, and each change would cancel the read of the waitlist (or
 * the list of tables, the prices) in flight and start another: a phone on the home page sent
 * a hundred reads in three seconds and drew each answer. `readBefore`: only data read before
 * that time (the widest asked for within a window).
 */
export function createThrottledInvalidate(queryClient: QueryClient, everyMs = INVALIDATE_EVERY_MS) {
  const held = new Map<string, { readBefore: number | undefined }>();
  const invalidate = (queryKey: QueryKey, readBefore: number) =>
    void queryClient.invalidateQueries({ queryKey, predicate: (query) => query.state.dataUpdatedAt < readBefore });

  return (queryKey: QueryKey, readBefore = Number.POSITIVE_INFINITY): void => {
    const hash = hashKey(queryKey);
    const window = held.get(hash);
    if (window) {
      window.readBefore = Math.max(window.readBefore ?? Number.NEGATIVE_INFINITY, readBefore);
      return;
    }
    invalidate(queryKey, readBefore);
    const next: { readBefore: number | undefined } = { readBefore: undefined };
    held.set(hash, next);
    const close = () => {
      const asked = next.readBefore;
      if (asked === undefined) {
        held.delete(hash);
        return;
      }
      next.readBefore = undefined;
      invalidate(queryKey, asked);
      setTimeout(close, everyMs);
    };
    setTimeout(close, everyMs);
  };
}

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
  /** the keys read within their window, each with the widest `readBefore` asked for since (none yet: undefined) */
  const windows = new Map<string, { asked: number | undefined }>();
  const invalidate = (queryKey: QueryKey, readBefore: number) =>
    void queryClient.invalidateQueries({ queryKey, predicate: (query) => query.state.dataUpdatedAt < readBefore });

  return (queryKey: QueryKey, readBefore = Number.POSITIVE_INFINITY): void => {
    const hash = hashKey(queryKey);
    const open = windows.get(hash);
    if (open) {
      open.asked = Math.max(open.asked ?? Number.NEGATIVE_INFINITY, readBefore);
      return;
    }
    invalidate(queryKey, readBefore);
    const opened: { asked: number | undefined } = { asked: undefined };
    windows.set(hash, opened);
    // at the window's end: what was asked meanwhile is read once, in a window of its own
    const close = () => {
      if (opened.asked === undefined) {
        windows.delete(hash);
        return;
      }
      invalidate(queryKey, opened.asked);
      opened.asked = undefined;
      setTimeout(close, everyMs);
    };
    setTimeout(close, everyMs);
  };
}

import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * The longest a deferred start waits for the first screen: a slow or hanging read must not
 * hold back the live updates and the unread badge for long.
 */
export const FIRST_SCREEN_MAX_WAIT_MS = 3_000;
/** how long an idle callback may wait for the main thread to be free */
const IDLE_TIMEOUT_MS = 1_000;

let settled = false;
let waiting: Promise<void> | null = null;

const afterFrame = (run: () => void) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => setTimeout(run, 0)) : setTimeout(run, 0);
const whenIdle = (run: () => void) =>
  typeof requestIdleCallback === 'function'
    ? requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS })
    : setTimeout(run, 50);

/**
 * Resolves once the tab's first screen has painted and its reads have answered, when the
 * main thread is next idle (at most `FIRST_SCREEN_MAX_WAIT_MS` after the first call). What
 * only keeps a screen current — the live connection of a player's screens, the unread
 * badge — starts then: on a slow phone its code, its requests and its work would otherwise
 * share the network and the CPU with what the player is waiting to see. Once settled, it
 * stays settled for the tab (later screens start everything at once).
 */
export function firstScreenSettled(queryClient: QueryClient): Promise<void> {
  if (settled) return Promise.resolve();
  waiting ??= new Promise<void>((resolve) => {
    let unsubscribe: (() => void) | undefined;
    const done = () => {
      if (settled) return;
      settled = true;
      clearTimeout(cap);
      unsubscribe?.();
      resolve();
    };
    const cap = setTimeout(done, FIRST_SCREEN_MAX_WAIT_MS);
    const quiet = () => {
      if (settled || queryClient.isFetching() > 0 || !unsubscribe) return;
      unsubscribe();
      unsubscribe = undefined;
      // quiet for a frame and until idle: an answer's render often mounts the screen's next
      // part, which asks for its own reads once painted (the table page's join panel)
      afterFrame(() => whenIdle(() => (queryClient.isFetching() > 0 ? watch() : done())));
    };
    const watch = () => {
      if (settled) return;
      unsubscribe = queryClient.getQueryCache().subscribe(quiet);
      quiet();
    };
    // after the first frame: by then the screen on view has started its reads
    afterFrame(watch);
  });
  return waiting;
}

/** False until `firstScreenSettled`: for what may wait until the first screen is up. */
export function useFirstScreenSettled(): boolean {
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(settled);
  useEffect(() => {
    if (ready) return;
    let live = true;
    void firstScreenSettled(queryClient).then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [ready, queryClient]);
  return ready;
}

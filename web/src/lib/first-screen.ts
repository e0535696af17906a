import {
  type FetchQueryOptions,
  type Query,
  type QueryClient,
  type QueryKey,
  useQueryClient,
} from '@tanstack/react-query';
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
let markRendered: () => void = () => undefined;
const rendered = new Promise<void>((resolve) => {
  markRendered = resolve;
});

/** Called once the app's first render is committed (main.tsx). */
export function firstScreenRendered(): void {
  markRendered();
}

/**
 * Resolves once the first screen is up (see `firstScreenSettled`), waiting first for the
 * app's first render: for work that may be asked for before it (a first read's check).
 */
export function afterFirstScreen(queryClient: QueryClient): Promise<void> {
  return rendered.then(() => firstScreenSettled(queryClient));
}

/** Runs `run` once the next frame has painted; answers a cancel. */
export function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
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
      afterPaint(() => whenIdle(() => (queryClient.isFetching() > 0 ? watch() : done())));
    };
    const watch = () => {
      if (settled) return;
      unsubscribe = queryClient.getQueryCache().subscribe(quiet);
      quiet();
    };
    // after the first frame: by then the screen on view has started its reads
    afterPaint(watch);
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

/** The first screen's reads that its first render waited for, by query hash, and when. */
const firstData = new Map<string, number>();
/** how long such a read counts as just read when its screen mounts */
const FIRST_DATA_FRESH_MS = 2_000;

/**
 * Reads a query that the first screen shows at once, before its first render (`loadScreen`
 * in app/lazy-page.tsx); see `refetchOnMountUnlessFirstData`.
 */
export function prefetchFirstData<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<void> {
  return queryClient.prefetchQuery(options).then(() => {
    const query = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
    if (query?.state.status === 'success') firstData.set(query.queryHash, performance.now());
  });
}

/**
 * `refetchOnMount` of a live query: not when the first screen has just read it for its
 * first render (a round trip and a render for the same data); otherwise on every mount.
 */
export function refetchOnMountUnlessFirstData(query: Pick<Query, 'queryHash'>): boolean {
  const at = firstData.get(query.queryHash);
  return at === undefined || performance.now() - at > FIRST_DATA_FRESH_MS;
}

/**
 * The first screen's parts drawn in turn (`InTurn`): each after the one before it has painted,
 * one a task. On until the turns queued by the tab's first render have all been drawn.
 */
let inTurns = false;
const turns: Array<{ draw: () => void; cancelled: boolean }> = [];
let turning = false;

/** Called before the app's first render: its `InTurn` parts wait their turn. */
export function drawFirstScreenInTurns(): void {
  inTurns = true;
}

/** Whether an `InTurn` mounting now waits for its turn. */
export function drawsInTurn(): boolean {
  return inTurns;
}

function nextTurn(): void {
  afterPaint(() => {
    let turn = turns.shift();
    while (turn?.cancelled) turn = turns.shift();
    if (!turn) {
      turning = false;
      inTurns = false;
      return;
    }
    turn.draw();
    nextTurn();
  });
}

/** Queues `draw` after the turns before it; answers a cancel. */
export function queueTurn(draw: () => void): () => void {
  const turn = { draw, cancelled: false };
  turns.push(turn);
  if (!turning) {
    turning = true;
    nextTurn();
  }
  return () => {
    turn.cancelled = true;
  };
}

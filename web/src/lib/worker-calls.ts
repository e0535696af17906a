/**
 * Calls answered by a worker, one after another, each message carrying its call's id: the
 * answers come back in the order the calls were made. Where no worker starts (an old browser,
 * a test without a DOM, a worker that failed to load), the calls run on this thread, in the
 * same order, those the worker had not answered first.
 */
export function createWorkerCalls<Q extends object, A extends object>(deps: {
  /** starts the worker; none where workers are not available */
  worker?: (() => Worker) | undefined;
  /** the calls on this thread (loads what they need here) */
  local(): Promise<(request: Q) => A | Promise<A>>;
  /** the answer when the calls on this thread did not load, with why */
  failed(reason: string): A;
  log?(message: string, detail?: unknown): void;
}): (request: Q) => Promise<A> {
  const waiting = new Map<number, { request: Q; resolve(answer: A): void }>();
  let ids = 0;
  let worker: Worker | null | undefined;
  /** the calls on this thread run one after another */
  let localChain: Promise<unknown> = Promise.resolve();
  let local: ReturnType<typeof deps.local> | undefined;

  function onThisThread(request: Q, resolve: (answer: A) => void) {
    local ??= deps.local();
    const loading = local;
    const run = localChain
      .then(() => loading)
      .then(
        (call) => call(request),
        (error: unknown) => deps.failed(String(error)),
      )
      .then(resolve);
    localChain = run;
  }

  function giveUpWorker(reason: unknown) {
    deps.log?.('the calls run on the page: the worker failed', reason);
    worker?.terminate();
    worker = null;
    const pending = [...waiting.entries()].sort(([a], [b]) => a - b);
    waiting.clear();
    for (const [, { request, resolve }] of pending) onThisThread(request, resolve);
  }

  function startWorker(): Worker | null {
    if (worker !== undefined) return worker;
    worker = null;
    if (!deps.worker || typeof Worker === 'undefined') return null;
    try {
      const started = deps.worker();
      started.addEventListener('message', (event: MessageEvent<{ id: number } & A>) => {
        const { id, ...answer } = event.data;
        const entry = waiting.get(id);
        waiting.delete(id);
        entry?.resolve(answer as unknown as A);
      });
      started.addEventListener('error', (event) => giveUpWorker(event.message));
      started.addEventListener('messageerror', (event) => giveUpWorker(event));
      worker = started;
    } catch (error) {
      deps.log?.('the calls run on the page: no worker', error);
    }
    return worker;
  }

  return (request) =>
    new Promise<A>((resolve) => {
      const started = startWorker();
      if (!started) {
        onThisThread(request, resolve);
        return;
      }
      const id = ++ids;
      waiting.set(id, { request, resolve });
      try {
        started.postMessage({ id, ...request });
      } catch (error) {
        giveUpWorker(error);
      }
    });
}

import type { LiveEventName } from '@club/shared/live-events';
import type { ZodType } from 'zod';

/**
 * The schemas the checks know by name: a room's snapshot, a live event's payload, and an
 * answer by the name of its export in an `answers.ts` module (`lazySchema` in api-client.ts).
 */
export type SchemaName = 'snapshot' | `event:${LiveEventName}` | `answer:${string}`;
/** what a check found: the checked value (zod's output), or what did not match, in words */
export type CheckResult = { ok: true; data: unknown } | { ok: false; issues: string };
export type CheckRequest = { id: number; schema: SchemaName; value: unknown };
export type CheckAnswer = { id: number } & CheckResult;

export interface SchemaChecks {
  /** Checks `value`; results arrive in the order the checks were asked for. */
  check(schema: SchemaName, value: unknown): Promise<CheckResult>;
}

/** One check, wherever it runs: `find` knows the schemas by name. */
export function checkWith(
  find: (name: SchemaName) => ZodType | undefined,
  schema: SchemaName,
  value: unknown,
): CheckResult {
  const found = find(schema);
  if (!found) return { ok: false, issues: `no schema named ${schema}` };
  const parsed = found.safeParse(value);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, issues: JSON.stringify(parsed.error.issues) };
}

type Check = (schema: SchemaName, value: unknown) => CheckResult;

/**
 * Checks off the page's thread. Building zod's schemas is most of what a phone's CPU does
 * in the seconds after the first render (docs/performance.md), and the checks need not hold
 * the page: a worker builds them and checks every answer and live message, one after another,
 * so the results keep the order the messages came in (the live client applies events in that
 * order). Where no worker starts (an old browser, a test without a DOM, a worker that failed
 * to load), the checks run on this thread, in the same order.
 */
export function createSchemaChecks(deps: {
  /** starts the worker; none where workers are not available */
  worker?: (() => Worker) | undefined;
  /** the checks on this thread (loads zod and the schemas here) */
  local(): Promise<Check>;
  log?(message: string, detail?: unknown): void;
}): SchemaChecks {
  const waiting = new Map<number, { request: CheckRequest; resolve(result: CheckResult): void }>();
  let ids = 0;
  let worker: Worker | null | undefined;
  /** the checks on this thread run one after another */
  let localChain: Promise<unknown> = Promise.resolve();
  let local: Promise<Check> | undefined;

  function onThisThread(request: CheckRequest, resolve: (result: CheckResult) => void) {
    local ??= deps.local();
    const loading = local;
    const run = localChain
      .then(() => loading)
      .then(
        (check) => resolve(check(request.schema, request.value)),
        (error: unknown) => resolve({ ok: false, issues: `the checks did not load: ${String(error)}` }),
      );
    localChain = run;
  }

  function giveUpWorker(reason: unknown) {
    deps.log?.('the checks run on the page: the worker failed', reason);
    worker?.terminate();
    worker = null;
    const pending = [...waiting.values()].sort((a, b) => a.request.id - b.request.id);
    waiting.clear();
    for (const { request, resolve } of pending) onThisThread(request, resolve);
  }

  function startWorker(): Worker | null {
    if (worker !== undefined) return worker;
    worker = null;
    if (!deps.worker || typeof Worker === 'undefined') return null;
    try {
      const started = deps.worker();
      started.addEventListener('message', (event: MessageEvent<CheckAnswer>) => {
        const { id, ...result } = event.data;
        const entry = waiting.get(id);
        waiting.delete(id);
        entry?.resolve(result);
      });
      started.addEventListener('error', (event) => giveUpWorker(event.message));
      started.addEventListener('messageerror', (event) => giveUpWorker(event));
      worker = started;
    } catch (error) {
      deps.log?.('the checks run on the page: no worker', error);
    }
    return worker;
  }

  return {
    check(schema, value) {
      const request: CheckRequest = { id: ++ids, schema, value };
      return new Promise<CheckResult>((resolve) => {
        const started = startWorker();
        if (!started) {
          onThisThread(request, resolve);
          return;
        }
        waiting.set(request.id, { request, resolve });
        try {
          started.postMessage(request);
        } catch (error) {
          giveUpWorker(error);
        }
      });
    },
  };
}

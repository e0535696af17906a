import type { LiveEventName } from '@club/shared/live-events';
import type { ZodType } from 'zod';
import { createWorkerCalls } from './worker-calls.ts';

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
 * to load), the checks run on this thread, in the same order (lib/worker-calls.ts).
 */
export function createSchemaChecks(deps: {
  /** starts the worker; none where workers are not available */
  worker?: (() => Worker) | undefined;
  /** the checks on this thread (loads zod and the schemas here) */
  local(): Promise<Check>;
  log?(message: string, detail?: unknown): void;
}): SchemaChecks {
  const call = createWorkerCalls<Omit<CheckRequest, 'id'>, CheckResult>({
    worker: deps.worker,
    local: () => deps.local().then((check) => (request) => check(request.schema, request.value)),
    failed: (reason) => ({ ok: false, issues: `the checks did not load: ${reason}` }),
    log: deps.log,
  });
  return { check: (schema, value) => call({ schema, value }) };
}

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type CheckAnswer,
  type CheckRequest,
  checkWith,
  createSchemaChecks,
  type SchemaName,
} from './schema-checks.ts';

/**
 * The order of the checks' results is what the live client relies on (events are applied in
 * the order they came, with the snapshots). The worker itself runs in the browser tests
 * (tests/e2e/live-data.spec.ts); here a page-side stand-in answers like one, or fails.
 */
const schemas: Partial<Record<SchemaName, z.ZodType>> = {
  snapshot: z.object({ seq: z.number() }),
  'event:table:updated': z.object({ seq: z.number(), table: z.object({ id: z.number() }) }),
};
const find = (name: SchemaName) => schemas[name];

/** answers each message on a later turn, in order, like a worker; or fails to start */
class StandInWorker extends EventTarget {
  received: CheckRequest[] = [];
  constructor(private readonly failAfter = Number.POSITIVE_INFINITY) {
    super();
  }
  postMessage(request: CheckRequest) {
    this.received.push(request);
    if (this.received.length > this.failAfter) {
      if (this.received.length === this.failAfter + 1)
        setTimeout(() => this.dispatchEvent(Object.assign(new Event('error'), { message: 'failed to load' })), 5);
      return;
    }
    const answer: CheckAnswer = { id: request.id, ...checkWith(find, request.schema, request.value) };
    setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: answer })), 1);
  }
  terminate() {}
}

function withWorker(
  worker: StandInWorker,
  local = async () => (schema: SchemaName, value: unknown) => checkWith(find, schema, value),
) {
  const original = globalThis.Worker;
  globalThis.Worker = StandInWorker as unknown as typeof Worker;
  const checks = createSchemaChecks({ worker: () => worker as unknown as Worker, local });
  return { checks, restore: () => (globalThis.Worker = original) };
}

/** notes the result's turn in `order`, and passes it on */
const noted =
  <R>(order: number[], turn: number) =>
  (result: R) => {
    order.push(turn);
    return result;
  };

describe('the schema checks', () => {
  it('check on this thread without a worker, and answer in the order asked, whatever each takes', async () => {
    let loads = 0;
    const checks = createSchemaChecks({
      local: async () => {
        loads += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return (schema, value) => checkWith(find, schema, value);
      },
    });
    const order: number[] = [];
    const all = [
      checks.check('snapshot', { seq: 1 }).then(noted(order, 1)),
      checks.check('event:table:updated', { seq: 2, table: { id: 3 } }).then(noted(order, 2)),
      checks.check('event:table:updated', { seq: 3, table: 'nope' }).then(noted(order, 3)),
      checks.check('event:game:tick', { seq: 4 }).then(noted(order, 4)),
    ];
    const results = await Promise.all(all);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(loads).toBe(1);
    expect(results[0]).toEqual({ ok: true, data: { seq: 1 } });
    expect(results[2]).toMatchObject({ ok: false, issues: expect.stringContaining('table') });
    expect(results[3]).toEqual({ ok: false, issues: 'no schema named event:game:tick' });
  });

  it('check in the worker and hand back zod’s output', async () => {
    const worker = new StandInWorker();
    const { checks, restore } = withWorker(worker);
    try {
      const result = await checks.check('event:table:updated', { seq: 2, table: { id: 3, extra: 1 }, extra: 2 });
      expect(result).toEqual({ ok: true, data: { seq: 2, table: { id: 3 } } });
      expect(worker.received).toHaveLength(1);
    } finally {
      restore();
    }
  });

  it('move to this thread when the worker fails, and keep the order of what it had not answered', async () => {
    const worker = new StandInWorker(2);
    const { checks, restore } = withWorker(worker);
    try {
      const order: number[] = [];
      const all = [1, 2, 3, 4, 5].map((seq) => checks.check('snapshot', { seq }).then(noted(order, seq)));
      const results = await Promise.all(all);
      expect(order).toEqual([1, 2, 3, 4, 5]);
      expect(results.every((r) => r.ok)).toBe(true);
      // the sixth is not sent to the failed worker
      await checks.check('snapshot', { seq: 6 });
      expect(worker.received).toHaveLength(5);
    } finally {
      restore();
    }
  });
});

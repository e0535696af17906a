import { AsyncLocalStorage } from 'node:async_hooks';
import type { TKioskEvent } from '@club/shared/realtime';
import { asc, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../tests/harness.ts';
import type { Database } from '../db/client.ts';
import { outbox, poolTables } from '../db/schema.ts';
import { onEvents } from './committed-events.ts';
import { type Emit, withEvents } from './with-events.ts';

const mine = new AsyncLocalStorage<string[]>();
let database: Database;
beforeAll(async () => {
  database = await freshDatabase({ logQuery: (query) => mine.getStore()?.push(query) });
});
afterAll(() => database.close());

const newest = async () =>
  (await database.db.select({ id: outbox.id }).from(outbox).orderBy(asc(outbox.id))).at(-1)?.id ?? 0;
const after = (id: number) => database.db.select().from(outbox).where(gt(outbox.id, id)).orderBy(asc(outbox.id));
const tableUpdated = (id: number) => ({ type: 'table.updated' as const, payload: { table_id: id } });

describe('withEvents', () => {
  it('writes every event of a transaction in emit order, with one statement after its work', async () => {
    const before = await newest();
    const told: TKioskEvent[][] = [];
    const stop = onEvents((written) => told.push(written.events));
    const queries: string[] = [];
    await mine
      .run(queries, () =>
        withEvents(database.db, async (tx, emit) => {
          await emit(tableUpdated(1), tableUpdated(2));
          await tx.insert(poolTables).values({ name: 'Hendelser', capacity: 4, pricePerMinute: 200 });
          await emit(tableUpdated(3));
        }),
      )
      .finally(stop);

    const rows = await after(before);
    expect(rows.map((r) => r.payload)).toEqual([{ table_id: 1 }, { table_id: 2 }, { table_id: 3 }]);
    expect(rows.map((r) => r.id - rows[0]!.id)).toEqual([0, 1, 2]);
    expect(told).toEqual([
      rows.map((r) => ({ id: r.id, type: r.type, payload: r.payload, created_at: r.createdAt.toISOString() })),
    ]);
    const touching = queries.filter((q) => /outbox|advisory/i.test(q));
    expect(touching).toHaveLength(1);
    // the events are the transaction's last write, after the work's own
    expect(queries.findIndex((q) => /outbox/.test(q))).toBeGreaterThan(
      queries.findIndex((q) => /insert into "pool_tables"/.test(q)),
    );
  });

  it('writes and tells nothing when the work fails after emitting', async () => {
    const before = await newest();
    const told: TKioskEvent[][] = [];
    const stop = onEvents((written) => told.push(written.events));
    await expect(
      withEvents(database.db, async (_tx, emit) => {
        await emit(tableUpdated(4));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    stop();
    expect(await after(before)).toEqual([]);
    expect(told).toEqual([]);
  });

  it('refuses events emitted after the transaction ended, which would be lost', async () => {
    let late: Emit | undefined;
    await withEvents(database.db, async (_tx, emit) => {
      late = emit;
    });
    await expect(late!(tableUpdated(5))).rejects.toThrow();
  });

  it('numbers the events of transactions that run at once in commit order, each once', async () => {
    const before = await newest();
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        withEvents(database.db, async (tx, emit) => {
          await tx.insert(poolTables).values({ name: `Samtidig ${i}`, capacity: 4, pricePerMinute: 200 });
          await emit(tableUpdated(100 + i), tableUpdated(200 + i));
        }),
      ),
    );
    const rows = await after(before);
    expect(rows).toHaveLength(16);
    // a transaction's events stand together: no other transaction drew an id between them
    for (let i = 0; i < rows.length; i += 2) {
      const [a, b] = [rows[i]!.payload as { table_id: number }, rows[i + 1]!.payload as { table_id: number }];
      expect(b.table_id - a.table_id).toBe(100);
      expect(rows[i + 1]!.id).toBe(rows[i]!.id + 1);
    }
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../tests/harness.ts';
import type { Database } from './client.ts';
import { transactionEndingWith, transactionOfOne } from './commit-with.ts';
import { poolTables } from './schema.ts';

let database: Database;
const statements: string[] = [];
beforeAll(async () => {
  database = await freshDatabase({ logQuery: (query) => statements.push(query) });
});
afterAll(() => database.close());

const namesLike = async (prefix: string) =>
  (await database.db.select({ name: poolTables.name }).from(poolTables))
    .map((t) => t.name)
    .filter((name) => name.startsWith(prefix))
    .sort();

const insertTable = (name: string) =>
  sql`insert into pool_tables (name, capacity, price_per_minute) values (${name}, 4, 100) returning id, name`;

describe('a transaction ended with a statement and its commit', () => {
  it('keeps the work and the last statement, and answers the work’s value and the statement’s rows', async () => {
    statements.length = 0;
    const { value, rows } = await transactionEndingWith(database.db, async (tx) => {
      await tx.insert(poolTables).values({ name: 'Ending A', capacity: 4, pricePerMinute: 100 });
      return { value: 'done', last: insertTable('Ending B') };
    });
    expect(value).toBe('done');
    expect(rows).toEqual([{ id: expect.anything(), name: 'Ending B' }]);
    expect(await namesLike('Ending')).toEqual(['Ending A', 'Ending B']);
    // the work's insert, then the last statement
    expect(statements.filter((s) => /^(insert|with)/i.test(s.trim()))).toHaveLength(2);
  });

  it('commits the work alone when there is no last statement', async () => {
    const { rows } = await transactionEndingWith(database.db, async (tx) => {
      await tx.insert(poolTables).values({ name: 'Alone', capacity: 4, pricePerMinute: 100 });
      return { value: 1 };
    });
    expect(rows).toEqual([]);
    expect(await namesLike('Alone')).toEqual(['Alone']);
  });

  it('keeps nothing when the last statement fails, and the connection serves again', async () => {
    const [first] = await database.db
      .insert(poolTables)
      .values({ name: 'Taken', capacity: 4, pricePerMinute: 100 })
      .returning();
    // more failures than the pool has connections: none is left in a broken transaction
    for (let i = 0; i < 12; i++) {
      await expect(
        transactionEndingWith(database.db, async (tx) => {
          await tx.insert(poolTables).values({ name: `Lost ${i}`, capacity: 4, pricePerMinute: 100 });
          return {
            value: i,
            last: sql`insert into pool_tables (id, name, capacity, price_per_minute) values (${first!.id}, 'Twice', 4, 100)`,
          };
        }),
      ).rejects.toThrow();
    }
    expect(await namesLike('Lost')).toEqual([]);
    const { rows } = await transactionEndingWith(database.db, async () => ({ value: 0, last: insertTable('After') }));
    expect(rows).toHaveLength(1);
    expect(await namesLike('After')).toEqual(['After']);
  });

  it('keeps nothing when the first statement fails; the connection serves again', async () => {
    for (let i = 0; i < 12; i++) {
      await expect(
        transactionEndingWith(database.db, async (tx) => {
          await tx.execute(sql`select 1 / 0`);
          return { value: i, last: insertTable(`Never ${i}`) };
        }),
      ).rejects.toThrow();
    }
    expect(await namesLike('Never')).toEqual([]);
    expect(await transactionEndingWith(database.db, async () => ({ value: 'nothing to do' }))).toEqual({
      value: 'nothing to do',
      rows: [],
    });
    const { rows } = await transactionEndingWith(database.db, async (tx) => {
      const { rows: read } = (await tx.execute(sql`select 41 + 1 as n`)) as unknown as { rows: [{ n: number }] };
      const n = read[0].n;
      return { value: n, last: insertTable(`Then ${n}`) };
    });
    expect(rows).toHaveLength(1);
    expect(await namesLike('Then')).toEqual(['Then 42']);
  });

  it('keeps nothing when the work fails', async () => {
    await expect(
      transactionEndingWith(database.db, async (tx) => {
        await tx.insert(poolTables).values({ name: 'Undone', capacity: 4, pricePerMinute: 100 });
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await namesLike('Undone')).toEqual([]);
  });

  it('holds a lock the last statement takes until its commit, and no longer', async () => {
    const [table] = await database.db
      .insert(poolTables)
      .values({ name: 'Locked', capacity: 4, pricePerMinute: 100 })
      .returning();
    const renames = Array.from({ length: 8 }, (_, i) =>
      transactionEndingWith(database.db, async (tx) => {
        const [row] = await tx.select().from(poolTables).where(eq(poolTables.id, table!.id)).for('update');
        return {
          value: i,
          last: sql`update pool_tables set capacity = ${row!.capacity + 1} where id = ${table!.id} returning capacity`,
        };
      }),
    );
    await Promise.all(renames);
    // each read the capacity under the row's lock, which the last statement's commit let go
    const [after] = await database.db.select().from(poolTables).where(eq(poolTables.id, table!.id));
    expect(after?.capacity).toBe(12);
  });
});

describe('a transaction of one statement after a lock', () => {
  const LOCK = 'select pg_advisory_xact_lock(424242)';

  it('waits for the lock, and then sees what its holder committed', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(LOCK));
      await tx.insert(poolTables).values({ name: 'Held', capacity: 4, pricePerMinute: 100 });
      locked();
      await held;
    });
    await lockTaken;
    const counting = transactionOfOne(
      database.db,
      [LOCK],
      sql`select count(*)::int as n from pool_tables where name = ${'Held'}`,
    );
    setTimeout(release, 200);
    const [rows] = await Promise.all([counting, holder]);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('keeps nothing when its statement fails, and the connection serves again', async () => {
    for (let i = 0; i < 12; i++) {
      await expect(transactionOfOne(database.db, [LOCK], sql`select 1 / ${0}::int`)).rejects.toThrow();
    }
    expect(await transactionOfOne(database.db, [LOCK], sql`select ${7}::int as n`)).toEqual([{ n: 7 }]);
  });
});

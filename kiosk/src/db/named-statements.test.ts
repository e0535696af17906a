import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../tests/harness.ts';
import type { Database, Executor } from './client.ts';
import { named } from './named-statements.ts';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('named statements', () => {
  it('name a statement with parameters by its text, and leave one without as it is', () => {
    const first = named({ text: 'select $1::int', values: [1] });
    expect(first.name).toMatch(/^club_\d+$/);
    expect(named({ text: 'select $1::int', values: [2] }).name).toBe(first.name);
    expect(named({ text: 'select $1::int + 1', values: [2] }).name).not.toBe(first.name);
    expect(named({ text: 'begin', values: [] }).name).toBeUndefined();
    expect(named({ text: 'select $1::int', values: [1], name: 'own' }).name).toBe('own');
  });

  it('are prepared once per connection and answer each call’s values', async () => {
    const answers = await database.db.transaction(async (tx) => {
      const got: number[] = [];
      for (const n of [1, 2, 3])
        got.push((await rowsOf<{ tens: number }>(tx, sql`select ${n}::int * 10 as tens`))[0]!.tens);
      const [prepared] = await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from pg_prepared_statements where statement = ${'select $1::int * 10 as tens'}`,
      );
      return { got, prepared: prepared!.n };
    });
    expect(answers).toEqual({ got: [10, 20, 30], prepared: 1 });
  });

  it('write each value for its parameter’s type and read the answer’s columns by theirs', async () => {
    const at = new Date('2026-11-27T10:15:00.000Z');
    const [row] = await rowsOf<{ at: string; yes: boolean; doc: { a: number[] }; none: string | null; big: string }>(
      database.db,
      sql`select ${at.toISOString()}::timestamptz as at, ${true}::boolean as yes, ${JSON.stringify({ a: [1, 2] })}::jsonb as doc, ${null}::text as none, ${'9007199254740993'}::bigint as big`,
    );
    expect(new Date(row!.at).toISOString()).toBe(at.toISOString());
    expect(row).toMatchObject({ yes: true, doc: { a: [1, 2] }, none: null });
    expect(String(row!.big)).toBe('9007199254740993');
  });

  it('keep working after a statement fails, in a transaction and outside one', async () => {
    const divide = (n: number) => sql`select 10 / ${n}::int as q`;
    await expect(database.db.transaction((tx) => rowsOf(tx, divide(0)))).rejects.toThrow();
    expect(await rowsOf(database.db, divide(5))).toEqual([{ q: 2 }]);
    await expect(rowsOf(database.db, divide(0))).rejects.toThrow();
    expect(await database.db.transaction((tx) => rowsOf(tx, divide(2)))).toEqual([{ q: 5 }]);
    // a text PostgreSQL cannot parse is refused each time, and is not remembered as prepared
    for (let i = 0; i < 2; i++) await expect(rowsOf(database.db, sql`selec ${1}::int`)).rejects.toThrow();
  });

  it('answer calls made at once, beside a transaction, each with its own values', async () => {
    const square = (n: number) => sql`select ${n}::int * ${n}::int as sq`;
    const inside = database.db.transaction(async (tx) => {
      const got: number[] = [];
      for (const n of [7, 8]) got.push((await rowsOf<{ sq: number }>(tx, square(n)))[0]!.sq);
      return got;
    });
    const outside = Promise.all(
      Array.from({ length: 20 }, async (_, n) => (await rowsOf<{ sq: number }>(database.db, square(n)))[0]!.sq),
    );
    expect(await inside).toEqual([49, 64]);
    expect(await outside).toEqual(Array.from({ length: 20 }, (_, n) => n * n));
  });
});

async function rowsOf<T = Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const { rows } = (await db.execute(query)) as unknown as { rows: T[] };
  return rows;
}

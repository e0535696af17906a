import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, usePostgres } from '../../tests/harness.ts';
import type { Database } from './client.ts';
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

  it.runIf(usePostgres)('are prepared once per PostgreSQL connection and answer each call’s values', async () => {
    const answers = await database.db.transaction(async (tx) => {
      const got: number[] = [];
      for (const n of [1, 2, 3]) {
        const { rows } = (await tx.execute(sql`select ${n}::int * 10 as tens`)) as unknown as {
          rows: { tens: number }[];
        };
        got.push(rows[0]!.tens);
      }
      const { rows: prepared } = (await tx.execute(
        sql`select count(*)::int as n from pg_prepared_statements where statement = ${'select $1::int * 10 as tens'}`,
      )) as unknown as { rows: { n: number }[] };
      return { got, prepared: prepared[0]!.n };
    });
    expect(answers).toEqual({ got: [10, 20, 30], prepared: 1 });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../tests/harness.ts';
import type { Database, Executor } from './client.ts';
import { cachedRead } from './read-cache.ts';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
  await database.db.execute(sql`create table read_cache_value (n int not null)`);
  await database.db.execute(sql`insert into read_cache_value values (1)`);
});
afterAll(() => database.close());

const setValue = (n: number) => database.db.execute(sql`update read_cache_value set n = ${n}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function countedRead(ttlMs: number) {
  let loads = 0;
  const read = cachedRead(async (db: Executor) => {
    loads += 1;
    const { rows } = (await db.execute(sql`select n from read_cache_value`)) as unknown as { rows: { n: number }[] };
    return rows[0]!.n;
  }, ttlMs);
  return { read, loads: () => loads };
}

describe('a cached read', () => {
  it('is read once while fresh', async () => {
    await setValue(1);
    const { read, loads } = countedRead(60_000);
    expect(await Promise.all([read.get(database.db), read.get(database.db)])).toEqual([1, 1]);
    await read.get(database.db);
    // two callers at once before anything was kept both read; after that, nobody
    expect(loads()).toBe(2);
  });

  it('once old, is read again by one caller while the others answer the value they have', async () => {
    await setValue(1);
    const { read, loads } = countedRead(30);
    expect(await read.get(database.db)).toBe(1);
    await setValue(2);
    await sleep(40);
    const answers = await Promise.all(Array.from({ length: 10 }, () => read.get(database.db)));
    expect(loads()).toBe(2);
    expect(answers[0]).toBe(2);
    expect(answers.slice(1)).toEqual(Array(9).fill(1));
    expect(await read.get(database.db)).toBe(2);
  });

  it('answers nothing from before a change once it is told to forget', async () => {
    await setValue(1);
    const { read } = countedRead(30);
    expect(await read.get(database.db)).toBe(1);
    await sleep(40);
    const refreshing = read.get(database.db);
    await setValue(3);
    read.forget(database.db);
    expect(await read.get(database.db)).toBe(3);
    await refreshing;
    expect(await read.get(database.db)).toBe(3);
  });

  it('is read again by the next caller when reading it again failed', async () => {
    let answer: () => string = () => 'first';
    const read = cachedRead(async () => answer(), 30);
    expect(await read.get(database.db)).toBe('first');
    await sleep(40);
    answer = () => {
      throw new Error('database away');
    };
    await expect(read.get(database.db)).rejects.toThrow('database away');
    answer = () => 'back';
    expect(await read.get(database.db)).toBe('back');
  });
});

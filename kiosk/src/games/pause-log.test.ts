import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, tableName } from '../../tests/harness.ts';
import type { Database } from '../db/client.ts';
import { readGameRows } from './game-view.ts';
import { type LogEntry, logWith, pausesFrom, pausesOfLog } from './pause-log.ts';

let database: Database;
const reads: unknown[][] = [];
beforeAll(async () => {
  database = await freshDatabase({
    logQuery: (query, params) => {
      if (query.includes('"game_events"."id" >')) reads.push(params);
    },
  });
});
afterAll(() => database.close());

const at = (second: number) => new Date(Date.UTC(2026, 10, 26, 18, 0, second)).toISOString();

async function newGame(): Promise<number> {
  const { rows } = (await database.db.execute(sql`
    with t as (insert into pool_tables (name, capacity, price_per_minute) values (${tableName('Log')}, 4, 100) returning id)
    insert into games (table_id, status, started_at) select id, 'playing', ${at(0)} from t returning id`)) as unknown as {
    rows: { id: number }[];
  };
  return rows[0]!.id;
}

const write = (gameId: number, kind: string, second: number, id?: number) =>
  database.db.execute(
    id === undefined
      ? sql`insert into game_events (game_id, kind, at) values (${gameId}, ${kind}, ${at(second)})`
      : sql`insert into game_events (id, game_id, kind, at) values (${id}, ${gameId}, ${kind}, ${at(second)})`,
  );

const logOf = async (gameId: number) => (await readGameRows(database.db, gameId))!.log;
const kindsAndSeconds = (log: LogEntry[]) => log.map((e) => `${e.kind}@${new Date(e.at).getUTCSeconds()}`);

describe('a game’s pause log, held between reads', () => {
  it('is read whole once, then only what was added; an unchanged log is the same list', async () => {
    const game = await newGame();
    await write(game, 'paused', 1);
    await write(game, 'unpaused', 2);
    reads.length = 0;
    const first = await logOf(game);
    expect(kindsAndSeconds(first)).toEqual(['paused@1', 'unpaused@2']);
    expect(await logOf(game)).toBe(first);
    await write(game, 'paused', 3);
    expect(kindsAndSeconds(await logOf(game))).toEqual(['paused@1', 'unpaused@2', 'paused@3']);
    // the first read asked for everything after id 0; the later ones for what came after the last held
    expect(reads.map((params) => Number(params[0]))).toEqual([0, expect.any(Number), expect.any(Number)]);
    expect(Number(reads[1]![0])).toBeGreaterThan(0);
    expect(Number(reads[2]![0])).toBe(Number(reads[1]![0]));
  });

  it('is read whole again when an entry appears below the last one held', async () => {
    const game = await newGame();
    await write(game, 'paused', 1, 900_001);
    await write(game, 'unpaused', 2, 900_003);
    expect(kindsAndSeconds(await logOf(game))).toEqual(['paused@1', 'unpaused@2']);
    // committed after the read, with an id below the last one held (a transaction that took its id earlier)
    await write(game, 'paused', 5, 900_002);
    expect(kindsAndSeconds(await logOf(game))).toEqual(['paused@1', 'unpaused@2', 'paused@5']);
  });

  it('forgets an entry that a transaction read and then rolled back', async () => {
    const game = await newGame();
    await write(game, 'paused', 1);
    expect(await logOf(game)).toHaveLength(1);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into game_events (game_id, kind, at) values (${game}, 'unpaused', ${at(2)})`);
        expect((await readGameRows(tx, game))!.log).toHaveLength(2);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(kindsAndSeconds(await logOf(game))).toEqual(['paused@1']);
  });

  it('puts an entry written with an earlier time than those held in its place', async () => {
    const game = await newGame();
    await write(game, 'paused', 10);
    await write(game, 'unpaused', 20);
    await logOf(game);
    await write(game, 'paused', 4);
    await write(game, 'unpaused', 6);
    expect(kindsAndSeconds(await logOf(game))).toEqual(['paused@4', 'unpaused@6', 'paused@10', 'unpaused@20']);
  });
});

describe('the pauses of a log that goes on', () => {
  const log: LogEntry[] = [
    { kind: 'paused', at: at(1) },
    { kind: 'unpaused', at: at(2) },
    { kind: 'paused', at: at(3) },
  ];

  it('are the pauses of the whole log, and leave the shorter log’s pauses as they were', () => {
    const before = pausesOfLog(log);
    const longer = logWith(log, [
      { kind: 'ended', at: at(4) },
      { kind: 'paused', at: at(5) },
    ]);
    expect(pausesOfLog(longer)).toEqual(pausesFrom(longer));
    expect(before).toEqual([
      { from: at(1), to: at(2) },
      { from: at(3), to: null },
    ]);
    // the closed pause that came before is the same one, so a bill parses only the others again
    expect(pausesOfLog(longer)[0]).toBe(before[0]);
  });
});

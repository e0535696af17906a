import type { TGame } from '@club/shared/tables';
import { describe, expect, it } from 'vitest';
import { tablesOfGames } from './carried-tables.ts';

const game = (id: number, tableId: number, status: TGame['status'] = 'playing'): TGame => ({
  id,
  table_id: tableId,
  status,
  started_at: '2026-01-01T10:00:00.000Z',
  ending_at: null,
  ended_at: status === 'ended' ? '2026-01-01T11:00:00.000Z' : null,
  players: [],
  pauses: [],
});
const table = (id: number, gameId: number | null) => ({ id, game_id: gameId });

describe('tablesOfGames', () => {
  it('pairs a table with its game, or with the game that just ended on it', () => {
    // a switch: the game on table 1 ended, the player's new game is on table 2
    const carried = tablesOfGames([game(10, 1, 'ended'), game(20, 2)], [table(1, null), table(2, 20)]);
    expect(carried.byGame.get(10)).toEqual(table(1, null));
    expect(carried.byGame.get(20)).toEqual(table(2, 20));
    expect([...carried.tableIds]).toEqual([1, 2]);
  });

  it('gives a table to one game only, and none to a game the table no longer has', () => {
    // on table 1 a game ended and a new one began in the same batch: the table goes with the new one
    const carried = tablesOfGames([game(10, 1, 'ended'), game(11, 1)], [table(1, 11)]);
    expect([...carried.byGame]).toEqual([[11, table(1, 11)]]);
    // the table's change is not in the batch: the game goes alone
    expect(tablesOfGames([game(12, 3)], [table(1, 11)]).byGame.size).toBe(0);
    // two ended games, one free table: it goes with the first
    expect([...tablesOfGames([game(13, 4, 'ended'), game(14, 4, 'ended')], [table(4, null)]).byGame.keys()]).toEqual([
      13,
    ]);
  });
});

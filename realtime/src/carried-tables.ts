import type { TGame } from '@club/shared/tables';

/**
 * Which changed table goes with which changed game: its game now, or the game that just ended
 * on it. Such a table's room hears of both in one `game:updated { game, table }` rather than
 * a `table:updated` and a `game:updated`: one frame per phone instead of two, which is most of
 * a busy room's fan-out. Each table goes with one game at most.
 */
export function tablesOfGames<T extends { id: number; game_id: number | null }>(
  games: readonly TGame[],
  tables: readonly T[],
): { byGame: Map<number, T>; tableIds: Set<number> } {
  const byId = new Map(tables.map((t) => [t.id, t]));
  const byGame = new Map<number, T>();
  const tableIds = new Set<number>();
  for (const game of games) {
    const table = byId.get(game.table_id);
    if (!table || tableIds.has(table.id)) continue;
    if (table.game_id === game.id || (table.game_id === null && game.status === 'ended')) {
      byGame.set(game.id, table);
      tableIds.add(table.id);
    }
  }
  return { byGame, tableIds };
}

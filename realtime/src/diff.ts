import { type TFloorTable, type TKioskSnapshot, toFloorTable } from '@club/shared/realtime';
import type { TGame, TPlayer, TTable } from '@club/shared/tables';

/** What a game is, leaving out what only the passing of time changes (minutes, totals). */
function shape(game: TGame): string {
  return JSON.stringify({
    ...game,
    players: game.players.map(({ minutes: _m, total: _t, ...rest }) => rest),
  });
}

export interface SnapshotDiff {
  /** tables whose public view changed, or new ones */
  tables: TFloorTable[];
  /** tables that are gone */
  removedTables: number[];
  /** live games that are new or changed */
  games: TGame[];
  /** games that were live and are not any more (their final state must be read) */
  endedGames: number[];
  /** players who left their seat in a game still live (kicked or not): their orders may be new */
  unseated: { game_id: number; player: TPlayer }[];
}

const byId = <T extends { id: number }>(items: T[]) => new Map(items.map((i) => [i.id, i]));

/** Poll mode: what changed between two snapshots of the kiosk. */
export function diffSnapshots(prev: TKioskSnapshot, next: TKioskSnapshot): SnapshotDiff {
  const prevTables = byId(prev.tables);
  const prevGames = byId(prev.games);
  const nextGames = byId(next.games);
  const floor = (t: TTable, games: Map<number, TGame>) =>
    toFloorTable(t, t.game_id === null ? null : games.get(t.game_id));

  const tables: TFloorTable[] = [];
  for (const table of next.tables) {
    const before = prevTables.get(table.id);
    const view = floor(table, nextGames);
    if (!before || JSON.stringify(floor(before, prevGames)) !== JSON.stringify(view)) tables.push(view);
  }
  const nextTableIds = new Set(next.tables.map((t) => t.id));
  const removedTables = prev.tables.filter((t) => !nextTableIds.has(t.id)).map((t) => t.id);

  const games: TGame[] = [];
  const unseated: SnapshotDiff['unseated'] = [];
  for (const game of next.games) {
    const before = prevGames.get(game.id);
    if (before && shape(before) === shape(game)) continue;
    games.push(game);
    const was = byId(before?.players ?? []);
    for (const player of game.players) {
      const earlier = was.get(player.id);
      if (player.status !== 'joined' && (!earlier || earlier.status === 'joined'))
        unseated.push({ game_id: game.id, player });
    }
  }
  const endedGames = prev.games.filter((g) => !nextGames.has(g.id)).map((g) => g.id);
  return { tables, removedTables, games, endedGames, unseated };
}

/** Players of a game's final state who were seated in its earlier state and are not now. */
export function unseatedBetween(before: TGame | undefined, after: TGame): TPlayer[] {
  const was = byId(before?.players ?? []);
  return after.players.filter((p) => {
    const earlier = was.get(p.id);
    return p.status !== 'joined' && (!earlier || earlier.status === 'joined');
  });
}

/**
 * Realtime events and room snapshots written into the TanStack Query cache — the one store
 * of server state. Each write goes to the same keys the screens' `queryOptions` read
 * (`lib/query-keys.ts`), so a table page, the home page's floor, the player's own game,
 * the admin floor plan and the TV all follow the club without a second store.
 *
 * Only entries that already exist are patched (an event never invents a screen's data); a
 * change that cannot be patched (a new table, an order) invalidates instead, at most once a
 * second per query (`throttled-invalidate.ts`).
 */
import { lineupOf, seatedIn } from '@club/shared/game-seats';
import { type LiveTopic, topicOf } from '@club/shared/live-events';
import type {
  LiveEventName,
  ServerPayload,
  TAdminSnapshot,
  TFloorSnapshot,
  TFloorTable,
  TLiveFeed,
  TRoomSnapshot,
  TTickPlayer,
} from '@club/shared/realtime';
import type { TGame, TGameStatus, TTable, ZTableWithGame } from '@club/shared/tables';
import type { TMyWaitlist } from '@club/shared/waitlist';
import type { z } from '@club/shared/zod';
import type { QueryClient } from '@tanstack/react-query';
import { freeToSit } from '../../../lib/free-to-sit.ts';
import { adminTableKeys, gameKeys, liveKeys, tableKeys, waitlistKeys } from '../../../lib/query-keys.ts';
import { MISSABLE, staleAfter } from './stale-after.ts';
import { createThrottledInvalidate } from './throttled-invalidate.ts';

type TTableWithGame = z.infer<typeof ZTableWithGame>;

export interface CacheWriter {
  /**
   * A room's snapshot (after subscribe or sync): the room's own entry and the screens' data.
   * `missed`: events may have been lost before it (a gap, a reconnect, a sleep) — what no
   * snapshot carries (orders, notifications, figures) is read again, once. `joinedAt`: the
   * first snapshot of a room asked for then; what was read before it may predate an event
   * sent before the room was joined, and is read again, once: what the kinds of event in
   * `heard` refresh, or (none named) all that `missed` would.
   */
  snapshot(
    snapshot: TRoomSnapshot,
    options?: { missed?: boolean; joinedAt?: number; heard?: readonly LiveTopic[] },
  ): void;
  event<E extends LiveEventName>(name: E, payload: ServerPayload<E>): void;
  /** a room no longer followed: its snapshot leaves the cache (it would go stale) */
  forget(room: string): void;
}

/**
 * The fields a table row shares with the floor's public view: all but what the view works out
 * (free seats, the game's start) and what it reads as unset from an older gateway.
 */
function tableFieldsOf(table: TFloorTable) {
  const { free_seats, started_at, out_of_order, reserved_from, ...fields } = table;
  return fields;
}

type LiveGame = TGame & { status: Exclude<TGameStatus, 'ended'> };
const liveGame = (game: TGame | null): LiveGame | null => (game && game.status !== 'ended' ? (game as LiveGame) : null);

function tickGame(game: TGame, tick: ServerPayload<'game:tick'>): TGame {
  if (game.id !== tick.game_id) return game;
  const byId = new Map<number, TTickPlayer>(tick.players.map((p) => [p.id, p]));
  let changed = false;
  const players = game.players.map((player) => {
    const figures = byId.get(player.id);
    if (!figures || (figures.minutes === player.minutes && figures.total === player.total)) return player;
    changed = true;
    return { ...player, minutes: figures.minutes, total: figures.total };
  });
  return changed ? { ...game, players } : game;
}

/**
 * Whether the lineup a table's answer holds is behind the table (someone sat down or left, a game
 * started, ended or paused). Only who sees no bills needs to read it again: the game's players and
 * staff hear the game itself.
 */
function lineupBehind(old: TTableWithGame, table: TFloorTable): boolean {
  if (old.game !== null || table.game_id === null) return false;
  const lineup = old.lineup;
  return (
    lineup === null ||
    lineup.game_id !== table.game_id ||
    lineup.players.length !== table.players_count ||
    lineup.status !== table.status
  );
}

function upsertTable(tables: TFloorTable[], table: TFloorTable): TFloorTable[] {
  const index = tables.findIndex((t) => t.id === table.id);
  if (index < 0) return [...tables, table].sort((a, b) => a.id - b.id);
  const next = tables.slice();
  next[index] = table;
  return next;
}

function upsertGame(games: TGame[], game: TGame): TGame[] {
  const rest = games.filter((g) => g.id !== game.id);
  return game.status === 'ended' ? rest : [...rest, game].sort((a, b) => a.table_id - b.table_id);
}

export function createCacheWriter({
  queryClient,
  me,
}: {
  queryClient: QueryClient;
  /** the logged-in person's user id, or null (the TV) */
  me: () => number | null;
}): CacheWriter {
  const get = <T>(key: readonly unknown[]) => queryClient.getQueryData<T>(key);
  const set = <T>(key: readonly unknown[], update: (old: T) => T) => {
    const old = get<T>(key);
    if (old === undefined) return;
    const next = update(old);
    if (next !== old) queryClient.setQueryData<T>(key, next);
  };
  const invalidate = createThrottledInvalidate(queryClient);

  /** every live room snapshot held now, by kind */
  function liveSnapshots(): TRoomSnapshot[] {
    return queryClient
      .getQueriesData<TRoomSnapshot>({ queryKey: liveKeys.all })
      .map(([, data]) => data)
      .filter((data): data is TRoomSnapshot => data !== undefined);
  }
  const setLive = (snapshot: TRoomSnapshot, next: TRoomSnapshot) => {
    if (next !== snapshot) queryClient.setQueryData(liveKeys.room(snapshot.room), next);
  };

  // --- the screens' REST-shaped entries -----------------------------------------------
  function writeTable(table: TFloorTable) {
    const fields = tableFieldsOf(table);
    let known = true;
    const patchList = (key: readonly unknown[]) => {
      const list = get<TTable[]>(key);
      if (!list) return;
      if (!list.some((t) => t.id === table.id)) {
        known = false;
        invalidate(key);
        return;
      }
      queryClient.setQueryData<TTable[]>(
        key,
        list.map((t) => (t.id === table.id ? { ...t, ...fields } : t)),
      );
    };
    patchList(tableKeys.list());
    patchList(adminTableKeys.list());
    const one = get<TTableWithGame>(tableKeys.one(table.id));
    set<TTableWithGame>(tableKeys.one(table.id), (old) => ({
      ...old,
      ...fields,
      game: table.game_id === null ? null : old.game,
      lineup: table.game_id === null ? null : old.lineup,
    }));
    if (!known || (one && lineupBehind(one, table))) invalidate(tableKeys.one(table.id));
    // the admin's edit screen holds the table with its price: read it again if open
    invalidate(adminTableKeys.one(table.id));
  }

  function writeGame(game: TGame) {
    const live = liveGame(game);
    const withGame = (old: TTableWithGame): TTableWithGame => {
      if (!live) return old.game?.id === game.id ? { ...old, game: null, lineup: null, status: 'free' } : old;
      return { ...old, game: live, lineup: lineupOf(live), status: live.status };
    };
    set<TTableWithGame>(tableKeys.one(game.table_id), withGame);
    set<TTableWithGame>(adminTableKeys.one(game.table_id), withGame);
    const userId = me();
    if (userId === null) return;
    const seated = live ? seatedIn(live, userId) : false;
    const active = get<TGame | null>(gameKeys.active());
    if (seated) queryClient.setQueryData<TGame | null>(gameKeys.active(), live);
    else if (active && active.id === game.id) queryClient.setQueryData<TGame | null>(gameKeys.active(), null);
  }

  function writeTick(tick: ServerPayload<'game:tick'>) {
    set<TTableWithGame>(tableKeys.one(tick.table_id), (old) =>
      old.game ? { ...old, game: tickGame(old.game, tick) } : old,
    );
    set<TGame | null>(gameKeys.active(), (old) => (old ? tickGame(old, tick) : old));
  }

  // --- the live rooms' own entries ----------------------------------------------------
  /** a table freed, taken or expected free at another time: the waitlist's expected waits move */
  function waitMoved(table: TFloorTable): boolean {
    for (const snapshot of liveSnapshots()) {
      const known = snapshot.kind === 'table' ? [snapshot.table] : snapshot.kind === 'user' ? [] : snapshot.tables;
      const old = known.find((t) => t.id === table.id);
      if (old && (old.status !== table.status || old.predicted_free_at !== table.predicted_free_at)) return true;
    }
    return false;
  }

  /**
   * Whether the person's own answer from the line can have moved with this table: the
   * expected wait of their place, or the count of parties waiting, which the start page shows
   * only while no table is free to sit at. Outside the line with a table free, a busy club's
   * table changes (several a second) would otherwise read it once a second for nothing.
   */
  function myWaitMoved(table: TFloorTable): boolean {
    if (get<TMyWaitlist>(waitlistKeys.mine())?.entry) return true;
    const floor = liveSnapshots().find(
      (s): s is TFloorSnapshot | TAdminSnapshot => s.kind === 'floor' || s.kind === 'admin',
    );
    if (!floor) return true;
    return !floor.tables.some((t) => freeToSit(t.id === table.id ? table : t));
  }

  function liveTable(table: TFloorTable) {
    if (waitMoved(table)) {
      invalidate(waitlistKeys.line());
      if (myWaitMoved(table)) invalidate(waitlistKeys.mine());
    }
    for (const snapshot of liveSnapshots()) {
      if (snapshot.kind === 'floor' || snapshot.kind === 'admin') {
        setLive(snapshot, { ...snapshot, tables: upsertTable(snapshot.tables, table) });
      } else if (snapshot.kind === 'table' && snapshot.table.id === table.id) {
        setLive(snapshot, { ...snapshot, table });
      }
    }
  }

  function liveGameWrite(game: TGame) {
    const live = liveGame(game);
    for (const snapshot of liveSnapshots()) {
      if (snapshot.kind === 'admin') setLive(snapshot, { ...snapshot, games: upsertGame(snapshot.games, game) });
      else if (snapshot.kind === 'table' && snapshot.table.id === game.table_id) {
        if (live || snapshot.game?.id === game.id) setLive(snapshot, { ...snapshot, game: live });
      } else if (snapshot.kind === 'user') {
        const userId = me();
        const seated = live !== null && userId !== null && seatedIn(live, userId);
        if (seated) setLive(snapshot, { ...snapshot, game: live });
        else if (snapshot.game?.id === game.id) setLive(snapshot, { ...snapshot, game: null });
      }
    }
  }

  function liveTick(tick: ServerPayload<'game:tick'>) {
    for (const snapshot of liveSnapshots()) {
      if (snapshot.kind === 'admin') {
        const games = snapshot.games.map((g) => tickGame(g, tick));
        if (games.some((g, i) => g !== snapshot.games[i])) setLive(snapshot, { ...snapshot, games });
      } else if ((snapshot.kind === 'table' || snapshot.kind === 'user') && snapshot.game) {
        const game = tickGame(snapshot.game, tick);
        if (game !== snapshot.game) setLive(snapshot, { ...snapshot, game });
      }
    }
  }

  /**
   * The whole floor (a table was removed, or a room's snapshot): each table written, and the
   * lists lose the tables it no longer has, with no read (a new table is read, as ever).
   */
  function writeFloor(tables: readonly TFloorTable[]) {
    const ids = new Set(tables.map((t) => t.id));
    for (const key of [tableKeys.list(), adminTableKeys.list()]) {
      set<TTable[]>(key, (list) => (list.every((t) => ids.has(t.id)) ? list : list.filter((t) => ids.has(t.id))));
    }
    for (const table of tables) writeTable(table);
  }

  function tableUpdated(table: TFloorTable) {
    liveTable(table);
    writeTable(table);
  }

  const invalidateAfter = (topic: LiveTopic, readBefore?: number) => {
    for (const key of staleAfter(topic)) invalidate(key, readBefore);
  };

  /** What a room's lost events would have refreshed, and its snapshot does not hold. */
  const afterMissed = (kind: TRoomSnapshot['kind'], readBefore?: number) => {
    for (const topic of MISSABLE[kind]) invalidateAfter(topic, readBefore);
  };

  return {
    snapshot(snapshot, options = {}) {
      if (options.missed) afterMissed(snapshot.kind);
      else if (options.joinedAt !== undefined && options.heard) {
        for (const topic of options.heard) invalidateAfter(topic, options.joinedAt);
      } else if (options.joinedAt !== undefined) afterMissed(snapshot.kind, options.joinedAt);
      queryClient.setQueryData(liveKeys.room(snapshot.room), snapshot);
      switch (snapshot.kind) {
        case 'floor':
          writeFloor(snapshot.tables);
          break;
        case 'admin':
          writeFloor(snapshot.tables);
          for (const game of snapshot.games) writeGame(game);
          break;
        case 'table':
          writeTable(snapshot.table);
          if (snapshot.game) writeGame(snapshot.game);
          else
            set<TTableWithGame>(tableKeys.one(snapshot.table.id), (old) =>
              old.game ? { ...old, game: null, lineup: null } : old,
            );
          break;
        case 'user': {
          const active = get<TGame | null>(gameKeys.active());
          if (active !== undefined || snapshot.game)
            queryClient.setQueryData(gameKeys.active(), liveGame(snapshot.game));
          break;
        }
      }
    },

    event(name, payload) {
      switch (name) {
        case 'table:updated':
          tableUpdated((payload as ServerPayload<'table:updated'>).table);
          break;
        case 'floor:snapshot': {
          const { tables } = payload as ServerPayload<'floor:snapshot'>;
          writeFloor(tables);
          const ids = new Set(tables.map((t) => t.id));
          for (const snapshot of liveSnapshots()) {
            if (snapshot.kind === 'floor' || snapshot.kind === 'admin') setLive(snapshot, { ...snapshot, tables });
            if (snapshot.kind === 'admin') {
              const games = snapshot.games.filter((g) => ids.has(g.table_id));
              if (games.length !== snapshot.games.length) setLive(snapshot, { ...snapshot, tables, games });
            }
          }
          break;
        }
        case 'game:updated': {
          const { game, table } = payload as ServerPayload<'game:updated'>;
          // a table room hears of its table's change in its game's message
          if (table) {
            tableUpdated(table);
            invalidateAfter('table:updated');
          }
          liveGameWrite(game);
          writeGame(game);
          break;
        }
        case 'game:tick': {
          const tick = payload as ServerPayload<'game:tick'>;
          liveTick(tick);
          writeTick(tick);
          break;
        }
      }
      invalidateAfter(topicOf(name, payload as { feed?: TLiveFeed }));
    },

    forget(room) {
      queryClient.removeQueries({ queryKey: liveKeys.room(room), exact: true });
    },
  };
}

/**
 * The players at the tables in the club evening: the model's view of who sits where, and the
 * actions that change it (join, guests, pause, switch, leave, kick), each following the
 * server's answer. A game that ends leaves an order the player owes, unless it was free.
 */
import type { TOrderDetail } from '@club/shared/orders';
import type { TGame } from '@club/shared/tables';
import type { Api } from './api.ts';
import type { Action, EveningRecord, Player, TableModel } from './evening-model.ts';

export function createSeats(deps: {
  api: Api;
  /** the admin's login now (a restart logs in again) */
  admin: () => string;
  players: Player[];
  tables: TableModel[];
  record: EveningRecord;
  ack: (orderId: number, status: string | null) => void;
  count: (what: string) => void;
  /** an order for a game was written */
  gameOrder: (orderId: number) => void;
}) {
  const { api, players, tables, record, ack, count } = deps;

  const tableOf = (id: number) => tables.find((t) => t.id === id)!;
  const seatsUsed = (tableId: number) =>
    players.reduce((sum, p) => sum + (p.seat?.tableId === tableId ? 1 + p.seat.guests.length : 0), 0);
  const freeSeats = (t: TableModel) => t.capacity - seatsUsed(t.id);
  const hostRow = (game: TGame, userId: number) =>
    game.players.find((r) => r.user_id === userId && r.guest_of === null && r.status === 'joined');
  const sawGame = (id: number) => {
    if (!record.gameIds.includes(id)) record.gameIds.push(id);
  };
  /** a table nobody sits at any more has no game */
  const emptied = (t: TableModel) => {
    if (seatsUsed(t.id) > 0) return;
    t.gameId = null;
    t.paused = false;
  };

  /** the server's game, and the model follows it (the table's game, pause, the seat) */
  const seatFrom = (p: Player, game: TGame) => {
    sawGame(game.id);
    const row = hostRow(game, p.id);
    if (!row) throw new Error(`player ${p.index} is not in game ${game.id}`);
    const t = tableOf(game.table_id);
    t.gameId = game.id;
    t.paused = game.status === 'paused';
    p.seat = {
      tableId: game.table_id,
      gameId: game.id,
      playerId: row.id,
      guests: game.players
        .filter((g) => g.guest_of === row.id && g.status === 'joined')
        .map((g) => ({ name: g.name, playerId: g.id })),
    };
    p.state = 'seated';
    p.played = true;
  };
  /** the player's seat is gone (left or kicked) */
  const unseat = (p: Player) => {
    const t = p.seat ? tableOf(p.seat.tableId) : null;
    p.seat = null;
    p.state = 'idle';
    if (t) emptied(t);
  };
  /** a game order just written: settled at once when free, else the player owes it */
  const owe = async (p: Player, orderId: number) => {
    deps.gameOrder(orderId);
    ack(orderId, 'waiting');
    const { order } = await api.get<{ order: TOrderDetail }>(`/v1/order/${orderId}`, p.token);
    if (order.status === 'waiting') p.pending.push(orderId);
    else ack(orderId, order.status);
  };
  return {
    tableOf,
    freeSeats,
    hostRow,
    sawGame,
    seatFrom,

    join: (p: Player, t: TableModel): Action => ({
      who: [p],
      tables: [t.id],
      label: `p${p.index} joins ${t.id}`,
      run: async () => {
        const { game } = await api.post<{ game: TGame }>('/v1/game/join', { table_id: t.id }, p.token);
        seatFrom(p, game);
        count('join');
      },
    }),

    addGuest: (p: Player): Action => ({
      who: [p],
      tables: [p.seat!.tableId],
      label: `p${p.index} brings a guest`,
      run: async () => {
        const name = `Gjest ${p.index}-${++p.guestsBrought}`;
        const { game } = await api.post<{ game: TGame }>(
          '/v1/game/join-guest',
          { game_id: p.seat!.gameId, name },
          p.token,
        );
        seatFrom(p, game);
        count('guest');
      },
    }),

    guestLeaves: (p: Player): Action => ({
      who: [p],
      tables: [p.seat!.tableId],
      label: `a guest of p${p.index} goes home`,
      run: async () => {
        const guest = p.seat!.guests[0]!;
        await api.post('/v1/game/leave', { game_id: p.seat!.gameId, player_id: guest.playerId }, p.token);
        p.seat!.guests = p.seat!.guests.filter((g) => g !== guest);
        count('guest-leave');
      },
    }),

    togglePause: (p: Player): Action => {
      const t = tableOf(p.seat!.tableId);
      return {
        who: [p],
        tables: [t.id],
        label: `p${p.index} ${t.paused ? 'resumes' : 'pauses'} ${t.id}`,
        run: async () => {
          const path = t.paused ? '/v1/game/unpause' : '/v1/game/pause';
          const { game } = await api.post<{ game: TGame }>(path, { game_id: p.seat!.gameId }, p.token);
          t.paused = game.status === 'paused';
          count(t.paused ? 'pause' : 'unpause');
        },
      };
    },

    switchTable: (p: Player, to: TableModel): Action => ({
      who: [p],
      tables: [p.seat!.tableId, to.id],
      label: `p${p.index} switches ${p.seat!.tableId} → ${to.id}`,
      run: async () => {
        const { game } = await api.post<{ game: TGame }>(
          '/v1/game/switch-table',
          { game_id: p.seat!.gameId, table_id: to.id },
          p.token,
        );
        const from = tableOf(p.seat!.tableId);
        p.seat = null;
        emptied(from);
        seatFrom(p, game);
        count('switch');
      },
    }),

    leave: (p: Player): Action => ({
      who: [p],
      tables: [p.seat!.tableId],
      label: `p${p.index} leaves ${p.seat!.tableId}`,
      run: async () => {
        const { order_id } = await api.post<{ order_id: number }>(
          '/v1/game/leave',
          { game_id: p.seat!.gameId },
          p.token,
        );
        unseat(p);
        await owe(p, order_id);
        count('leave');
      },
    }),

    kick: (p: Player): Action => ({
      who: [p],
      tables: [p.seat!.tableId],
      label: `admin kicks p${p.index}`,
      run: async () => {
        const { order_id } = await api.post<{ order_id: number }>(
          '/v1/game/kick',
          { game_id: p.seat!.gameId, player_id: p.seat!.playerId },
          deps.admin(),
        );
        unseat(p);
        await owe(p, order_id);
        count('kick');
      },
    }),
  };
}

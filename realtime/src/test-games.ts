/** Tables, games and players as the kiosk describes them, for the gateway's own tests. */
import { DEFAULT_BILLING_SETTINGS } from '@club/shared/billing';
import type { TGame, TPlayer, TTable } from '@club/shared/tables';
import { makeTable } from '@club/shared/test-tables';

export const T0 = Date.parse('2026-11-21T18:00:00.000Z');

export const table = (id: number, gameId: number | null = null): TTable =>
  makeTable(id, {
    price_per_minute: 300,
    x: 10,
    y: 10,
    status: gameId === null ? 'free' : 'playing',
    players_count: gameId === null ? 0 : 1,
    game_id: gameId,
  });

export const player = (id: number, gameId: number, minutes = 0): TPlayer => ({
  id,
  game_id: gameId,
  user_id: id + 100,
  name: `Spiller ${id}`,
  guest_of: null,
  role_id: 2,
  price_per_minute: 300,
  joined_at: new Date(T0).toISOString(),
  left_at: null,
  status: 'joined',
  minutes,
  total: minutes * 300,
  previous_player_id: null,
  billing: {
    segments: [{ table_id: 1, game_id: gameId, price_per_minute: 300, from: new Date(T0).toISOString(), to: null }],
    subscription_minutes: 0,
    subscription_pauses: [],
    discount_windows: [],
    fixed_discounts: [],
    settings: DEFAULT_BILLING_SETTINGS,
  },
});

export const game = (
  id: number,
  tableId: number,
  players: TPlayer[] = [],
  status: TGame['status'] = 'playing',
): TGame => ({
  id,
  table_id: tableId,
  status,
  started_at: new Date(T0).toISOString(),
  ending_at: null,
  ended_at: status === 'ended' ? new Date(T0).toISOString() : null,
  players,
  pauses: [],
});

import { DEFAULT_BILLING_SETTINGS } from '@club/shared/billing';
import type { TGame, TPlayer } from '@club/shared/tables';
import { describe, expect, it } from 'vitest';
import { gameAnswerJson } from './game-answer.ts';
import type { Interval } from './pause-log.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 18, minute)).toISOString();
const pausesOf = (n: number): Interval[] =>
  Array.from({ length: n }, (_, i) => ({ from: at(2 * i), to: i === n - 1 ? null : at(2 * i + 1) }));

function player(id: number, name: string, pauses: Interval[][]): TPlayer {
  return {
    id,
    game_id: 1,
    user_id: id,
    name,
    guest_of: null,
    role_id: 2,
    price_per_minute: 250,
    joined_at: at(0),
    left_at: null,
    status: 'joined',
    minutes: 3,
    total: 750,
    previous_player_id: null,
    billing: {
      segments: pauses.map((list, i) => ({
        table_id: i + 1,
        price_per_minute: 250,
        from: at(0),
        to: null,
        pauses: list,
      })),
      subscription_minutes: 0,
      subscription_pauses: [],
      discount_windows: [],
      settings: DEFAULT_BILLING_SETTINGS,
    },
  };
}

const game = (players: TPlayer[]): TGame => ({
  id: 1,
  table_id: 1,
  status: 'paused',
  started_at: at(0),
  ending_at: null,
  ended_at: null,
  players,
});

describe('a game answer written with each pause list once', () => {
  it('is the text JSON.stringify writes, for lists shared by players, lists of their own and short ones', () => {
    const shared = pausesOf(40);
    const body = {
      success: true,
      game: game([
        player(1, 'Kari', [shared]),
        player(2, 'Ola', [pausesOf(6), shared]),
        player(3, 'Per', [pausesOf(2)]),
        player(4, 'Åse "the break" Nilsen', [shared]),
      ]),
    };
    expect(gameAnswerJson(body)).toBe(JSON.stringify(body));
  });

  it('writes no game, and a game without players, as they are', () => {
    expect(gameAnswerJson({ game: null })).toBe(JSON.stringify({ game: null }));
    const empty = { game: game([]) };
    expect(gameAnswerJson(empty)).toBe(JSON.stringify(empty));
  });

  it('leaves a name that looks like its mark alone', () => {
    const body = { game: game([player(1, '\u0001pauses-00000000-0000-0000-0000-000000000000:0', [pausesOf(9)])]) };
    expect(gameAnswerJson(body)).toBe(JSON.stringify(body));
  });
});

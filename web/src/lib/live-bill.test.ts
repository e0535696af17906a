import type { TPlayer } from '@club/shared/tables';
import { describe, expect, it } from 'vitest';
import { liveBill } from './live-bill.ts';

const START = Date.parse('2026-01-01T10:00:00.000Z');
/** the game the player is shown with: its pauses are their bill's */
const GAME = { id: 30, pauses: [] };

function player(fields: Partial<TPlayer> = {}): TPlayer {
  return {
    id: 1,
    game_id: 30,
    user_id: 7,
    name: 'Pia',
    guest_of: null,
    role_id: 2,
    price_per_minute: 250,
    joined_at: '2026-01-01T10:00:00.000Z',
    left_at: null,
    status: 'joined',
    minutes: 0,
    total: 0,
    previous_player_id: null,
    billing: {
      segments: [{ table_id: 3, game_id: 30, price_per_minute: 250, from: '2026-01-01T10:00:00.000Z', to: null }],
      subscription_minutes: 0,
      subscription_pauses: [],
      discount_windows: [],
      fixed_discounts: [],
      settings: { rounding_minutes: 1, minimum_charge: 0, grace_minutes: 0 },
    },
    ...fields,
  };
}

describe('liveBill', () => {
  it('computes the running bill between ticks', () => {
    expect(liveBill(GAME, player(), START + 2.5 * 60_000)).toMatchObject({ minutes: 3, total: 750 });
  });

  it('shows the server’s ticked total for the minute it describes, and computes on after it', () => {
    const ticked = player({ minutes: 3, total: 700 });
    expect(liveBill(GAME, ticked, START + 2.5 * 60_000).total).toBe(700);
    expect(liveBill(GAME, ticked, START + 3.5 * 60_000)).toMatchObject({ minutes: 4, total: 1000 });
  });

  it('trusts a tick ahead of a lagging phone clock, prepaid minutes included', () => {
    const ticked = player({ minutes: 4, total: 1000 });
    expect(liveBill(GAME, ticked, START + 30_000)).toMatchObject({ minutes: 4, total: 1000 });
    const onHours = player({
      minutes: 3,
      total: 0,
      billing: { ...player().billing, subscription_minutes: 600 },
    });
    expect(liveBill(GAME, onHours, START + 30_000)).toMatchObject({ minutes: 3, subscription_minutes: 3, total: 0 });
  });
});

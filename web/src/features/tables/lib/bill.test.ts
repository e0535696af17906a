import { DEFAULT_BILLING_SETTINGS, type TBillingInterval, ZPlayerBilling } from '@club/shared/billing';
import type { TGame, TPlayer } from '@club/shared/tables';
import { describe, expect, it } from 'vitest';
import { groupBills, prepaidLeft } from './bill.ts';

const T0 = Date.parse('2026-03-01T18:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

function player(id: number, over: Partial<TPlayer> = {}): TPlayer {
  return {
    id,
    game_id: 1,
    user_id: id,
    name: `P${id}`,
    guest_of: null,
    role_id: 2,
    price_per_minute: 250,
    joined_at: iso(T0),
    left_at: null,
    status: 'joined',
    minutes: 0,
    total: 0,
    previous_player_id: null,
    billing: ZPlayerBilling.parse({
      segments: [{ table_id: 1, game_id: 1, price_per_minute: 250, from: iso(T0), to: null }],
      subscription_minutes: 0,
      settings: DEFAULT_BILLING_SETTINGS,
    }),
    ...over,
  };
}

const game = (players: TPlayer[], pauses: TBillingInterval[] = []): TGame => ({
  id: 1,
  table_id: 1,
  status: 'playing',
  started_at: iso(T0),
  ending_at: null,
  ended_at: null,
  players,
  pauses,
});

describe('groupBills', () => {
  it('puts guests (also those gone home) on their host’s bill and leaves out who left', () => {
    const gone = player(4, {
      user_id: null,
      guest_of: 1,
      status: 'left',
      billing: {
        ...player(4).billing,
        segments: [{ table_id: 1, game_id: 1, price_per_minute: 250, from: iso(T0), to: iso(T0 + 60_000) }],
      },
    });
    const groups = groupBills(
      game([player(1), player(2), player(3, { user_id: null, guest_of: 1 }), gone, player(5, { status: 'left' })]),
      T0 + 150_000,
    );
    expect(groups.map((g) => g.host.player.id)).toEqual([1, 2]);
    expect(groups[0]!.guests.map((g) => g.player.id)).toEqual([3, 4]);
    // 3 started minutes each for 1 and 3, one minute for 4
    expect(groups[0]!.total).toBe(3 * 250 + 3 * 250 + 250);
    expect(groups[1]!.total).toBe(750);
  });

  it('stops every player’s bill during the game’s pauses, which the game carries once', () => {
    const groups = groupBills(
      game([player(1), player(2)], [{ from: iso(T0 + 60_000), to: iso(T0 + 120_000) }]),
      T0 + 150_000,
    );
    // 1.5 minutes played of 2.5: two started minutes each
    expect(groups.map((g) => [g.host.bill.minutes, g.total])).toEqual([
      [2, 500],
      [2, 500],
    ]);
  });

  it('takes a fixed amount on table time off the host’s and guests’ time once, from when it applies', () => {
    const fixed = [{ from: iso(T0 + 60_000), to: null, amount: 400 }];
    const host = player(1, { billing: { ...player(1).billing, fixed_discounts: fixed } });
    const guest = player(2, { user_id: null, guest_of: 1, billing: { ...player(2).billing, fixed_discounts: fixed } });
    const [before] = groupBills(game([host, guest]), T0 + 30_000);
    expect([before!.discount, before!.total]).toEqual([0, 500]);
    const [during] = groupBills(game([host, guest]), T0 + 150_000);
    expect([during!.discount, during!.total]).toEqual([400, 2 * 3 * 250 - 400]);
    // never below nothing
    const big = [{ from: iso(T0), to: null, amount: 10_000 }];
    const [all] = groupBills(
      game([player(1, { billing: { ...player(1).billing, fixed_discounts: big } })]),
      T0 + 90_000,
    );
    expect([all!.discount, all!.total]).toEqual([500, 0]);
  });

  it('counts down the prepaid minutes', () => {
    const p = player(1, { billing: { ...player(1).billing, subscription_minutes: 5 } });
    const [group] = groupBills(game([p]), T0 + 2 * 60_000 + 1);
    expect(group!.host.bill.subscription_minutes).toBe(3);
    expect(prepaidLeft(p, group!.host.bill)).toBe(2);
    expect(group!.total).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { game, player, T0 } from './test-games.ts';
import { dueTicks } from './ticker.ts';

describe('the ticks', () => {
  it('send a player at a minute boundary, once, and nothing between two', () => {
    const last = new Map<number, number>();
    const g = game(7, 1, [player(1, 7, 1)]);
    // 30 s in: the first started minute, as the kiosk described it
    expect(dueTicks(g, T0 + 30_000, last)).toEqual([]);
    expect(dueTicks(g, T0 + 61_000, last)).toEqual([{ id: 1, minutes: 2, total: 600 }]);
    expect(dueTicks(g, T0 + 90_000, last)).toEqual([]);
    expect(dueTicks(g, T0 + 121_000, last)).toEqual([{ id: 1, minutes: 3, total: 900 }]);
  });

  it('leave out players who are gone', () => {
    const gone = { ...player(2, 7, 0), status: 'left' as const };
    expect(dueTicks(game(7, 1, [gone]), T0 + 600_000, new Map())).toEqual([]);
  });
});

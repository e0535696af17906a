import type { TKioskEvent } from '@club/shared/realtime';
import { describe, expect, it } from 'vitest';
import { collectChanges, freshEvents } from './apply-events.ts';
import { createLiveView } from './live-view.ts';

const event = (id: number, type: string, payload: Record<string, unknown>): TKioskEvent => ({
  id,
  type,
  payload,
  created_at: '2026-11-21T18:00:00.000Z',
});

describe('applying kiosk events', () => {
  it('takes each new id once, in order', () => {
    const view = createLiveView();
    view.remember(2);
    const fresh = freshEvents([event(3, 'x', {}), event(1, 'x', {}), event(2, 'x', {}), event(3, 'x', {})], view);
    expect(fresh.map((e) => e.id)).toEqual([1, 3]);
  });

  it('names what changed with the newest event that says so, and skips what it does not know', () => {
    const skipped: number[] = [];
    const changes = collectChanges(
      [
        event(1, 'game.updated', { game_id: 7, table_id: 1 }),
        event(2, 'table.updated', { table_id: 1 }),
        event(3, 'player.kicked', { game_id: 7, player_id: 4, user_id: 9, order_id: 12 }),
        event(4, 'session.revoked', { user_id: 9 }),
        event(5, 'order.updated', { order_id: 12, user_id: 9, status: 'paid' }),
        event(6, 'table.updated', { table_id: 'one' }),
        event(7, 'something.new', {}),
      ],
      (e) => skipped.push(e.id),
    );
    expect([...changes.tables]).toEqual([[1, 2]]);
    expect([...changes.games]).toEqual([[7, 3]]);
    expect([...changes.orders]).toEqual([[12, 5]]);
    expect(changes.kicks).toEqual([{ seq: 3, game_id: 7, player_id: 4, user_id: 9, order_id: 12 }]);
    expect([...changes.revoked]).toEqual([9]);
    expect(skipped).toEqual([6, 7]);
  });
});

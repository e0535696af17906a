import type { TKioskSnapshot } from '@club/shared/realtime';
import type { TGame, TTable } from '@club/shared/tables';
import { describe, expect, it } from 'vitest';
import { createLiveView } from './live-view.ts';
import { game, player, T0, table } from './test-games.ts';

const snapshot = (seq: number, tables: TTable[], games: TGame[]): TKioskSnapshot => ({
  success: true,
  server_time: new Date(T0).toISOString(),
  seq,
  tables,
  games,
  events: [],
});

describe('the live view', () => {
  it('takes a snapshot in, and never an older one over a newer', () => {
    const view = createLiveView();
    view.absorbSnapshot(snapshot(5, [table(1, 7)], [game(7, 1, [player(1, 7, 3)])]));
    view.absorbSnapshot(snapshot(4, [], []));
    expect(view.seq).toBe(5);
    expect([...view.tables.keys()]).toEqual([1]);
    expect(view.lastMinutes.get(1)).toBe(3);
    expect(view.floorTables()[0]).toMatchObject({ id: 1, status: 'playing', started_at: new Date(T0).toISOString() });
  });

  it('applies an id once, and none at or below the first snapshot', () => {
    const view = createLiveView();
    view.startFrom(snapshot(10, [], []));
    expect(view.isNew(10)).toBe(false);
    expect(view.isNew(11)).toBe(true);
    view.remember(11);
    expect(view.isNew(11)).toBe(false);
  });

  it('knows each room’s newest event since it started; a room sent nothing had its last before that', () => {
    const view = createLiveView();
    view.startFrom(snapshot(10, [], []));
    view.roomSeqs.set('user:1', 12);
    view.roomSeqs.set('members', 14);
    view.seq = 20;
    expect(view.lastSentTo(['user:2'])).toBe(10);
    expect(view.lastSentTo(['user:1'])).toBe(12);
    expect(view.lastSentTo(['user:1', 'members', 'role-3'])).toBe(14);
    // a later snapshot does not move the start
    view.startFrom(snapshot(30, [], []));
    expect(view.lastSentTo(['user:2'])).toBe(10);
  });

  it('knows the newest event of each kind the rooms were sent, from its start', () => {
    const view = createLiveView();
    view.startFrom(snapshot(10, [], []));
    view.noteTopic('user:1', 'order:updated', 12);
    view.noteTopic('members', 'feed:products', 13);
    view.noteTopic('members', 'feed:products', 15);
    view.noteTopic('members', 'notification:new', 11);
    view.noteTopic('user:1', 'notification:new', 14);
    // an older number arriving late does not move it back
    view.noteTopic('members', 'feed:products', 9);
    expect(view.heardIn(['user:1', 'members', 'role-3'])).toEqual({
      from: 10,
      last: { 'order:updated': 12, 'feed:products': 15, 'notification:new': 14 },
    });
    expect(view.heardIn(['user:2'])).toEqual({ from: 10, last: {} });
  });

  it('forgets an ended game, and keeps the first minutes it was told of a player', () => {
    const view = createLiveView();
    view.absorbGame(game(7, 1, [player(1, 7, 2)]));
    view.absorbGame(game(7, 1, [player(1, 7, 5)]));
    expect(view.lastMinutes.get(1)).toBe(2);
    view.absorbGame(game(7, 1, [], 'ended'));
    expect(view.games.has(7)).toBe(false);
  });
});

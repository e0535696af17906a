import type { TKioskEvent, TKioskRead } from '@club/shared/realtime';
import type { TGame } from '@club/shared/tables';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { createCommittedBatches } from './committed-batches.ts';

const db = {} as Db;
const event = (id: number): TKioskEvent => ({
  id,
  type: 'table.updated',
  payload: { table_id: 1 },
  created_at: '2026-11-21T18:00:00.000Z',
});
const read = (seq: number, orderIds: number[]): TKioskRead => ({
  success: true,
  server_time: '2026-11-21T18:00:00.000Z',
  seq,
  tables: [],
  games: [],
  orders: orderIds.map((id) => ({ id, seq }) as unknown as TKioskRead['orders'][number]),
  player_orders: [],
  notifications: [],
});

describe('committed batches', () => {
  it('give the head from memory while the ids follow each other, and stop at a gap', () => {
    const batches = createCommittedBatches();
    batches.keep({ events: [event(1), event(2)], db });
    batches.keep({ events: [event(4)], db });
    expect(batches.headFrom(1).map((e) => e.id)).toEqual([1, 2]);
    batches.forgetBefore(3);
    expect(batches.headFrom(1)).toEqual([]);
  });

  it('merge the reads of a batch, later transactions winning, claiming the batch’s last id', () => {
    const batches = createCommittedBatches();
    batches.keep({ events: [event(1)], db, read: read(1, [7, 8]) });
    batches.keep({ events: [event(2)], db, read: read(2, [8]) });
    const merged = batches.readOf([event(1), event(2)]);
    expect(merged?.seq).toBe(2);
    expect(merged?.orders.map((o) => [o.id, (o as unknown as { seq: number }).seq])).toEqual([
      [7, 1],
      [8, 2],
    ]);
  });

  it('have no read for a batch when one of its events came without one', () => {
    const batches = createCommittedBatches();
    batches.keep({ events: [event(1)], db, read: read(1, []) });
    batches.keep({ events: [event(2)], db });
    expect(batches.readOf([event(1), event(2)])).toBeUndefined();
  });

  it('give the games their writers made views of, unless a later transaction changed them without one', () => {
    const batches = createCommittedBatches();
    const gameEvent = (id: number, gameId: number): TKioskEvent => ({
      id,
      type: 'game.updated',
      payload: { game_id: gameId, table_id: gameId },
      created_at: '2026-11-21T18:00:00.000Z',
    });
    const view = (id: number, status: string) => ({ id, status }) as unknown as TGame;
    batches.keep({
      events: [gameEvent(1, 10), gameEvent(2, 20)],
      db,
      known: { tables: [], games: [view(10, 'paused'), view(20, 'paused')], orders: [] },
    });
    batches.keep({ events: [gameEvent(3, 10)], db, known: { tables: [], games: [view(10, 'playing')], orders: [] } });
    batches.keep({ events: [gameEvent(4, 20)], db });
    const known = batches.knownOf([1, 2, 3, 4].map((id) => gameEvent(id, id === 1 || id === 3 ? 10 : 20)));
    // game 10 as its last writer made it; game 20 changed again without a view: read
    expect(known.games.map((g) => [g.id, g.status])).toEqual([[10, 'playing']]);
    // an event not from memory (another process's) is read too
    expect(batches.knownOf([gameEvent(1, 10), gameEvent(9, 10)]).games).toEqual([]);
  });
});

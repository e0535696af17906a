import type { TGame } from '@club/shared/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../tests/harness.ts';
import type { Database } from '../db/client.ts';
import { emit } from '../outbox/emit.ts';
import { trackRequestEvents } from '../outbox/request-events.ts';
import { offeredView, offerView } from './offered-views.ts';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const view = (id: number) => ({ id }) as unknown as TGame;
const write = (gameId: number) =>
  database.db.transaction((tx) => emit(tx, { type: 'game.updated', payload: { game_id: gameId, table_id: 1 } }));

describe('a game view offered by a write', () => {
  it('stands in for the outbox’s read of every event up to the write’s own, and no later one', async () => {
    const db = database.db;
    const lastId = await trackRequestEvents(async (mine) => {
      await write(41);
      await offerView(db, 41, Promise.resolve(view(41)));
      return mine.lastId!;
    });
    expect(await offeredView(db, 41, lastId)).toEqual(view(41));
    expect(await offeredView(db, 41, lastId - 1)).toEqual(view(41));
    // a later event about the game: the view may not hold it
    expect(offeredView(db, 41, lastId + 1)).toBeUndefined();
    expect(offeredView(db, 42, lastId)).toBeUndefined();
    expect(offeredView({}, 41, lastId), 'another kiosk’s database').toBeUndefined();
  });

  it('keeps every fresh view while it drops stale ones among many games', async () => {
    const db = database.db;
    const lastId = await trackRequestEvents(async (mine) => {
      await write(45);
      for (let id = 1000; id < 1150; id++) await offerView(db, id, Promise.resolve(view(id)));
      return mine.lastId!;
    });
    expect(offeredView(db, 1149, lastId)).toBeDefined();
    expect(offeredView(db, 1000, lastId), 'still fresh, kept').toBeDefined();
  });

  it('is not offered by a request that wrote nothing, or outside a request', async () => {
    const db = database.db;
    await trackRequestEvents(async () => {
      await offerView(db, 43, Promise.resolve(view(43)));
    });
    await offerView(db, 44, Promise.resolve(view(44)));
    expect(offeredView(db, 43, 0)).toBeUndefined();
    expect(offeredView(db, 44, 0)).toBeUndefined();
  });
});

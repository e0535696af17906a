import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../tests/harness.ts';
import type { Database } from './client.ts';
import { gameEvents, games, poolTables } from './schema.ts';
import { writeTogether } from './write-together.ts';

let database: Database;
const statements: string[] = [];
beforeAll(async () => {
  database = await freshDatabase({ logQuery: (query) => statements.push(query) });
});
afterAll(() => database.close());

describe('writeTogether', () => {
  it('runs independent writes as one statement, all or nothing', async () => {
    const { db } = database;
    const [table] = await db
      .insert(poolTables)
      .values({ name: 'Together', capacity: 4, pricePerMinute: 100 })
      .returning();
    const [game] = await db
      .insert(games)
      .values({ tableId: table!.id, status: 'playing', startedAt: new Date() })
      .returning();
    const id = game!.id;
    statements.length = 0;
    await writeTogether(
      db,
      db.update(games).set({ status: 'paused' }).where(eq(games.id, id)),
      false,
      db.insert(gameEvents).values({ gameId: id, kind: 'paused', at: new Date() }),
    );
    expect(statements).toHaveLength(1);
    expect((await db.select().from(games).where(eq(games.id, id)))[0]?.status).toBe('paused');
    expect((await db.select().from(gameEvents).where(eq(gameEvents.gameId, id))).map((e) => e.kind)).toEqual([
      'paused',
    ]);

    // one write that fails undoes the others
    await expect(
      writeTogether(
        db,
        db.update(games).set({ status: 'playing' }).where(eq(games.id, id)),
        db.insert(gameEvents).values({ gameId: id + 1_000_000, kind: 'unpaused', at: new Date() }),
      ),
    ).rejects.toThrow();
    expect((await db.select().from(games).where(eq(games.id, id)))[0]?.status).toBe('paused');
    await writeTogether(db);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../tests/harness.ts';
import type { Database } from './client.ts';
import { rowsOf } from './commit-with.ts';
import { renderedOnce } from './rendered-once.ts';
import { games, poolTables } from './schema.ts';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('renderedOnce', () => {
  it('fills the caller’s values, keeps the statement’s constants and maps a column’s value as Drizzle does', async () => {
    const { db } = database;
    const [table] = await db.insert(poolTables).values({ name: 'Once', capacity: 4, pricePerMinute: 100 }).returning();
    const startedAt = new Date('2026-11-28T20:15:00.000Z');
    // an insert: its values are placeholders wrapped in their columns' mapping (a Date becomes text)
    const insertGame = renderedOnce<{ tableId: number; startedAt: Date }>(
      drizzle
        .mock({ schema: { games } })
        .insert(games)
        .values({ tableId: sql.placeholder('tableId'), status: 'playing', startedAt: sql.placeholder('startedAt') })
        .returning({ id: games.id })
        .getSQL(),
    );
    const [inserted] = await rowsOf(db, insertGame({ tableId: table!.id, startedAt }));
    // a read: a bare placeholder and a constant ('playing') side by side
    const readGame = renderedOnce<{ id: number }>(
      sql`select ${games.tableId} as "tableId" from ${games} where ${and(eq(games.id, sql.placeholder('id')), eq(games.status, 'playing'))}`,
    );
    const [read] = await rowsOf(db, readGame({ id: Number(inserted!.id) }));
    expect(Number(read!.tableId)).toBe(table!.id);
    const [row] = await db
      .select()
      .from(games)
      .where(eq(games.id, Number(inserted!.id)));
    expect(row).toMatchObject({ tableId: table!.id, status: 'playing', startedAt });
  });

  it('refuses a statement whose text holds a $n of its own', () => {
    expect(() => renderedOnce(sql`select '$1' as ${sql.identifier('x')}, ${sql.placeholder('y')}`)).toThrow();
  });
});

import { z } from '@club/shared/zod';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../tests/harness.ts';
import type { Database } from '../db/client.ts';
import { defineSetting } from './define-setting.ts';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const ZLamp = z.object({ minutes: z.number().int().min(0) });

/** Another writer the kiosk cannot hear: an operator's SQL. */
const writeBehind = (key: string, value: unknown) =>
  database.db.execute(
    sql`insert into settings (key, value, updated_at) values (${key}, ${JSON.stringify(value)}::jsonb, now())
        on conflict (key) do update set value = excluded.value`,
  );

describe('defineSetting', () => {
  it('is its default until saved, then what was saved', async () => {
    const lamp = defineSetting('test_lamp', ZLamp, { minutes: 5 });
    expect(await lamp.get(database.db)).toEqual({ minutes: 5 });
    expect(await lamp.save(database.db, { minutes: 9 })).toEqual({ minutes: 9 });
    expect(await lamp.get(database.db)).toEqual({ minutes: 9 });
    expect(await lamp.read(database.db)).toEqual({ minutes: 9 });
  });

  it('keeps the value in memory; `read` goes to the database, `forget` drops the kept one', async () => {
    const lamp = defineSetting('test_kept', ZLamp, { minutes: 5 });
    await lamp.save(database.db, { minutes: 1 });
    expect(await lamp.get(database.db)).toEqual({ minutes: 1 });
    await writeBehind('test_kept', { minutes: 2 });
    expect(await lamp.get(database.db)).toEqual({ minutes: 1 });
    expect(await lamp.read(database.db)).toEqual({ minutes: 2 });
    lamp.forget(database.db);
    expect(await lamp.get(database.db)).toEqual({ minutes: 2 });
  });

  it('answers the default for a stored value its schema refuses', async () => {
    await writeBehind('test_old', { minutes: 'many' });
    const lamp = defineSetting('test_old', ZLamp, { minutes: 5 });
    expect(await lamp.get(database.db)).toEqual({ minutes: 5 });
  });

  it('saves inside a transaction, seen by the next read after it committed', async () => {
    const lamp = defineSetting('test_tx', ZLamp, { minutes: 5 });
    expect(await lamp.get(database.db)).toEqual({ minutes: 5 });
    await database.db.transaction(async (tx) => {
      await lamp.save(tx, { minutes: 7 });
      expect(await lamp.read(tx)).toEqual({ minutes: 7 });
    });
    lamp.forget(database.db);
    expect(await lamp.get(database.db)).toEqual({ minutes: 7 });
  });
});

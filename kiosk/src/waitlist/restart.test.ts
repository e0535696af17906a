import type { TTable } from '@club/shared/tables';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { createKiosk, type Kiosk } from '../app.ts';
import { loadConfig } from '../config.ts';
import { waitlistEntries } from '../db/schema.ts';
import { createLogger } from '../logger.ts';

let k: TestKiosk;
let second: Kiosk | undefined;

beforeAll(async () => {
  k = await startTestKiosk();
});
afterAll(async () => {
  await second?.close();
  await k.close();
});

describe('the waitlist across a restart', () => {
  it('ends an offer that ran out while no kiosk was running, and hands the table to the next party on start', async () => {
    const admin = await k.login(ADMIN.email, ADMIN.password);
    for (const t of (await k.get('/v1/table/all')).body.data as TTable[])
      await k.post('/v1/table/update', { ...t, active: false }, admin);
    const table = (await k.post('/v1/table/create', { name: 'Omstart', capacity: 2, price_per_minute: 100 }, admin))
      .body.table as TTable;
    const playing = await newPlayer(k);
    const late = await newPlayer(k);
    const next = await newPlayer(k);
    const game = (await k.post('/v1/game/join', { table_id: table.id }, playing.token)).body.game as { id: number };
    await k.post('/v1/waitlist/join', { party_size: 2 }, late.token);
    await k.post('/v1/waitlist/join', { party_size: 2 }, next.token);
    await k.post('/v1/game/leave', { game_id: game.id }, playing.token);
    await k.kiosk.waitlist.flush();
    const db = k.kiosk.database.db;
    const statusOf = async (userId: number) =>
      (await db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, userId)))[0]?.status;
    expect(await statusOf(late.user.id)).toBe('offered');

    // the kiosk stops; the claim minutes pass; a new kiosk starts on the same database
    await k.kiosk.waitlist.stop();
    await advance(k, 6 * 60_000);
    expect(await statusOf(late.user.id)).toBe('offered');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: 'memory://',
      PUBLIC_URL: 'http://club.test',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TEST_CLOCK: '1',
      LOG_LEVEL: 'silent',
    });
    second = await createKiosk({ config, logger: createLogger('silent'), database: k.kiosk.database });
    await vi.waitFor(async () => expect(await statusOf(next.user.id)).toBe('offered'), { timeout: 5000 });
    expect(await statusOf(late.user.id)).toBe('expired');
  });
});

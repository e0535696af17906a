import type { TGame, TMyPrice, TTable } from '@club/shared/tables';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { orders } from '../db/schema.ts';

const MIN = 60_000;
let k: TestKiosk;
let admin: string;

beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

async function newTable(price: number) {
  const answer = await k.post(
    '/v1/table/create',
    { name: `Bord ${Math.random().toString(36).slice(2, 6)}`, capacity: 4, price_per_minute: price },
    admin,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.table as TTable;
}
const mine = async (token: string, tableId: number) => {
  const answer = await k.get('/v1/pricing/mine', token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as TMyPrice[]).find((p) => p.table_id === tableId);
};

describe('the price a person is shown', () => {
  it('is their role’s price, and the bill charges exactly that', async () => {
    const table = await newTable(275);
    const player = await newPlayer(k);
    const price = await k.post(
      '/v1/pricing/update',
      { role_id: player.user.role_id, table_id: table.id, price_per_minute: 200 },
      admin,
    );
    expect(price.status, JSON.stringify(price.body)).toBe(200);

    expect(await mine(player.token, table.id)).toEqual({
      table_id: table.id,
      price_per_minute: 200,
      percent_off: 0,
      price_now: 200,
    });

    const joined = await k.post('/v1/game/join', { table_id: table.id }, player.token);
    const game = joined.body.game as TGame;
    await advance(k, 10 * MIN);
    const left = await k.post('/v1/game/leave', { game_id: game.id }, player.token);
    const [order] = await k.kiosk.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, left.body.order_id as number));
    expect(order?.total).toBe(10 * 200);
  });

  it('takes off the happy hour running now, as the bill does', async () => {
    const table = await newTable(300);
    const player = await newPlayer(k);
    const happy = await k.post(
      '/v1/discount/create',
      { name: 'Happy hour', kind: 'percent', value: 50, applies_to: 'table_time', role_id: player.user.role_id },
      admin,
    );
    expect(happy.status, JSON.stringify(happy.body)).toBe(200);
    try {
      const shown = await mine(player.token, table.id);
      expect(shown).toEqual({ table_id: table.id, price_per_minute: 300, percent_off: 50, price_now: 150 });

      const game = (await k.post('/v1/game/join', { table_id: table.id }, player.token)).body.game as TGame;
      await advance(k, 4 * MIN);
      const left = await k.post('/v1/game/leave', { game_id: game.id }, player.token);
      const [order] = await k.kiosk.database.db
        .select()
        .from(orders)
        .where(eq(orders.id, left.body.order_id as number));
      expect(order?.total).toBe(4 * shown!.price_now);
    } finally {
      await k.post(`/v1/discount/delete/${(happy.body.discount as { id: number }).id}`, {}, admin);
    }
  });

  it('is asked by someone signed in', async () => {
    expect((await k.get('/v1/pricing/mine')).status).toBe(401);
  });
});

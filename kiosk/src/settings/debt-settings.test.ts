import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';

let k: TestKiosk;
let admin: string;
let tableId: number;

beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
  tableId = (
    (await k.post('/v1/table/create', { name: 'Gjeld', capacity: 4, price_per_minute: 200 }, admin)).body.table as {
      id: number;
    }
  ).id;
});
afterAll(() => k.close());

/** The player plays a few minutes and leaves without paying: the id of the waiting order. */
async function owe(token: string): Promise<number> {
  const game = (await k.post('/v1/game/join', { table_id: tableId }, token)).body.game as { id: number };
  await advance(k, 3 * 60_000);
  return (await k.post('/v1/game/leave', { game_id: game.id }, token)).body.order_id as number;
}

describe('the club’s debt setting', () => {
  it('lets a player who owes money play while off (the default)', async () => {
    const p = await newPlayer(k);
    await owe(p.token);
    expect((await k.get('/v1/settings/debts', p.token)).body.settings).toEqual({ block_new_games: false });
    const again = await k.post('/v1/game/join', { table_id: tableId }, p.token);
    expect(again.status).toBe(200);
    await k.post('/v1/game/leave', { game_id: (again.body.game as { id: number }).id }, p.token);
  });

  it('refuses a new game to a player who owes money while on, until it is paid; only staff choose', async () => {
    const p = await newPlayer(k);
    const orderId = await owe(p.token);
    expect((await k.post('/v1/settings/debts', { block_new_games: true }, p.token)).status).toBe(403);
    expect((await k.post('/v1/settings/debts', { block_new_games: 'yes' }, admin)).status).toBe(422);
    expect((await k.post('/v1/settings/debts', { block_new_games: true }, admin)).status).toBe(200);

    const refused = await k.post('/v1/game/join', { table_id: tableId }, p.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('error.unpaid_orders_block_games');

    await k.post('/v1/payment/system', { order_id: orderId }, admin);
    expect((await k.post('/v1/game/join', { table_id: tableId }, p.token)).status).toBe(200);
    await k.post('/v1/settings/debts', { block_new_games: false }, admin);
  });
});

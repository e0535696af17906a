import type { TOrderDetail } from '@club/shared/orders';
import type { TGame, TTable } from '@club/shared/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk, tableName } from '../../tests/harness.ts';

const MIN = 60_000;
let k: TestKiosk;
let admin: string;

beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

async function newTable() {
  const answer = await k.post(
    '/v1/table/create',
    { name: tableName('Timer'), capacity: 4, price_per_minute: 200 },
    admin,
  );
  return answer.body.table as TTable;
}
const order = async (id: number) => (await k.get(`/v1/order/${id}`, admin)).body.order as TOrderDetail;

/** The player buys prepaid hours in the shop and pays them by card online, as on their phone. */
async function buyHours(token: string) {
  const product = (await k.post('/v1/subscription/create', { name: '2 timer', duration: 2, price: 20000 }, admin)).body
    .subscription as { id: number };
  expect((await k.post('/v1/cart/add', { subscription_id: product.id, count: 1 }, token)).status).toBe(200);
  const orderId = ((await k.post('/v1/order/init', {}, token)).body.order as { id: number }).id;
  const session = (await k.post('/v1/payment/card/init', { order_id: orderId }, token)).body.payment_id as string;
  await k.kiosk.card.simulator!.pay(session);
  expect((await order(orderId)).status).toBe('paid');
}

describe('prepaid hours bought during a game', () => {
  it('pay the minutes started after their payment; those before are charged', async () => {
    const table = await newTable();
    const p = await newPlayer(k);
    const game = (await k.post('/v1/game/join', { table_id: table.id }, p.token)).body.game as TGame;
    await advance(k, 10 * MIN + 30_000);
    await buyHours(p.token);

    // the running bill shows the switch: 11 started minutes charged, nothing since
    await advance(k, 20 * MIN);
    const shown = ((await k.get(`/v1/game/${game.id}`, p.token)).body.game as TGame).players[0]!;
    expect(shown.billing.subscription_from).toBeTruthy();
    expect(shown).toMatchObject({ minutes: 31, total: 11 * 200 });

    const left = await k.post('/v1/game/leave', { game_id: game.id }, p.token);
    const bill = await order(left.body.order_id as number);
    expect(bill.total).toBe(11 * 200);
    expect(bill.items[0]).toMatchObject({ minutes: 31, subscription_minutes: 20, total: 11 * 200 });
    // the hours paid for 20 minutes of play
    const hours = (await k.get('/v1/user/my-active-subscription', p.token)).body.subscription as {
      remaining_minutes: number;
    };
    expect(hours.remaining_minutes).toBe(120 - 20);
  });

  it('given by staff during a game pay from then on too', async () => {
    const table = await newTable();
    const p = await newPlayer(k);
    const product = (await k.post('/v1/subscription/create', { name: '1 time', duration: 1, price: 10000 }, admin)).body
      .subscription as { id: number };
    const game = (await k.post('/v1/game/join', { table_id: table.id }, p.token)).body.game as TGame;
    await advance(k, 5 * MIN);
    expect(
      (await k.post('/v1/subscription/add', { user_id: p.user.id, subscription_id: product.id }, admin)).status,
    ).toBe(200);
    await advance(k, 5 * MIN);
    const left = await k.post('/v1/game/leave', { game_id: game.id }, p.token);
    expect((await order(left.body.order_id as number)).total).toBe(5 * 200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';

let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

describe('which ways of paying are on', () => {
  it('all by default; an admin switches them; a switched-off way is refused', async () => {
    const p = await newPlayer(k);
    expect((await k.get('/v1/settings/payments', p.token)).body.settings).toEqual({
      vipps: true,
      card: true,
      physical: true,
    });
    const off = { vipps: false, card: false, physical: false };
    expect((await k.post('/v1/settings/payments', off, p.token)).status).toBe(403);
    expect((await k.post('/v1/settings/payments', { vipps: 'yes' }, admin)).status).toBe(422);
    expect((await k.post('/v1/settings/payments', off, admin)).body.settings).toEqual(off);

    const table = (await k.post('/v1/table/create', { name: 'S', capacity: 4, price_per_minute: 250 }, admin)).body
      .table as { id: number };
    const game = (await k.post('/v1/game/join', { table_id: table.id }, p.token)).body.game as { id: number };
    await advance(k, 10 * 60_000);
    const orderId = (await k.post('/v1/game/leave', { game_id: game.id }, p.token)).body.order_id as number;
    const refused = [
      await k.post('/v1/payment/card/init', { order_id: orderId }, p.token),
      await k.post('/v1/payment/vipps/init', { order_id: orderId, phone: '912 34 567' }, p.token),
      await k.post('/v1/payment/physical', { order_id: orderId }, p.token),
      await k.post('/v1/order/pay', { id: orderId, method: 'physical' }, p.token),
    ];
    expect(refused.map((r) => [r.status, r.body.message])).toEqual(
      Array.from({ length: 4 }, () => [404, 'error.payment_method_not_found']),
    );

    await k.post('/v1/settings/payments', { vipps: false, card: true, physical: false }, admin);
    expect((await k.post('/v1/payment/card/init', { order_id: orderId }, p.token)).status).toBe(200);
  });
});

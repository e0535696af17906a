import type { TPaymentStatus } from '@club/shared/orders';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../../tests/harness.ts';
import { payments } from '../../db/schema.ts';

let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

/**
 * Found by the kill -9 drill: the simulator (like any Vipps outage, or a payment Vipps never
 * got) can leave an open payment that Vipps does not answer for. Starting Vipps again for
 * that order looped for ever, re-asking Vipps, and the request never answered.
 */
it('starting Vipps again when Vipps does not know the open payment answers, with a new payment', async () => {
  const p = await newPlayer(k);
  const table = (await k.post('/v1/table/create', { name: 'F', capacity: 4, price_per_minute: 250 }, admin)).body
    .table as { id: number };
  const game = (await k.post('/v1/game/join', { table_id: table.id }, p.token)).body.game as { id: number };
  await advance(k, 10 * 60_000);
  const orderId = (await k.post('/v1/game/leave', { game_id: game.id }, p.token)).body.order_id as number;
  // an open payment whose reference Vipps has never seen (its memory of it is gone)
  await k.kiosk.database.db.insert(payments).values({
    orderId,
    provider: 'vipps',
    reference: `club-${orderId}-forgotten`,
    state: 'CREATED',
    amount: 2500,
    redirectUrl: `${k.url}/vipps-sim/landing?token=club-${orderId}-forgotten`,
  });
  const started = await Promise.race([
    k.post('/v1/payment/vipps/init', { order_id: orderId, phone: '912 34 567' }, p.token),
    new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 5000)),
  ]);
  expect(started).not.toBe('hung');
  if (started === 'hung') return;
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  expect(started.body.redirect_url).not.toContain('forgotten');
  const status = (await k.get(`/v1/payment/status/${orderId}`, p.token)).body.status as TPaymentStatus;
  expect(status.payment).toMatchObject({ state: 'CREATED', amount: 2500 });
  expect(status.payment?.reference).not.toContain('forgotten');
});

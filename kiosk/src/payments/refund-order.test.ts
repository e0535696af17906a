import type { TOrderDetail } from '@club/shared/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk, tableName } from '../../tests/harness.ts';

let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

async function gameOrder() {
  const p = await newPlayer(k);
  const table = (await k.post('/v1/table/create', { name: tableName('R'), capacity: 4, price_per_minute: 250 }, admin))
    .body.table as { id: number };
  const game = (await k.post('/v1/game/join', { table_id: table.id }, p.token)).body.game as { id: number };
  await advance(k, 10 * 60_000);
  const orderId = (await k.post('/v1/game/leave', { game_id: game.id }, p.token)).body.order_id as number;
  return { p, orderId };
}
const detail = async (orderId: number) => (await k.get(`/v1/order/${orderId}`, admin)).body.order as TOrderDetail;
const refund = (id: number, body: { amount?: number; reason?: string } = {}, token = admin) =>
  k.post('/v1/order/refund', { id, reason: 'Bordet var ustabilt', ...body }, token);

async function paidByCard() {
  const o = await gameOrder();
  const session = (await k.post('/v1/payment/card/init', { order_id: o.orderId }, o.p.token)).body.payment_id as string;
  await k.kiosk.card.simulator!.pay(session);
  expect((await detail(o.orderId)).status).toBe('paid');
  return { ...o, intent: k.kiosk.card.simulator!.session(session)!.paymentIntent! };
}
async function paidBySystem() {
  const o = await gameOrder();
  expect((await k.post('/v1/payment/system', { order_id: o.orderId }, admin)).status).toBe(200);
  return o;
}

describe('refunds', () => {
  it('card: a part, then the rest through Stripe; the order ends refunded and the player is told', async () => {
    const { p, orderId, intent } = await paidByCard();
    const part = await refund(orderId, { amount: 1000 });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.order).toMatchObject({ status: 'paid', refunded_amount: 1000 });
    expect(k.kiosk.card.simulator!.refunded(intent)).toBe(1000);

    const rest = await refund(orderId);
    expect(rest.body.order).toMatchObject({ status: 'refunded', method: 'card', refunded_amount: 2500 });
    expect(k.kiosk.card.simulator!.refunded(intent)).toBe(2500);
    const after = await detail(orderId);
    expect(after.refunds.map((r) => [r.method, r.amount, r.state])).toEqual([
      ['card', 1000, 'SUCCEEDED'],
      ['card', 1500, 'SUCCEEDED'],
    ]);
    expect(after.timeline!.at(-1)).toMatchObject({ from: 'paid', to: 'refunded' });
    const again = await refund(orderId, { amount: 1 });
    expect([again.status, again.body.message]).toEqual([409, 'error.refund_too_large']);
    const notes = (await k.get('/v1/notification/my', p.token)).body.data as { message: string }[];
    expect(notes.map((n) => n.message)).toEqual(
      expect.arrayContaining([expect.stringContaining('kr\u00a015,00 er betalt tilbake på K-')]),
    );
  });

  it('Vipps: through the ePayment refund call', async () => {
    const { p, orderId } = await gameOrder();
    const redirect = (await k.post('/v1/payment/vipps/init', { order_id: orderId, phone: '912 34 567' }, p.token)).body
      .redirect_url as string;
    const reference = new URL(redirect).searchParams.get('token')!;
    await k.kiosk.vipps.simulator!.approve(reference);
    expect((await detail(orderId)).status).toBe('paid');
    expect((await refund(orderId, { amount: 700 })).body.order).toMatchObject({ refunded_amount: 700 });
    const remote = await k.kiosk.vipps.client.getPayment(reference);
    expect(remote.aggregate.refundedAmount.value).toBe(700);
    expect(remote.aggregate.capturedAmount.value).toBe(2500);
  });

  it('system and physical: recorded as money handed back', async () => {
    const { orderId } = await paidBySystem();
    const done = await refund(orderId);
    expect(done.body.order).toMatchObject({ status: 'refunded', method: 'system', refunded_amount: 2500 });
    expect((await detail(orderId)).refunds).toMatchObject([{ method: 'system', amount: 2500, state: 'SUCCEEDED' }]);
  });

  it('concurrent refunds can never add up to more than was paid', async () => {
    const { orderId } = await paidBySystem();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(orderId, { amount: 1000 })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.message === 'error.refund_too_large')).toBe(
      true,
    );
    const after = await detail(orderId);
    expect([after.status, after.refunded_amount]).toEqual(['paid', 2000]);
  });

  it('refuses more than is left, an unpaid order, a player, and a missing reason', async () => {
    const { orderId } = await paidBySystem();
    expect((await refund(orderId, { amount: 2501 })).body.message).toBe('error.refund_too_large');
    const waiting = await gameOrder();
    expect((await refund(waiting.orderId)).body.message).toBe('error.unable_to_update_order');
    expect((await refund(orderId, {}, waiting.p.token)).status).toBe(403);
    const noReason = await k.post('/v1/order/refund', { id: orderId }, admin);
    expect([noReason.status, noReason.body.message]).toEqual([422, 'error.validation_failed']);
    expect((await refund(orderId, { amount: 0 })).status).toBe(422);
    expect((await detail(orderId)).refunded_amount).toBe(0);
  });

  it('a provider that fails before doing anything is no refusal: the refund stays pending with its key and is made once when asked again', async () => {
    const { orderId, intent } = await paidByCard();
    // more 5xx than the Stripe client retries
    k.kiosk.card.simulator!.faults.failRequests = 5;
    const unknown = await refund(orderId, { amount: 500 });
    k.kiosk.card.simulator!.faults.failRequests = 0;
    expect(unknown.status, JSON.stringify(unknown.body)).toBe(200);
    expect(unknown.body.refund).toMatchObject({ amount: 500, state: 'PENDING', receipt_number: null });
    expect((await detail(orderId)).refunded_amount).toBe(500);
    expect(k.kiosk.card.simulator!.refunded(intent)).toBe(0);
    // staff cannot start another refund while this one has no answer
    const another = await refund(orderId, { amount: 500 });
    expect([another.status, another.body.message]).toEqual([409, 'error.refund_pending']);
    const retried = await k.post('/v1/order/refund/retry', { id: orderId }, admin);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect((retried.body.order as TOrderDetail).refunds).toMatchObject([{ amount: 500, state: 'SUCCEEDED' }]);
    expect(k.kiosk.card.simulator!.refunded(intent)).toBe(500);
    // asking again changes nothing
    await k.post('/v1/order/refund/retry', { id: orderId }, admin);
    expect(k.kiosk.card.simulator!.refunded(intent)).toBe(500);
    expect((await detail(orderId)).refunded_amount).toBe(500);
  });

  it('a refusal the provider states releases the amount and records the refund as failed', async () => {
    const { orderId, intent } = await paidByCard();
    // Stripe refuses more than is left on the charge: all of it was given back outside the app
    await k.kiosk.card.client.refund({ paymentIntent: intent, key: `outside-${orderId}`, orderId });
    const refused = await refund(orderId, { amount: 500 });
    expect([refused.status, refused.body.message]).toEqual([409, 'error.refund_refused']);
    const after = await detail(orderId);
    expect([after.refunded_amount, after.refunds[0]!.state]).toEqual([0, 'FAILED']);
    // only the retry route is for refunds still waiting: a failed one is not asked again
    await k.post('/v1/order/refund/retry', { id: orderId }, admin);
    expect((await detail(orderId)).refunds.map((r) => r.state)).toEqual(['FAILED']);
  });

  it('only admins ask again', async () => {
    const { p, orderId } = await paidByCard();
    expect((await k.post('/v1/order/refund/retry', { id: orderId }, p.token)).status).toBe(403);
  });
});

/**
 * Drill: refunds through Stripe (the card simulator) and Vipps (the ePayment simulator)
 * whose answers are lost, whose provider is down, or whose database fails after the
 * provider paid. Whatever happens, the money leaves once, the register journals one return
 * receipt for it, and only a refusal the provider states gives the amount back to refund.
 */
import type { TOrderDetail } from '@club/shared/orders';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashJournal } from '../../kiosk/src/db/schema.ts';
import { finishStalledRefunds } from '../../kiosk/src/payments/finish-refunds.ts';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../kiosk/tests/harness.ts';

let k: TestKiosk;
let admin: string;
let tableId: number;

beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
  tableId = (
    (await k.post('/v1/table/create', { name: 'R', capacity: 8, price_per_minute: 250 }, admin)).body.table as {
      id: number;
    }
  ).id;
});
afterAll(() => k?.close());

const db = () => k.kiosk.database.db;
const card = () => k.kiosk.card.simulator!;
const vipps = () => k.kiosk.vipps.simulator!;
const VIPPS_REFUND = /^POST \/epayment\/v1\/payments\/[^/]+\/refund$/;
const STRIPE_REFUND = /^POST \/v1\/refunds$/;

function calm() {
  Object.assign(card().faults, { failRequests: 0, loseAnswers: 0, failOn: /./ });
  Object.assign(vipps().faults, { failRequests: 0, loseAnswers: 0, failOn: /^(GET|POST) \/epayment\/v1\/payments/ });
}

/** An order of 25 kr paid through the provider, and how to read what the provider gave back. */
async function paid(provider: 'card' | 'vipps') {
  const p = await newPlayer(k);
  const game = (await k.post('/v1/game/join', { table_id: tableId }, p.token)).body.game as { id: number };
  await advance(k, 10 * 60_000);
  const orderId = (await k.post('/v1/game/leave', { game_id: game.id }, p.token)).body.order_id as number;
  if (provider === 'card') {
    const session = (await k.post('/v1/payment/card/init', { order_id: orderId }, p.token)).body.payment_id as string;
    await card().pay(session);
    const intent = card().session(session)!.paymentIntent!;
    return { orderId, reference: session, givenBack: async () => card().refunded(intent) };
  }
  const redirect = (await k.post('/v1/payment/vipps/init', { order_id: orderId, phone: '912 34 567' }, p.token)).body
    .redirect_url as string;
  const reference = new URL(redirect).searchParams.get('token')!;
  await vipps().approve(reference);
  await expect.poll(async () => (await detail(orderId)).status).toBe('paid');
  return {
    orderId,
    reference,
    givenBack: async () => (await k.kiosk.vipps.client.getPayment(reference)).aggregate.refundedAmount.value,
  };
}
const detail = async (id: number) => (await k.get(`/v1/order/${id}`, admin)).body.order as TOrderDetail;
const refund = (id: number, amount: number) =>
  k.post('/v1/order/refund', { id, amount, reason: 'Bordet var ustabilt' }, admin);
const sweep = () => finishStalledRefunds(k.kiosk.deps, { vipps: k.kiosk.vipps, card: k.kiosk.card });
const returnReceipts = (orderId: number) =>
  db()
    .select({ amount: cashJournal.amountIn })
    .from(cashJournal)
    .where(and(eq(cashJournal.orderId, orderId), eq(cashJournal.eventCode, '13013')));

/** Given back once: the provider's refunds add up to the amount, one return receipt, one refund done. */
async function givenBackOnce(orderId: number, givenBack: () => Promise<number>, amount: number) {
  expect(await givenBack()).toBe(amount);
  expect(await returnReceipts(orderId)).toEqual([{ amount: -amount }]);
  const after = await detail(orderId);
  expect(after.refunded_amount).toBe(amount);
  expect(after.refunds.map((r) => [r.amount, r.state])).toEqual([[amount, 'SUCCEEDED']]);
}

describe.each(['card', 'vipps'] as const)('refunds through %s', (provider) => {
  const loseTheAnswer = () =>
    provider === 'card'
      ? // every try of the Stripe client (it retries twice with the same key) loses its answer
        Object.assign(card().faults, { failOn: STRIPE_REFUND, loseAnswers: 3 })
      : Object.assign(vipps().faults, { failOn: VIPPS_REFUND, loseAnswers: 1 });
  const downForRefunds = () =>
    provider === 'card'
      ? Object.assign(card().faults, { failOn: STRIPE_REFUND, failRequests: 100 })
      : Object.assign(vipps().faults, { failOn: VIPPS_REFUND, failRequests: 100 });

  it('the provider refunds, then the answer is lost: pending, staff cannot pay it again, the sweep records it once', async () => {
    const { orderId, givenBack } = await paid(provider);
    loseTheAnswer();
    const first = await refund(orderId, 1_000);
    calm();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.refund).toMatchObject({ amount: 1_000, state: 'PENDING' });
    // the provider did give it back, the books do not say so yet
    expect(await givenBack()).toBe(1_000);
    expect(await returnReceipts(orderId)).toEqual([]);
    // staff, seeing no confirmation, try again: no second payout
    const again = await refund(orderId, 1_000);
    expect([again.status, again.body.message]).toEqual([409, 'error.refund_pending']);
    expect(await givenBack()).toBe(1_000);

    // the provider is down when the sweep asks: still pending, amount still held
    downForRefunds();
    await sweep();
    calm();
    expect((await detail(orderId)).refunds.map((r) => r.state)).toEqual(['PENDING']);
    expect((await detail(orderId)).refunded_amount).toBe(1_000);

    await sweep();
    await givenBackOnce(orderId, givenBack, 1_000);
    // nothing left to ask about: a second sweep changes nothing
    await sweep();
    await givenBackOnce(orderId, givenBack, 1_000);
  });

  it('staff asking again gets the refund the provider already made, not a second one', async () => {
    const { orderId, givenBack } = await paid(provider);
    loseTheAnswer();
    expect((await refund(orderId, 2_500)).body.refund).toMatchObject({ state: 'PENDING' });
    calm();
    const asked = await k.post('/v1/order/refund/retry', { id: orderId }, admin);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.order).toMatchObject({ status: 'refunded', refunded_amount: 2_500 });
    await givenBackOnce(orderId, givenBack, 2_500);
  });

  it('the database fails after the provider refunded: pending, then recorded once', async () => {
    const { orderId, givenBack } = await paid(provider);
    // the return receipt cannot be written: the transaction recording the refund fails
    await db().execute(sql`
      create or replace function drill_no_returns() returns trigger language plpgsql as $$
      begin raise exception 'drill: the disk is full'; end $$`);
    await db().execute(sql`
      create trigger drill_no_returns before insert on cash_journal
      for each row when (new.event_code = '13013') execute function drill_no_returns()`);
    let first: Awaited<ReturnType<typeof refund>>;
    try {
      first = await refund(orderId, 700);
    } finally {
      await db().execute(sql`drop trigger drill_no_returns on cash_journal`);
    }
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.refund).toMatchObject({ state: 'PENDING' });
    expect(await givenBack()).toBe(700);
    expect((await refund(orderId, 700)).body.message).toBe('error.refund_pending');
    await sweep();
    await givenBackOnce(orderId, givenBack, 700);
  });

  it('a refusal the provider states gives the amount back to refund', async () => {
    const { orderId, givenBack, reference } = await paid(provider);
    // everything was given back outside the app: the provider refuses more
    if (provider === 'card') {
      const intent = card().session(reference)!.paymentIntent!;
      await k.kiosk.card.client.refund({ paymentIntent: intent, key: `outside-${orderId}`, orderId });
    } else await k.kiosk.vipps.client.refund(reference, 2_500, `outside-${orderId}`);
    const refused = await refund(orderId, 500);
    expect([refused.status, refused.body.message]).toEqual([409, 'error.refund_refused']);
    const after = await detail(orderId);
    expect([after.refunded_amount, after.refunds.map((r) => r.state)]).toEqual([0, ['FAILED']]);
    expect(await givenBack()).toBe(2_500);
    expect(await returnReceipts(orderId)).toEqual([]);
  });
});

describe('refunds through card, the answer too late', () => {
  let slow: TestKiosk;
  beforeAll(async () => {
    // Stripe given half a second per try: the simulator's late answers come after it gave up
    slow = await startTestKiosk({ env: { PROVIDER_TIMEOUT_MS: '500' } });
  });
  afterAll(() => slow?.close());

  it('the simulator refunds, every try times out: pending, then recorded once by the sweep', async () => {
    const token = await slow.login(ADMIN.email, ADMIN.password);
    const sim = slow.kiosk.card.simulator!;
    const table = (
      (await slow.post('/v1/table/create', { name: 'T', capacity: 2, price_per_minute: 250 }, token)).body.table as {
        id: number;
      }
    ).id;
    const p = await newPlayer(slow);
    const game = (await slow.post('/v1/game/join', { table_id: table }, p.token)).body.game as { id: number };
    await advance(slow, 10 * 60_000);
    const orderId = (await slow.post('/v1/game/leave', { game_id: game.id }, p.token)).body.order_id as number;
    const session = (await slow.post('/v1/payment/card/init', { order_id: orderId }, p.token)).body
      .payment_id as string;
    await sim.pay(session);
    const intent = sim.session(session)!.paymentIntent!;

    // the first try and both of the client's retries (same key) are answered after 1,5 s
    Object.assign(sim.faults, { failOn: STRIPE_REFUND, lateAnswers: 3, lateAnswerMs: 1_500 });
    const first = await slow.post('/v1/order/refund', { id: orderId, amount: 1_200, reason: 'Tregt svar' }, token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.refund).toMatchObject({ amount: 1_200, state: 'PENDING' });
    expect(sim.refunded(intent)).toBe(1_200);
    expect(
      (await slow.post('/v1/order/refund', { id: orderId, amount: 1_200, reason: 'Igjen' }, token)).body.message,
    ).toBe('error.refund_pending');
    Object.assign(sim.faults, { lateAnswers: 0, failOn: /./ });

    await finishStalledRefunds(slow.kiosk.deps, { vipps: slow.kiosk.vipps, card: slow.kiosk.card });
    expect(sim.refunded(intent)).toBe(1_200);
    const after = (await slow.get(`/v1/order/${orderId}`, token)).body.order as TOrderDetail;
    expect(after.refunds.map((r) => [r.amount, r.state])).toEqual([[1_200, 'SUCCEEDED']]);
    const receipts = await slow.kiosk.database.db
      .select({ amount: cashJournal.amountIn })
      .from(cashJournal)
      .where(and(eq(cashJournal.orderId, orderId), eq(cashJournal.eventCode, '13013')));
    expect(receipts).toEqual([{ amount: -1_200 }]);
  });
});

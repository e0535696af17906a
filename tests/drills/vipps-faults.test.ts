/**
 * Drill: the Vipps simulator slow, failing, forgetting its answers and
 * dropping, doubling or replaying its webhooks (which it delivers over HTTP and retries
 * when the kiosk does not take them). Whatever it does, no order is charged twice,
 * none is left unresolved (polling settles what webhooks do not), replays change nothing,
 * and starting a payment several times at once makes one payment.
 */
import type { TOrderDetail, TPaymentStatus } from '@club/shared/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../kiosk/src/db/schema.ts';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../kiosk/tests/harness.ts';
import { eventually } from './support.ts';

let k: TestKiosk;
let admin: string;
let tableId: number;
/** every order the drill paid for: checked together at the end */
const paidOrders: number[] = [];

const sim = () => k.kiosk.vipps.simulator!;
const CAPTURE = /^POST \/epayment\/v1\/payments\/[^/]+\/capture$/;
const CREATE = /^POST \/epayment\/v1\/payments$/;

beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
  tableId = (
    (await k.post('/v1/table/create', { name: 'V', capacity: 8, price_per_minute: 250 }, admin)).body.table as {
      id: number;
    }
  ).id;
  // poll what is open every 200 ms instead of 15 s, so 'settled by polling' shows in moments
  k.kiosk.vipps.start(200);
});
afterAll(() => k?.close());

function calm() {
  Object.assign(sim().faults, {
    dropWebhooks: false,
    duplicateWebhooks: false,
    delayMs: 0,
    failRequests: 0,
    loseAnswers: 0,
    failOn: /^(GET|POST) \/epayment\/v1\/payments/,
  });
}

/** A player who played ten minutes: an order of 25 kr waiting to be paid. */
async function gameOrder() {
  const p = await newPlayer(k);
  const game = (await k.post('/v1/game/join', { table_id: tableId }, p.token)).body.game as { id: number };
  await advance(k, 10 * 60_000);
  const orderId = (await k.post('/v1/game/leave', { game_id: game.id }, p.token)).body.order_id as number;
  return { p, orderId };
}
const init = (orderId: number, token: string) =>
  k.post('/v1/payment/vipps/init', { order_id: orderId, phone: '912 34 567' }, token);
const referenceOf = (redirect: string) => new URL(redirect).searchParams.get('token')!;
/** what the kiosk says without asking Vipps (a plain read) */
const order = async (orderId: number) => (await k.get(`/v1/order/${orderId}`, admin)).body.order as TOrderDetail;
const status = async (orderId: number, token: string) =>
  (await k.get(`/v1/payment/status/${orderId}`, token)).body.status as TPaymentStatus;
const simPaymentsOf = (orderId: number) =>
  sim()
    .references()
    .filter((r) => r.startsWith(`club-${orderId}-`))
    .map((r) => sim().payment(r)!);
const paidByItself = (orderId: number) =>
  eventually(async () => (await order(orderId)).status === 'paid', 20_000, `order ${orderId} paid`);

/** Charged once: one captured payment at Vipps for the whole amount, one 'paid' in the order's timeline. */
async function chargedOnce(orderId: number) {
  const detail = await order(orderId);
  expect(detail).toMatchObject({ status: 'paid', method: 'vipps' });
  expect(detail.timeline!.filter((e) => e.to === 'paid')).toHaveLength(1);
  const captured = simPaymentsOf(orderId).filter((p) => p.captured > 0);
  expect(captured).toHaveLength(1);
  expect(captured[0]).toMatchObject({ captured: detail.total });
  expect(captured[0]!.events.filter((e) => e === 'CAPTURED')).toHaveLength(1);
  const rows = await k.kiosk.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  expect(rows.filter((r) => r.state === 'CAPTURED')).toHaveLength(1);
  paidOrders.push(orderId);
}

describe('Vipps misbehaving', () => {
  it('slow: starting one payment six times at once makes one payment, charged once', async () => {
    const { p, orderId } = await gameOrder();
    sim().faults.delayMs = 250;
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => init(orderId, p.token)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.body.redirect_url)).size).toBe(1);
      expect(simPaymentsOf(orderId)).toHaveLength(1);
      const rows = await k.kiosk.database.db.select().from(payments).where(eq(payments.orderId, orderId));
      expect(rows.map((r) => r.state)).toEqual(['CREATED']);
      await sim().approve(referenceOf(answers[0]!.body.redirect_url as string));
      await paidByItself(orderId);
    } finally {
      calm();
    }
    await chargedOnce(orderId);
  });

  it('a lost answer to "create" still gives the payer the one payment Vipps made', async () => {
    const { p, orderId } = await gameOrder();
    Object.assign(sim().faults, { failOn: CREATE, loseAnswers: 1 });
    const started = await init(orderId, p.token);
    calm();
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(sim().faults.hits.lost).toBeGreaterThan(0);
    expect(simPaymentsOf(orderId)).toHaveLength(1);
    await sim().approve(referenceOf(started.body.redirect_url as string));
    await paidByItself(orderId);
    await chargedOnce(orderId);
  });

  it('a refused "create" answers error.payment_not_initialized, and the next try makes one payment', async () => {
    const { p, orderId } = await gameOrder();
    Object.assign(sim().faults, { failOn: CREATE, failRequests: 1 });
    const refused = await init(orderId, p.token);
    calm();
    expect(refused).toMatchObject({ body: { success: false, message: 'error.payment_not_initialized' } });
    expect(simPaymentsOf(orderId)).toHaveLength(0);
    const started = await init(orderId, p.token);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(simPaymentsOf(orderId)).toHaveLength(1);
    await sim().approve(referenceOf(started.body.redirect_url as string));
    await paidByItself(orderId);
    await chargedOnce(orderId);
  });

  it('a failing capture is retried until it goes through, once', async () => {
    const { p, orderId } = await gameOrder();
    const redirect = (await init(orderId, p.token)).body.redirect_url as string;
    const failedBefore = sim().faults.hits.failed;
    Object.assign(sim().faults, { failOn: CAPTURE, failRequests: 3 });
    await sim().approve(referenceOf(redirect));
    // the webhook could not settle it and said so (Vipps delivers again on a non-2xx answer)
    const hook = sim().deliveries.find((d) => d.body.includes(referenceOf(redirect)) && d.body.includes('AUTHORIZED'));
    expect(hook?.status).toBe(503);
    await paidByItself(orderId);
    expect(sim().faults.hits.failed - failedBefore).toBe(3);
    calm();
    // and Vipps delivers the refused webhook again, with a new signature, until the kiosk takes it
    const again = await eventually(
      () =>
        sim().deliveries.find(
          (d) => d.body.includes(referenceOf(redirect)) && d.body.includes('AUTHORIZED') && d.attempt > 1,
        ),
      10_000,
      'the refused webhook delivered again',
    );
    expect(again.status).toBe(200);
    expect(again.headers['x-ms-date']).toBeDefined();
    await chargedOnce(orderId);
  });

  it('a capture whose answer was lost is not made again', async () => {
    const { p, orderId } = await gameOrder();
    const redirect = (await init(orderId, p.token)).body.redirect_url as string;
    Object.assign(sim().faults, { failOn: CAPTURE, loseAnswers: 1 });
    await sim().approve(referenceOf(redirect));
    await paidByItself(orderId);
    calm();
    await chargedOnce(orderId);
  });

  it('dropped webhooks: polling alone settles the payment', async () => {
    const { p, orderId } = await gameOrder();
    const redirect = (await init(orderId, p.token)).body.redirect_url as string;
    sim().faults.dropWebhooks = true;
    try {
      await sim().approve(referenceOf(redirect));
      // nobody asks about it: the kiosk's own polling does
      await paidByItself(orderId);
    } finally {
      calm();
    }
    await chargedOnce(orderId);
  });

  it('Vipps away for a while: the order waits, answers stay calm, and it settles when Vipps is back', async () => {
    const { p, orderId } = await gameOrder();
    const redirect = (await init(orderId, p.token)).body.redirect_url as string;
    Object.assign(sim().faults, { failRequests: 1_000_000, delayMs: 50 });
    try {
      await sim().approve(referenceOf(redirect));
      // the player's screen keeps asking: it hears 'waiting', never an error
      for (let i = 0; i < 5; i++) {
        const answer = await k.get(`/v1/payment/status/${orderId}`, p.token);
        expect(answer.status).toBe(200);
        expect((answer.body.status as TPaymentStatus).order_status).toBe('waiting');
      }
      // starting again answers with a key, at once, instead of spinning
      expect((await init(orderId, p.token)).body.message).toBe('error.payment_not_initialized');
    } finally {
      calm();
    }
    await paidByItself(orderId);
    await chargedOnce(orderId);
    expect(await status(orderId, p.token)).toMatchObject({ order_status: 'paid', payment: { state: 'CAPTURED' } });
  });

  it('doubled and replayed webhooks change nothing, also for a payment the payer rejected', async () => {
    const { p, orderId } = await gameOrder();
    const rejected = (await init(orderId, p.token)).body.redirect_url as string;
    await sim().reject(referenceOf(rejected));
    expect((await status(orderId, p.token)).payment?.state).toBe('ABORTED');
    const second = (await init(orderId, p.token)).body.redirect_url as string;
    sim().faults.duplicateWebhooks = true;
    try {
      await sim().approve(referenceOf(second));
    } finally {
      calm();
    }
    await paidByItself(orderId);
    await chargedOnce(orderId);

    // every webhook of the drill, again, twice at once
    const before = await snapshot();
    const [a, b] = await Promise.all([sim().replay(), sim().replay()]);
    expect(a).toBeGreaterThan(10);
    expect(b).toBe(a);
    expect(await snapshot()).toEqual(before);
    expect(sim().payment(referenceOf(rejected))).toMatchObject({ state: 'ABORTED', captured: 0 });
  });

  it('in the end: every order charged once, no money left reserved, nothing open', async () => {
    expect(paidOrders.length).toBe(8);
    for (const orderId of paidOrders) {
      const detail = await order(orderId);
      expect(detail.timeline!.filter((e) => e.to === 'paid')).toHaveLength(1);
      const mine = simPaymentsOf(orderId);
      expect(mine.filter((x) => x.captured > 0)).toHaveLength(1);
      for (const x of mine) {
        // a reservation is either taken or given back
        expect(x.captured + x.cancelled).toBe(x.authorized);
        expect(['AUTHORIZED', 'ABORTED', 'TERMINATED', 'EXPIRED']).toContain(x.state);
      }
    }
    const open = await k.kiosk.database.db.select().from(payments).where(eq(payments.state, 'CREATED'));
    expect(open.filter((r) => paidOrders.includes(r.orderId))).toEqual([]);
  });
});

/** What a replay must not change: orders, their timelines, payments here and at Vipps. */
async function snapshot() {
  const rows = await k.kiosk.database.db.select().from(payments);
  return {
    orders: await Promise.all(
      paidOrders.map(async (id) => {
        const o = await order(id);
        return { id, status: o.status, method: o.method, total: o.total, timeline: o.timeline?.length };
      }),
    ),
    payments: rows.map((r) => ({ id: r.id, state: r.state, amount: r.amount })).sort((x, y) => x.id - y.id),
    vipps: sim()
      .references()
      .sort()
      .map((r) => sim().payment(r)),
  };
}

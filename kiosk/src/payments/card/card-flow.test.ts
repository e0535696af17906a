import { clock } from '@club/shared/clock';
import type { TOrderDetail, TPaymentStatus } from '@club/shared/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk, tableName } from '../../../tests/harness.ts';
import { users } from '../../db/schema.ts';
import { createLogger } from '../../logger.ts';
import { finishGiveBacks, STALLED_REFUND_MS } from '../finish-refunds.ts';
import { stripeSignature } from './webhook-sender.ts';

let k: TestKiosk;
let admin: string;
const logLines: string[] = [];
beforeAll(async () => {
  k = await startTestKiosk({
    logger: createLogger('warn', { write: (line: string) => void logLines.push(line) }),
  });
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

const sim = () => k.kiosk.card.simulator!;

async function gameOrder(minutes = 10) {
  const p = await newPlayer(k);
  const table = (await k.post('/v1/table/create', { name: tableName('K'), capacity: 4, price_per_minute: 250 }, admin))
    .body.table as { id: number; name: string };
  const game = (await k.post('/v1/game/join', { table_id: table.id }, p.token)).body.game as { id: number };
  await advance(k, minutes * 60_000);
  const orderId = (await k.post('/v1/game/leave', { game_id: game.id }, p.token)).body.order_id as number;
  return { p, orderId, table };
}
const init = (orderId: number, token: string) => k.post('/v1/payment/card/init', { order_id: orderId }, token);
const order = async (orderId: number, token: string) =>
  (await k.get(`/v1/order/${orderId}`, token)).body.order as TOrderDetail;
const status = async (orderId: number, token: string) =>
  (await k.get(`/v1/payment/status/${orderId}`, token)).body.status as TPaymentStatus;

/** Presses a button on the simulator's hosted page as a browser would. */
async function press(redirect: string, action: 'pay' | 'fail' | 'cancel') {
  const page = new URL(redirect);
  const html = await (await fetch(`${k.url}${page.pathname}`)).text();
  const form = new RegExp(`<form method="post" action="([^"]+)"><button class="${action}"`).exec(html)?.[1];
  const target = new URL(form ?? 'missing', page);
  return fetch(`${k.url}${target.pathname}`, { method: 'POST', redirect: 'manual' });
}

/** A Stripe event about a session, signed as the endpoint's secret signs (or not). */
function event(type: string, session: Record<string, unknown>, id = `evt_test_${Math.random().toString(36).slice(2)}`) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    created: 0,
    livemode: false,
    data: { object: { object: 'checkout.session', currency: 'nok', ...session } },
  });
}
const deliver = (body: string, signature: string | undefined) =>
  fetch(`${k.url}/v1/payment/card/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body,
  });
const signed = (body: string) => deliver(body, stripeSignature(sim().webhookSecret, body));

describe('paying by card', () => {
  it('init → hosted page → pay → signed webhook → the order is paid with method card', async () => {
    const { p, orderId } = await gameOrder();
    const started = await init(orderId, p.token);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const redirect = started.body.redirect_url as string;
    expect(redirect).toMatch(/^http:\/\/club\.test\/stripe-sim\/pay\/cs_test_[0-9a-f]+$/);
    expect(started.body.payment_id).toBe(redirect.split('/').pop());
    expect(sim().session(started.body.payment_id as string)).toMatchObject({
      amountTotal: 2500,
      currency: 'nok',
      clientReferenceId: String(orderId),
    });
    const page = await (await fetch(`${k.url}${new URL(redirect).pathname}`)).text();
    expect(page).toContain('kr\u00a025,00');

    const paid = await press(redirect, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://club.test/payment/result/${orderId}`);
    // paid by the webhook alone: a plain read never asks Stripe
    const done = await order(orderId, p.token);
    expect(done).toMatchObject({ status: 'paid', method: 'card', refunded_amount: 0 });
    expect(done.payments).toMatchObject([{ provider: 'card', state: 'CAPTURED', amount: 2500 }]);
    // paying again is refused
    expect((await init(orderId, p.token)).body.message).toBe('error.order_completed');
  });

  it('two inits at once, or one after the other, share one Checkout Session', async () => {
    const { p, orderId } = await gameOrder();
    const [a, b] = await Promise.all([init(orderId, p.token), init(orderId, p.token)]);
    expect(a.body.payment_id).toBe(b.body.payment_id);
    expect((await init(orderId, p.token)).body.payment_id).toBe(a.body.payment_id);
    expect((await order(orderId, p.token)).payments).toHaveLength(1);
  });

  it('below 3 kr answers error.amount_too_small; someone else’s order is not found', async () => {
    const { p, orderId } = await gameOrder(1);
    const small = await init(orderId, p.token);
    expect([small.status, small.body.message]).toEqual([400, 'error.amount_too_small']);
    const other = await gameOrder();
    expect((await init(other.orderId, p.token)).body.message).toBe('error.order_not_found');
  });

  it('needs a verified e-mail, like Vipps and the terminal: no Checkout Session is opened without one', async () => {
    const { p, orderId } = await gameOrder();
    await k.kiosk.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, p.user.id));
    const unproven = await k.login(p.body.email, p.body.password);
    const refused = await init(orderId, unproven);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('error.email_not_verified');
  });

  it('names table time on the card page by its minutes, not as a quantity of tables', async () => {
    const { p, orderId, table } = await gameOrder(2);
    const session = (await init(orderId, p.token)).body.payment_id as string;
    expect(sim().session(session)!.lines).toEqual([{ name: `${table.name} · 2 min`, quantity: 1, unitAmount: 500 }]);
  });

  it('a declined card or a cancel leaves the order waiting and payable', async () => {
    const { p, orderId } = await gameOrder();
    const redirect = (await init(orderId, p.token)).body.redirect_url as string;
    expect((await press(redirect, 'fail')).status).toBe(303);
    const back = await press(redirect, 'cancel');
    expect(back.headers.get('location')).toBe(`http://club.test/payment/overview/${orderId}?card=cancelled`);
    expect((await order(orderId, p.token)).status).toBe('waiting');
    expect((await press(redirect, 'pay')).status).toBe(303);
    expect((await order(orderId, p.token)).status).toBe('paid');
  });

  it('an expired session leaves the order waiting; the next init opens a new session that pays', async () => {
    const { p, orderId } = await gameOrder();
    const first = (await init(orderId, p.token)).body.payment_id as string;
    await sim().expire(first);
    const after = await order(orderId, p.token);
    expect(after.status).toBe('waiting');
    expect(after.payments[0]!.state).toBe('EXPIRED');
    const second = await init(orderId, p.token);
    expect(second.body.payment_id).not.toBe(first);
    await press(second.body.redirect_url as string, 'pay');
    expect((await order(orderId, p.token)).status).toBe('paid');
  });

  it('a late webhook: the status call settles from Stripe', async () => {
    const { p, orderId } = await gameOrder();
    const redirect = (await init(orderId, p.token)).body.redirect_url as string;
    sim().faults.dropWebhooks = true;
    try {
      await press(redirect, 'pay');
    } finally {
      sim().faults.dropWebhooks = false;
    }
    expect((await order(orderId, p.token)).status).toBe('waiting');
    expect(await status(orderId, p.token)).toMatchObject({
      order_status: 'paid',
      method: 'card',
      payment: { state: 'CAPTURED' },
    });
  });

  it('async payments: pending after completion, paid on success; failure leaves it payable', async () => {
    const { p, orderId } = await gameOrder();
    const id = (await init(orderId, p.token)).body.payment_id as string;
    await sim().payAsync(id);
    expect((await order(orderId, p.token)).payments[0]!.state).toBe('PENDING');
    await sim().settleAsync(id, true);
    expect((await order(orderId, p.token)).status).toBe('paid');

    const other = await gameOrder();
    const id2 = (await init(other.orderId, other.p.token)).body.payment_id as string;
    await sim().payAsync(id2);
    await sim().settleAsync(id2, false);
    const failed = await order(other.orderId, other.p.token);
    expect([failed.status, failed.payments[0]!.state]).toEqual(['waiting', 'FAILED']);
    expect((await init(other.orderId, other.p.token)).body.payment_id).not.toBe(id2);
  });
});

describe('the card webhook', () => {
  async function openSession() {
    const { p, orderId } = await gameOrder();
    const id = (await init(orderId, p.token)).body.payment_id as string;
    const paidBody = event('checkout.session.completed', {
      id,
      status: 'complete',
      payment_status: 'paid',
      amount_total: 2500,
      client_reference_id: String(orderId),
    });
    return { p, orderId, id, paidBody };
  }

  it('refuses a missing, wrong or expired signature with 400 and changes nothing', async () => {
    const { p, orderId, paidBody } = await openSession();
    const old = Math.floor(clock.nowMs() / 1000) - 301;
    for (const signature of [
      undefined,
      stripeSignature('whsec_wrong', paidBody),
      stripeSignature(sim().webhookSecret, paidBody, old),
    ]) {
      const res = await deliver(paidBody, signature);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe('error.invalid_signature');
    }
    expect((await order(orderId, p.token)).status).toBe('waiting');
    expect((await signed(paidBody)).status).toBe(200);
    expect((await order(orderId, p.token)).status).toBe('paid');
  });

  it('applies each event id once, however often it comes', async () => {
    const { p, orderId, paidBody } = await openSession();
    for (let i = 0; i < 3; i++) expect((await signed(paidBody)).status).toBe(200);
    const detail = (await k.get(`/v1/order/${orderId}`, admin)).body.order as TOrderDetail;
    expect(detail.timeline!.filter((e) => e.to === 'paid')).toHaveLength(1);
    expect((await order(orderId, p.token)).method).toBe('card');
  });

  it('out of order: async success before completion pays; the late completion and expiry change nothing', async () => {
    const { p, orderId, id } = await openSession();
    const base = { id, client_reference_id: String(orderId), amount_total: 2500 };
    await signed(
      event('checkout.session.async_payment_succeeded', { ...base, status: 'complete', payment_status: 'paid' }),
    );
    await signed(event('checkout.session.completed', { ...base, status: 'complete', payment_status: 'unpaid' }));
    await signed(event('checkout.session.expired', { ...base, status: 'expired', payment_status: 'unpaid' }));
    const done = await order(orderId, p.token);
    expect([done.status, done.payments[0]!.state]).toEqual(['paid', 'CAPTURED']);
  });

  it('an amount that does not match the order never pays it and is logged as an alert', async () => {
    const { p, orderId, id } = await openSession();
    const wrong = event('checkout.session.completed', {
      id,
      status: 'complete',
      payment_status: 'paid',
      amount_total: 300,
      client_reference_id: String(orderId),
    });
    expect((await signed(wrong)).status).toBe(200);
    const after = await order(orderId, p.token);
    expect([after.status, after.payments[0]!.state]).toEqual(['waiting', 'FAILED']);
    expect(logLines.some((l) => l.includes('"alert":"card_amount_mismatch"') && l.includes(id))).toBe(true);
  });

  it('a refund made outside the app (Stripe says more was refunded than recorded) is logged as an alert', async () => {
    const { p, orderId, id } = await openSession();
    await sim().pay(id);
    expect((await order(orderId, p.token)).status).toBe('paid');
    const alerts = () =>
      logLines.filter((l) => l.includes('"alert":"card_refund_outside_app"') && l.includes(`"orderId":${orderId}`));
    // a refund through the app: recorded first, so Stripe's event matches it
    expect((await k.post('/v1/order/refund', { id: orderId, amount: 500, reason: 'Kø' }, admin)).status).toBe(200);
    expect(alerts()).toHaveLength(0);
    const session = sim().session((await order(orderId, p.token)).payments[0]!.reference)!;
    await k.kiosk.card.client.refund({
      paymentIntent: session.paymentIntent!,
      amount: 300,
      key: 'dashboard-1',
      orderId,
    });
    expect(alerts()).toHaveLength(1);
  });

  it('a card payment for an order settled otherwise is given back whole: shown refunded, the player told, no false alert', async () => {
    const { p, orderId, id } = await openSession();
    expect((await k.post('/v1/payment/physical', { order_id: orderId }, p.token)).status).toBe(200);
    expect((await k.post('/v1/order/approve', { id: orderId }, admin)).status).toBe(200);
    await sim().pay(id);
    const after = await order(orderId, p.token);
    expect([after.status, after.method, after.payments.find((x) => x.reference === id)?.state]).toEqual([
      'approved',
      'physical',
      'REFUNDED',
    ]);
    // Stripe gave it back, and the charge.refunded that followed matched what the club recorded
    await sim().idle();
    const session = sim().session(id)!;
    expect(sim().refunded(session.paymentIntent!)).toBe(session.amountTotal);
    expect(
      logLines.some((l) => l.includes('"alert":"card_refund_outside_app"') && l.includes(`"orderId":${orderId}`)),
    ).toBe(false);
    const notes = (await k.get('/v1/notification/my', p.token)).body.data as { message: string; url: string | null }[];
    expect(notes).toContainEqual(
      expect.objectContaining({
        message: expect.stringContaining('kortbetalingen'),
        url: `/payment/result/${orderId}`,
      }),
    );
    // the order's own refunds are not the way it went back: nothing to take from the register
    expect(after.refunds).toEqual([]);
  });

  it('a give-back of a double card payment Stripe did not answer stays being refunded, and the sweep finishes it once', async () => {
    const { p, orderId, id } = await openSession();
    expect((await k.post('/v1/payment/physical', { order_id: orderId }, p.token)).status).toBe(200);
    expect((await k.post('/v1/order/approve', { id: orderId }, admin)).status).toBe(200);
    // the refund is made at Stripe, and every answer to it (the client's retries too) is lost
    sim().faults.failOn = /\/v1\/refunds/;
    sim().faults.loseAnswers = 3;
    try {
      await sim().pay(id);
    } finally {
      sim().faults.loseAnswers = 0;
      sim().faults.failOn = /./;
    }
    const stateOf = async () => (await order(orderId, admin)).payments.find((x) => x.reference === id)?.state;
    // no answer is not a refusal: the money may be back already
    expect(await stateOf()).toBe('REFUNDING');
    expect(logLines.some((l) => l.includes('"alert":"card_refund_failed"') && l.includes(id))).toBe(false);
    // a request may still be asking: too young for the sweep
    expect(await finishGiveBacks(k.kiosk.deps, { vipps: k.kiosk.vipps, card: k.kiosk.card })).toBe(0);
    await advance(k, STALLED_REFUND_MS + 1_000);
    expect(await finishGiveBacks(k.kiosk.deps, { vipps: k.kiosk.vipps, card: k.kiosk.card })).toBe(1);
    expect(await stateOf()).toBe('REFUNDED');
    const session = sim().session(id)!;
    expect(sim().refunded(session.paymentIntent!)).toBe(session.amountTotal);
    expect(await finishGiveBacks(k.kiosk.deps, { vipps: k.kiosk.vipps, card: k.kiosk.card })).toBe(0);
  });

  it('events about sessions it does not know are received and ignored', async () => {
    const body = event('checkout.session.completed', {
      id: 'cs_test_unknown',
      status: 'complete',
      payment_status: 'paid',
      amount_total: 2500,
    });
    expect((await signed(body)).status).toBe(200);
  });
});

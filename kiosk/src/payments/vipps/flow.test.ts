import type { TOrderDetail, TPaymentStatus } from '@club/shared/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk, tableName } from '../../../tests/harness.ts';
import { finishGiveBacks, STALLED_REFUND_MS } from '../finish-refunds.ts';

let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

async function gameOrder() {
  const p = await newPlayer(k);
  const table = (await k.post('/v1/table/create', { name: tableName('V'), capacity: 4, price_per_minute: 250 }, admin))
    .body.table as { id: number };
  const game = (await k.post('/v1/game/join', { table_id: table.id }, p.token)).body.game as { id: number };
  await advance(k, 10 * 60_000);
  const orderId = (await k.post('/v1/game/leave', { game_id: game.id }, p.token)).body.order_id as number;
  return { p, orderId };
}
const sim = () => k.kiosk.vipps.simulator!;
const status = async (orderId: number, token: string) =>
  (await k.get(`/v1/payment/status/${orderId}`, token)).body.status as TPaymentStatus;
const init = (orderId: number, token: string) =>
  k.post('/v1/payment/vipps/init', { order_id: orderId, phone: '912 34 567' }, token);
const referenceOf = (redirect: string) => new URL(redirect).searchParams.get('token')!;

/** Approves on the simulator's page as a browser would: submitting the form it shows. */
async function approveOnPage(redirect: string) {
  const html = await (await fetch(`${k.url}/vipps-sim/landing?token=${referenceOf(redirect)}`)).text();
  const action =
    /<form method="post" action="([^"]+)"><input type="hidden" name="token" value="[^"]+"><button class="yes">/.exec(
      html,
    )?.[1];
  // the form's address resolved against the page's, as a browser does
  const target = new URL(action ?? 'missing', redirect);
  expect(target.pathname).toBe('/vipps-sim/landing/approve');
  const res = await fetch(`${k.url}${target.pathname}`, {
    method: 'POST',
    body: new URLSearchParams({ token: referenceOf(redirect) }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return res.headers.get('location');
}

/** Approves while the simulator's webhooks misbehave (dropped, or delivered twice). */
async function approveWith(fault: 'dropWebhooks' | 'duplicateWebhooks', redirect: string) {
  sim().faults[fault] = true;
  try {
    await approveOnPage(redirect);
  } finally {
    sim().faults[fault] = false;
  }
}

describe('the simulator mounted in the kiosk', () => {
  it('holds requests reaching it at /vipps-sim to the OpenAPI documents too', async () => {
    const sim = (path: string, init: RequestInit) => fetch(`${k.url}/vipps-sim${path}`, init);
    const keys = { 'Ocp-Apim-Subscription-Key': 'sim', 'Merchant-Serial-Number': '123456' };
    const noClient = await sim('/accesstoken/get', { method: 'POST', headers: { client_secret: 'sim', ...keys } });
    expect(noClient.status).toBe(400);
    const token = (await (
      await sim('/accesstoken/get', { method: 'POST', headers: { client_id: 'sim', client_secret: 'sim', ...keys } })
    ).json()) as { access_token: string };
    const headers = { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json', ...keys };
    const refused = await sim('/epayment/v1/payments', {
      method: 'POST',
      headers: { ...headers, 'Idempotency-Key': 'mounted-1' },
      body: JSON.stringify({
        amount: { currency: 'NOK', value: 1000 },
        paymentMethod: { type: 'WALLET' },
        reference: 'mounted-0001',
        userFlow: 'PUSH_MESSAGE',
        paymentDescription: 'Cue Club',
      }),
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(((await refused.json()) as { detail: string }).detail).toContain('customer');
  });
});

describe('paying with Vipps', () => {
  it('approve in the app → signed webhook → captured → paid', async () => {
    const { p, orderId } = await gameOrder();
    const started = await init(orderId, p.token);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const redirect = started.body.redirect_url as string;
    expect(redirect).toMatch(/^http:\/\/club\.test\/vipps-sim\/landing\?token=club-\d+-[0-9a-f]+$/);
    expect((await status(orderId, p.token)).payment).toMatchObject({
      provider: 'vipps',
      state: 'CREATED',
      amount: 2500,
    });

    const page = await fetch(`${k.url}/vipps-sim/landing?token=${referenceOf(redirect)}`);
    expect(await page.text()).toContain('Godkjenn betaling');
    expect(await approveOnPage(redirect)).toBe(`http://club.test/payment/vipps/${orderId}`);

    const delivered = sim().deliveries.filter((d) => d.body.includes(referenceOf(redirect)));
    expect(delivered.some((d) => d.status === 200 && d.body.includes('"AUTHORIZED"'))).toBe(true);
    // paid by the webhook alone: a plain read, which never asks Vipps
    expect(((await k.get(`/v1/order/${orderId}`, p.token)).body.order as TOrderDetail).status).toBe('paid');
    const done = await status(orderId, p.token);
    expect(done).toMatchObject({ order_status: 'paid', method: 'vipps', payment: { state: 'CAPTURED' } });
    const remote = await k.kiosk.vipps.client.getPayment(referenceOf(redirect));
    expect(remote.aggregate.capturedAmount.value).toBe(2500);
    expect((await init(orderId, p.token)).body.message).toBe('error.order_completed');
  });

  it('refuses a webhook with a bad signature and changes nothing', async () => {
    const { p, orderId } = await gameOrder();
    const redirect = (await init(orderId, p.token)).body.redirect_url as string;
    const body = JSON.stringify({
      msn: '123456',
      reference: referenceOf(redirect),
      name: 'AUTHORIZED',
      amount: { currency: 'NOK', value: 2500 },
      success: true,
    });
    for (const headers of [
      {} as Record<string, string>,
      {
        'x-ms-date': new Date().toUTCString(),
        'x-ms-content-sha256': 'nope',
        authorization: 'HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=forged',
      },
    ]) {
      const res = await fetch(`${k.url}/v1/payment/vipps/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ success: false, message: 'error.auth_required' });
    }
    expect(await status(orderId, p.token)).toMatchObject({ order_status: 'waiting', payment: { state: 'CREATED' } });
  });

  it('refuses a correctly signed webhook sent again more than five minutes later', async () => {
    const { p, orderId } = await gameOrder();
    const redirect = (await init(orderId, p.token)).body.redirect_url as string;
    await approveWith('dropWebhooks', redirect);
    const held = sim().deliveries.find((d) => d.body.includes(referenceOf(redirect)) && d.body.includes('AUTHORIZED'));
    expect(held).toBeDefined();
    await advance(k, 5 * 60_000 + 30_000);
    const res = await fetch(`${k.url}/v1/payment/vipps/webhook`, {
      method: 'POST',
      headers: held!.headers,
      body: held!.body,
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, message: 'error.auth_required' });
    expect(((await k.get(`/v1/order/${orderId}`, p.token)).body.order as TOrderDetail).status).toBe('waiting');
  });

  it('charges once when webhooks arrive twice', async () => {
    const { p, orderId } = await gameOrder();
    const redirect = (await init(orderId, p.token)).body.redirect_url as string;
    await approveWith('duplicateWebhooks', redirect);
    expect((await status(orderId, p.token)).order_status).toBe('paid');
    const remote = await k.kiosk.vipps.client.getPayment(referenceOf(redirect));
    expect(remote.aggregate.capturedAmount.value).toBe(2500);
    const timeline = ((await k.get(`/v1/order/${orderId}`, admin)).body.order as TOrderDetail).timeline!;
    expect(timeline.filter((e) => e.to === 'paid')).toHaveLength(1);
  });

  it('settles by polling when the webhook never comes', async () => {
    const { p, orderId } = await gameOrder();
    const redirect = (await init(orderId, p.token)).body.redirect_url as string;
    await approveWith('dropWebhooks', redirect);
    // no webhook: still waiting until someone asks Vipps
    expect(((await k.get(`/v1/order/${orderId}`, p.token)).body.order as TOrderDetail).status).toBe('waiting');
    expect(await status(orderId, p.token)).toMatchObject({ order_status: 'paid', payment: { state: 'CAPTURED' } });
  });

  it('keeps the order waiting when the payer rejects, and can start again', async () => {
    const { p, orderId } = await gameOrder();
    const first = (await init(orderId, p.token)).body.redirect_url as string;
    const again = (await init(orderId, p.token)).body.redirect_url as string;
    expect(again).toBe(first); // a second tap resumes the open payment
    await sim().reject(referenceOf(first));
    expect(await status(orderId, p.token)).toMatchObject({ order_status: 'waiting', payment: { state: 'ABORTED' } });
    const second = (await init(orderId, p.token)).body.redirect_url as string;
    expect(second).not.toBe(first);
  });

  it('stops an open payment when the payer cancels, and can start again', async () => {
    const { p, orderId } = await gameOrder();
    expect((await k.post('/v1/payment/vipps/cancel', { order_id: orderId }, p.token)).body.message).toBe(
      'error.payment_not_initialized',
    );
    const first = (await init(orderId, p.token)).body.redirect_url as string;
    expect((await k.post('/v1/payment/vipps/cancel', { order_id: orderId }, p.token)).body.success).toBe(true);
    expect((await k.kiosk.vipps.client.getPayment(referenceOf(first))).state).toBe('TERMINATED');
    expect(await status(orderId, p.token)).toMatchObject({ order_status: 'waiting', payment: { state: 'TERMINATED' } });
    const stranger = await newPlayer(k);
    expect((await k.post('/v1/payment/vipps/cancel', { order_id: orderId }, stranger.token)).body.message).toBe(
      'error.order_not_found',
    );
    expect((await init(orderId, p.token)).body.redirect_url).not.toBe(first);
  });

  it('lets an unapproved payment expire', async () => {
    const { p, orderId } = await gameOrder();
    await init(orderId, p.token);
    await advance(k, 11 * 60_000);
    expect(await status(orderId, p.token)).toMatchObject({ order_status: 'waiting', payment: { state: 'EXPIRED' } });
  });

  it('gives the money back when the order was settled another way meanwhile', async () => {
    const { p, orderId } = await gameOrder();
    const redirect = (await init(orderId, p.token)).body.redirect_url as string;
    await approveWith('dropWebhooks', redirect);
    await k.post('/v1/payment/system', { order_id: orderId }, admin);
    expect(await status(orderId, p.token)).toMatchObject({
      order_status: 'paid',
      method: 'system',
      payment: { state: 'TERMINATED' },
    });
    const remote = await k.kiosk.vipps.client.getPayment(referenceOf(redirect));
    expect(remote.aggregate).toMatchObject({ capturedAmount: { value: 0 }, cancelledAmount: { value: 2500 } });
  });

  /**
   * Staff settle the order while Vipps is still capturing the payer's approved payment: the
   * capture is held at Vipps until staff have their answer.
   */
  async function settledDuringCapture() {
    const { p, orderId } = await gameOrder();
    const redirect = (await init(orderId, p.token)).body.redirect_url as string;
    await approveWith('dropWebhooks', redirect);
    let reached = () => {};
    const capturing = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    sim().faults.hold = (call) => {
      if (!call.endsWith('/capture')) return Promise.resolve();
      reached();
      return released;
    };
    try {
      // asking where the payment stands settles it: Vipps says approved, so the money is captured
      const asked = status(orderId, p.token);
      await capturing;
      // a transaction held across the capture would keep this waiting until Vipps answers
      const settled = k.post('/v1/payment/system', { order_id: orderId }, admin);
      const first = await Promise.race([
        settled.then(() => 'staff answered'),
        new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5_000)),
      ]);
      expect(first).toBe('staff answered');
      expect((await settled).status).toBe(200);
      release();
      await asked;
    } finally {
      sim().faults.hold = undefined;
      release();
    }
    const reference = referenceOf(redirect);
    const stateOf = async () =>
      ((await k.get(`/v1/order/${orderId}`, admin)).body.order as TOrderDetail).payments.find(
        (x) => x.reference === reference,
      )?.state;
    return { p, orderId, reference, stateOf };
  }

  it('holds nothing while Vipps captures: staff settling the order meanwhile are answered, and the capture is given back', async () => {
    const { p, orderId, reference, stateOf } = await settledDuringCapture();
    const after = (await k.get(`/v1/order/${orderId}`, admin)).body.order as TOrderDetail;
    expect([after.status, after.method, await stateOf()]).toEqual(['paid', 'system', 'REFUNDED']);
    const remote = await k.kiosk.vipps.client.getPayment(reference);
    expect(remote.aggregate).toMatchObject({ capturedAmount: { value: 2500 }, refundedAmount: { value: 2500 } });
    const notes = (await k.get('/v1/notification/my', p.token)).body.data as { message: string; url: string | null }[];
    expect(notes).toContainEqual(
      expect.objectContaining({
        message: expect.stringContaining('Vipps-betalingen'),
        url: `/payment/result/${orderId}`,
      }),
    );
    // asked again, nothing moves twice
    await k.kiosk.vipps.settle(reference);
    expect((await k.kiosk.vipps.client.getPayment(reference)).aggregate.refundedAmount.value).toBe(2500);
  });

  it('a give-back Vipps did not answer stays being refunded, and the sweep finishes it once', async () => {
    sim().faults.failOn = /\/refund$/;
    sim().faults.loseAnswers = 1;
    const settled = await settledDuringCapture().finally(() => {
      sim().faults.loseAnswers = 0;
      sim().faults.failOn = /^(GET|POST) \/epayment\/v1\/payments/;
    });
    // no answer is not a refusal: the money may be back already
    expect(await settled.stateOf()).toBe('REFUNDING');
    const providers = { vipps: k.kiosk.vipps, card: k.kiosk.card };
    expect(await finishGiveBacks(k.kiosk.deps, providers)).toBe(0);
    await advance(k, STALLED_REFUND_MS + 1_000);
    expect(await finishGiveBacks(k.kiosk.deps, providers)).toBe(1);
    expect(await settled.stateOf()).toBe('REFUNDED');
    const remote = await k.kiosk.vipps.client.getPayment(settled.reference);
    expect(remote.aggregate.refundedAmount.value).toBe(2500);
  });

  it('refuses strangers, finished orders and amounts below 1 kr', async () => {
    const { orderId } = await gameOrder();
    const stranger = await newPlayer(k);
    expect((await init(orderId, stranger.token)).body.message).toBe('error.order_not_found');
    expect((await k.get(`/v1/payment/status/${orderId}`, stranger.token)).body.message).toBe('error.order_not_found');
    expect(
      (await k.post('/v1/payment/vipps/init', { order_id: orderId, phone: '12' }, admin)).body.errors,
    ).toMatchObject({ phone: 'validation.phone' });
    const p = await newPlayer(k);
    const table = (await k.post('/v1/table/create', { name: 'Gratis', capacity: 2, price_per_minute: 0 }, admin)).body
      .table as { id: number };
    const game = (await k.post('/v1/game/join', { table_id: table.id }, p.token)).body.game as { id: number };
    await advance(k, 60_000);
    const free = (await k.post('/v1/game/leave', { game_id: game.id }, p.token)).body.order_id as number;
    // nothing to pay: settled at once by the system
    expect((await k.get(`/v1/order/${free}`, p.token)).body.order as TOrderDetail).toMatchObject({
      total: 0,
      status: 'paid',
      method: 'system',
    });
    expect((await init(free, p.token)).body.message).toBe('error.order_completed');
  });
});

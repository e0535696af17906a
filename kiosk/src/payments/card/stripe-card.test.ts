import type { AddressInfo } from 'node:net';
import { clock } from '@club/shared/clock';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStripeSimulator, type StripeSimulator } from './simulator.ts';
import { type CardClient, createCardClient, createStripeClient, Stripe } from './stripe-card.ts';
import { stripeSignature } from './webhook-sender.ts';

const KEY = 'sk_test_club_simulator_key';
let sim: StripeSimulator;
let simServer: ServerType;
let hookServer: ServerType;
let card: CardClient;
let simBase: string;
/** what the receiving endpoint verified, and how it answers next */
const received: Stripe.Event[] = [];
const answers: number[] = [];

const listen = (app: Hono) =>
  new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
const portOf = (s: ServerType) => (s.address() as AddressInfo).port;

beforeAll(async () => {
  const hooks = new Hono();
  hooks.post('/hook', async (c) => {
    const status = answers.shift() ?? 200;
    if (status !== 200) return c.text('not now', status as 500);
    try {
      received.push(
        card.verifyEvent(await c.req.text(), c.req.header('stripe-signature'), sim.webhookSecret, clock.nowMs()),
      );
      return c.json({ received: true });
    } catch {
      return c.text('bad signature', 400);
    }
  });
  hookServer = await listen(hooks);
  const both = new Hono();
  sim = createStripeSimulator({
    publicBaseUrl: 'http://placeholder',
    secretKey: KEY,
    webhookUrl: `http://127.0.0.1:${portOf(hookServer)}/hook`,
    retryDelaysMs: [20, 40],
  });
  both.route('/', sim.api);
  both.route('/', sim.pages);
  simServer = await listen(both);
  simBase = `http://127.0.0.1:${portOf(simServer)}`;
  // the official SDK over real HTTP, pointed at the simulator's port
  card = createCardClient(
    createStripeClient({
      secretKey: KEY,
      host: '127.0.0.1',
      port: portOf(simServer),
      protocol: 'http',
      maxNetworkRetries: 0,
    }),
  );
});
afterAll(async () => {
  await sim.idle();
  await Promise.all([simServer, hookServer].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});
beforeEach(() => {
  received.length = 0;
  answers.length = 0;
});

let nextOrder = 100;
const checkout = (over: Partial<Parameters<CardClient['createCheckout']>[0]> = {}) =>
  card.createCheckout({
    orderId: ++nextOrder,
    attempt: 1,
    title: `Ordre K-000${nextOrder}`,
    lines: [
      { name: 'Biljard 60 min', quantity: 1, unitAmount: 15000 },
      { name: 'Cola', quantity: 2, unitAmount: 3500 },
    ],
    total: 22000,
    successUrl: 'http://club.test/order/1?paid={CHECKOUT_SESSION_ID}',
    cancelUrl: 'http://club.test/order/1',
    ...over,
  });
const pagePath = (url: string | null) => new URL(url!).pathname;

/** Presses a button on the hosted page as a browser would: the form's action resolved against the page. */
async function press(session: { url: string | null }, action: 'pay' | 'fail' | 'cancel') {
  const pageUrl = `${simBase}${pagePath(session.url)}`;
  const html = await (await fetch(pageUrl)).text();
  const form = new RegExp(`<form method="post" action="([^"]+)"><button class="${action}"`).exec(html)?.[1];
  expect(form, html).toBeTruthy();
  return fetch(new URL(form!, pageUrl), { method: 'POST', redirect: 'manual' });
}

describe('the card adapter against the Stripe simulator, through the official SDK', () => {
  it('creates a Checkout Session in NOK øre with the order lines, and the page shows the amount', async () => {
    const session = await checkout();
    expect(session).toMatchObject({
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 22000,
      currency: 'nok',
      client_reference_id: String(nextOrder),
      payment_intent: null,
    });
    expect(session.id).toMatch(/^cs_test_/);
    const html = await (await fetch(`${simBase}${pagePath(session.url)}`)).text();
    expect(html).toContain('data-amount="22000"');
    expect(html).toContain('kr\u00a0220,00');
    expect(html).toContain('Cola × 2');
  });

  it('a discounted order is charged as one line with its total', async () => {
    const session = await checkout({ total: 19800 });
    expect(session.amount_total).toBe(19800);
    expect(await (await fetch(`${simBase}${pagePath(session.url)}`)).text()).toContain(`Ordre K-000${nextOrder} × 1`);
  });

  it('paying on the page completes the session and sends a signed checkout.session.completed', async () => {
    const session = await checkout();
    const res = await press(session, 'pay');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://club.test/order/1?paid=${session.id}`);
    const event = received.find((e) => e.type === 'checkout.session.completed');
    const paid = event?.data.object as Stripe.Checkout.Session;
    expect(paid).toMatchObject({ id: session.id, payment_status: 'paid', status: 'complete', amount_total: 22000 });
    expect(await card.getCheckout(session.id)).toMatchObject({ status: 'complete', payment_status: 'paid' });
  });

  it('a declined card leaves the session open; cancel returns to the cancel URL; nothing is sent', async () => {
    const session = await checkout();
    const declined = await press(session, 'fail');
    expect(declined.status).toBe(303);
    const again = new URL(declined.headers.get('location')!, `${simBase}${pagePath(session.url)}`);
    expect(again.pathname).toBe(pagePath(session.url));
    expect(await (await fetch(`${simBase}${again.pathname}${again.search}`)).text()).toContain('Kortet ble avvist');
    const cancelled = await press(session, 'cancel');
    expect(cancelled.headers.get('location')).toBe('http://club.test/order/1');
    expect((await card.getCheckout(session.id)).status).toBe('open');
    expect(received).toHaveLength(0);
  });

  it('the same idempotency key and body answers the same session; another body is refused', async () => {
    const first = await checkout();
    nextOrder--;
    const again = await checkout();
    expect(again.id).toBe(first.id);
    nextOrder--;
    await expect(checkout({ total: 19900 })).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('a lost answer is safe to retry with the same key: one session', async () => {
    sim.faults.loseAnswers = 1;
    await expect(checkout()).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    nextOrder--;
    const retried = await checkout();
    nextOrder--;
    expect((await checkout()).id).toBe(retried.id);
  });

  it('below 3 kr is refused with amount_too_small; a wrong key is an authentication error', async () => {
    const small = checkout({ lines: [{ name: 'Tyggis', quantity: 1, unitAmount: 200 }], total: 200 });
    await expect(small).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'amount_too_small' });
    const stranger = createCardClient(
      createStripeClient({
        secretKey: 'sk_test_wrong',
        host: '127.0.0.1',
        port: portOf(simServer),
        protocol: 'http',
        maxNetworkRetries: 0,
      }),
    );
    await expect(stranger.getCheckout('cs_test_x')).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(card.getCheckout('cs_test_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });

  it('refunds in parts up to the amount paid, never more; each sends charge.refunded', async () => {
    const session = await checkout();
    await press(session, 'pay');
    const pi = (await card.getCheckout(session.id)).payment_intent as string;
    expect(pi).toMatch(/^pi_test_/);
    const part = await card.refund({ paymentIntent: pi, amount: 5000, key: 'r1', orderId: nextOrder });
    expect(part).toMatchObject({ object: 'refund', amount: 5000, status: 'succeeded', payment_intent: pi });
    // a retried refund with the same key refunds once
    expect((await card.refund({ paymentIntent: pi, amount: 5000, key: 'r1', orderId: nextOrder })).id).toBe(part.id);
    await expect(
      card.refund({ paymentIntent: pi, amount: 17001, key: 'r2', orderId: nextOrder }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'amount',
    });
    expect((await card.refund({ paymentIntent: pi, key: 'r3', orderId: nextOrder })).amount).toBe(17000);
    await expect(card.refund({ paymentIntent: pi, amount: 1, key: 'r4', orderId: nextOrder })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    const charges = received.filter((e) => e.type === 'charge.refunded').map((e) => e.data.object as Stripe.Charge);
    expect(charges.map((c) => [c.amount_refunded, c.refunded])).toEqual([
      [5000, false],
      [22000, true],
    ]);
    expect(sim.refunded(pi)).toBe(22000);
  });

  it('expiring a session sends checkout.session.expired and closes the page', async () => {
    const session = await checkout();
    const pageUrl = session.url;
    expect((await card.expireCheckout(session.id)).status).toBe('expired');
    expect(received.map((e) => e.type)).toEqual(['checkout.session.expired']);
    const html = await (await fetch(`${simBase}${pagePath(pageUrl)}`)).text();
    expect(html).toContain('Session is expired');
    expect(html).not.toContain('class="pay"');
  });

  it('an async payment completes unpaid, then succeeds or fails by its own event', async () => {
    const ok = await checkout();
    await sim.payAsync(ok.id);
    await sim.settleAsync(ok.id, true);
    const bad = await checkout();
    await sim.payAsync(bad.id);
    await sim.settleAsync(bad.id, false);
    expect(received.map((e) => [e.type, (e.data.object as Stripe.Checkout.Session).payment_status])).toEqual([
      ['checkout.session.completed', 'unpaid'],
      ['checkout.session.async_payment_succeeded', 'paid'],
      ['checkout.session.completed', 'unpaid'],
      ['checkout.session.async_payment_failed', 'unpaid'],
    ]);
  });

  it('retries a delivery the endpoint refused, and replays on demand; the event id stays the same', async () => {
    answers.push(500, 503);
    const session = await checkout();
    await press(session, 'pay');
    expect(received).toHaveLength(0);
    await sim.idle();
    expect(received.map((e) => e.type)).toEqual(['checkout.session.completed']);
    const attempts = sim.deliveries.filter((d) => d.eventId === received[0]!.id).map((d) => d.status);
    expect(attempts).toEqual([500, 503, 200]);
    expect(await sim.replay((d) => d.eventId === received[0]!.id)).toBe(1);
    expect(received.map((e) => e.id)).toEqual([received[0]!.id, received[0]!.id]);
  });
});

describe('webhook signatures, verified by the SDK', () => {
  const body = JSON.stringify({
    id: 'evt_test_1',
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: {} },
  });
  const now = () => clock.nowMs();

  it('accepts the simulator signature and refuses a missing, wrong or old one', () => {
    const secret = sim.webhookSecret;
    expect(card.verifyEvent(body, stripeSignature(secret, body), secret, now()).id).toBe('evt_test_1');
    // the simulator signs exactly as the SDK's own test header does
    const t = Math.floor(now() / 1000);
    expect(stripeSignature(secret, body, t)).toBe(
      Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: t }),
    );
    const refused = (header: string | undefined) => () => card.verifyEvent(body, header, secret, now());
    expect(refused(undefined)).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(refused(stripeSignature('whsec_other', body))).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(refused(stripeSignature(secret, `${body} `))).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(refused(stripeSignature(secret, body, Math.floor(now() / 1000) - 301))).toThrow(/tolerance/);
  });
});

import { randomBytes } from 'node:crypto';
import { clock } from '@club/shared/clock';
import { Hono } from 'hono';
import { createSimApi } from './sim-api.ts';
import { type SimRefund, type SimSession, type StripeSimFaults, sessionObject } from './sim-objects.ts';
import { checkoutPage } from './simulator-page.ts';
import { createWebhookSender, type StripeDelivery } from './webhook-sender.ts';

/**
 * A local stand-in for Stripe: the part of its REST API the card adapter uses (Checkout
 * Sessions create / retrieve / expire, refunds), form-encoded requests and JSON answers,
 * API-key auth, `Idempotency-Key` replay, Stripe's error shape, a hosted page where the payer
 * pays, is declined or cancels, and signed webhooks with retries. The official SDK talks to it
 * through its `host` / `port` / `protocol` options.
 */

const API_VERSION = '2026-10-28.endive';

export interface StripeSimulator {
  /** the REST API (`/v1/…`), as `api.stripe.com` serves it */
  api: Hono;
  /** the hosted Checkout page (`/pay/{session id}`) */
  pages: Hono;
  /** the API without a network, for a client in the same process */
  fetch: typeof fetch;
  /** the endpoint secret its webhooks are signed with */
  webhookSecret: string;
  faults: StripeSimFaults;
  deliveries: StripeDelivery[];
  /** what the payer does on the hosted page */
  pay(sessionId: string): Promise<void>;
  /** a bank-debit style payment: completed now, money confirmed (or not) later */
  payAsync(sessionId: string): Promise<void>;
  settleAsync(sessionId: string, succeeded: boolean): Promise<void>;
  expire(sessionId: string): Promise<void>;
  /** sends earlier events again, as Stripe's duplicate deliveries */
  replay(filter?: (delivery: StripeDelivery) => boolean): Promise<number>;
  /** resolves when delayed and retried deliveries have ended */
  idle(): Promise<void>;
  session(sessionId: string): Readonly<SimSession> | undefined;
  refunded(paymentIntent: string): number;
}

export function createStripeSimulator(options: {
  /** where `pages` is reached, e.g. http://localhost:3000/stripe-sim */
  publicBaseUrl: string;
  /** the only API key it accepts */
  secretKey: string;
  /** the endpoint its webhooks go to */
  webhookUrl: string;
  webhookSecret?: string;
  deliver?: typeof fetch;
  /** Stripe retries for days; tests shorten the pauses */
  retryDelaysMs?: readonly number[];
}): StripeSimulator {
  const sessions = new Map<string, SimSession>();
  const refunds: SimRefund[] = [];
  const idempotency = new Map<string, { request: string; status: number; answer: unknown }>();
  const faults: StripeSimFaults = {
    delayMs: 0,
    failRequests: 0,
    loseAnswers: 0,
    lateAnswers: 0,
    lateAnswerMs: 1_000,
    failOn: /./,
    dropWebhooks: false,
    duplicateWebhooks: false,
    webhookDelayMs: 0,
  };
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`;
  const sender = createWebhookSender({
    url: options.webhookUrl,
    secret: webhookSecret,
    deliver: options.deliver ?? fetch,
    retryDelaysMs: options.retryDelaysMs ?? [60_000, 300_000, 1_800_000, 7_200_000],
    faults,
  });
  const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
  const now = () => Math.floor(clock.nowMs() / 1000);

  const refundedOf = (paymentIntent: string) =>
    refunds.filter((r) => r.paymentIntent === paymentIntent).reduce((sum, r) => sum + r.amount, 0);
  async function emit(type: string, object: unknown) {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    await sender.send(event, JSON.stringify(event, null, 2));
  }

  /** An open session past `expires_at` expires the moment anyone looks at it. */
  async function current(sessionId: string): Promise<SimSession | undefined> {
    const s = sessions.get(sessionId);
    if (s?.status === 'open' && now() >= s.expiresAt) await expire(s.id);
    return s;
  }

  async function expire(sessionId: string) {
    const s = sessions.get(sessionId);
    if (s?.status !== 'open') return;
    s.status = 'expired';
    await emit('checkout.session.expired', sessionObject(s, options.publicBaseUrl));
  }

  function complete(s: SimSession, paid: boolean) {
    s.status = 'complete';
    s.paymentStatus = paid ? 'paid' : 'unpaid';
    s.paymentIntent = id('pi');
    s.charge = id('ch');
  }

  async function pay(sessionId: string) {
    const s = await current(sessionId);
    if (s?.status !== 'open') return;
    complete(s, true);
    await emit('checkout.session.completed', sessionObject(s, options.publicBaseUrl));
  }

  async function payAsync(sessionId: string) {
    const s = await current(sessionId);
    if (s?.status !== 'open') return;
    complete(s, false);
    await emit('checkout.session.completed', sessionObject(s, options.publicBaseUrl));
  }

  async function settleAsync(sessionId: string, succeeded: boolean) {
    const s = sessions.get(sessionId);
    if (s?.status !== 'complete' || s.paymentStatus !== 'unpaid') return;
    if (succeeded) s.paymentStatus = 'paid';
    await emit(
      succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed',
      sessionObject(s, options.publicBaseUrl),
    );
  }

  const api = createSimApi({
    sessions,
    refunds,
    idempotency,
    faults,
    secretKey: options.secretKey,
    publicBaseUrl: options.publicBaseUrl,
    newId: id,
    now,
    emit,
    current,
    expire,
    refundedOf,
  });

  const pages = new Hono();
  const page = (s: SimSession, notice?: string) =>
    checkoutPage({
      id: s.id,
      status: s.status,
      amountTotal: s.amountTotal,
      lines: s.lines,
      ...(notice ? { notice } : {}),
    });

  pages.get('/pay/:id', async (c) => {
    const s = await current(c.req.param('id'));
    if (!s) return c.text('Not found', 404);
    return c.html(c.req.query('declined') ? page(s, 'Kortet ble avvist. · Your card was declined.') : page(s));
  });
  pages.post('/pay/:id/:action{pay|fail|cancel}', async (c) => {
    const s = await current(c.req.param('id'));
    if (!s) return c.text('Not found', 404);
    if (s.status !== 'open') return c.html(page(s), 409);
    const action = c.req.param('action');
    // back to the page itself (post/redirect/get), so its relative form addresses still resolve
    if (action === 'fail') return c.redirect(`${c.req.path.replace(/\/fail$/, '')}?declined=1`, 303);
    if (action === 'cancel') return c.redirect(s.cancelUrl ?? s.successUrl, 303);
    await pay(s.id);
    return c.redirect(s.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', s.id), 303);
  });

  return {
    api,
    pages,
    // as over a network, a caller that gives up (its signal aborts) stops waiting for the answer
    fetch: (input, init) => abortable(Promise.resolve(api.fetch(new Request(input, init))), init?.signal),
    webhookSecret,
    faults,
    deliveries: sender.deliveries,
    pay,
    payAsync,
    settleAsync,
    expire,
    replay: sender.replay,
    idle: sender.idle,
    session: (sessionId) => sessions.get(sessionId),
    refunded: refundedOf,
  };
}

function abortable<T>(answer: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return answer;
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    answer.then(resolve, reject);
  });
}

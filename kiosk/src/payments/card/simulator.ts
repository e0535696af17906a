import { randomBytes } from 'node:crypto';
import { clock } from '@club/shared/clock';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { parseStripeForm } from './form.ts';
import { checkoutPage } from './simulator-page.ts';
import { createWebhookSender, type StripeDelivery, type WebhookFaults } from './webhook-sender.ts';

/**
 * A local stand-in for Stripe: the part of its REST API the card adapter uses (Checkout
 * Sessions create / retrieve / expire, refunds), form-encoded requests and JSON answers,
 * API-key auth, `Idempotency-Key` replay, Stripe's error shape, a hosted page where the payer
 * pays, is declined or cancels, and signed webhooks with retries. The official SDK talks to it
 * through its `host` / `port` / `protocol` options.
 */

const API_VERSION = '2026-10-28.endive';
const MIN_NOK = 300;
const DAY_S = 24 * 3600;

const ZCount = z.string().regex(/^\d+$/).transform(Number);
const ZCreateSession = z.strictObject({
  mode: z.literal('payment'),
  line_items: z
    .array(
      z.strictObject({
        quantity: ZCount,
        price_data: z.strictObject({
          currency: z.string().length(3),
          unit_amount: ZCount,
          product_data: z.strictObject({ name: z.string().min(1) }),
        }),
      }),
    )
    .min(1),
  success_url: z.url(),
  cancel_url: z.url().optional(),
  client_reference_id: z.string().max(200).optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  payment_intent_data: z.strictObject({ metadata: z.record(z.string(), z.string()).optional() }).optional(),
  expires_at: ZCount.optional(),
  locale: z.string().optional(),
  customer_email: z.string().optional(),
});
const ZCreateRefund = z.strictObject({
  payment_intent: z.string(),
  amount: ZCount.optional(),
  reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer']).optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});

interface SimSession {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'unpaid' | 'paid';
  amountTotal: number;
  currency: string;
  lines: { name: string; quantity: number; unitAmount: number }[];
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  /** what the payment intent and its charge carry */
  paymentMetadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string | null;
  created: number;
  expiresAt: number;
  paymentIntent: string | null;
  charge: string | null;
}
interface SimRefund {
  id: string;
  amount: number;
  paymentIntent: string;
  charge: string;
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface StripeSimFaults extends WebhookFaults {
  /** every API call is answered this many (real) milliseconds later */
  delayMs: number;
  /** the next N API calls fail with 500 before anything happens */
  failRequests: number;
  /** the next N API calls are carried out, but answered with 500: the answer is lost */
  loseAnswers: number;
}

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

  const sessionObject = (s: SimSession) => ({
    id: s.id,
    object: 'checkout.session',
    amount_subtotal: s.amountTotal,
    amount_total: s.amountTotal,
    cancel_url: s.cancelUrl,
    client_reference_id: s.clientReferenceId,
    created: s.created,
    currency: s.currency,
    customer: null,
    expires_at: s.expiresAt,
    livemode: false,
    metadata: s.metadata,
    mode: 'payment',
    payment_intent: s.paymentIntent,
    payment_method_types: ['card'],
    payment_status: s.paymentStatus,
    status: s.status,
    success_url: s.successUrl,
    url: s.status === 'open' ? `${options.publicBaseUrl}/pay/${s.id}` : null,
  });
  const refundObject = (r: SimRefund) => ({
    id: r.id,
    object: 'refund',
    amount: r.amount,
    charge: r.charge,
    created: r.created,
    currency: 'nok',
    metadata: r.metadata,
    payment_intent: r.paymentIntent,
    reason: r.reason,
    status: 'succeeded',
  });
  const refundedOf = (paymentIntent: string) =>
    refunds.filter((r) => r.paymentIntent === paymentIntent).reduce((sum, r) => sum + r.amount, 0);
  const chargeObject = (s: SimSession) => {
    const refunded = refundedOf(s.paymentIntent!);
    return {
      id: s.charge,
      object: 'charge',
      amount: s.amountTotal,
      amount_captured: s.amountTotal,
      amount_refunded: refunded,
      captured: true,
      created: s.created,
      currency: s.currency,
      livemode: false,
      metadata: s.paymentMetadata,
      paid: true,
      payment_intent: s.paymentIntent,
      refunded: refunded === s.amountTotal,
      status: 'succeeded',
    };
  };

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
    await emit('checkout.session.expired', sessionObject(s));
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
    await emit('checkout.session.completed', sessionObject(s));
  }

  async function payAsync(sessionId: string) {
    const s = await current(sessionId);
    if (s?.status !== 'open') return;
    complete(s, false);
    await emit('checkout.session.completed', sessionObject(s));
  }

  async function settleAsync(sessionId: string, succeeded: boolean) {
    const s = sessions.get(sessionId);
    if (s?.status !== 'complete' || s.paymentStatus !== 'unpaid') return;
    if (succeeded) s.paymentStatus = 'paid';
    await emit(
      succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed',
      sessionObject(s),
    );
  }

  const stripeError = (c: Context, status: 400 | 401 | 404 | 500, message: string, extra: object = {}) =>
    c.json({ error: { type: status === 500 ? 'api_error' : 'invalid_request_error', message, ...extra } }, status);

  const api = new Hono();

  api.use('/v1/*', async (c, next) => {
    if (faults.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.delayMs));
    const key = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (!key) return stripeError(c, 401, 'You did not provide an API key.');
    if (key !== options.secretKey) return stripeError(c, 401, 'Invalid API Key provided.');
    if (faults.failRequests > 0) {
      faults.failRequests--;
      return stripeError(c, 500, 'An unknown error occurred.');
    }
    const lose = faults.loseAnswers > 0;
    if (lose) faults.loseAnswers--;
    await idempotent(c, next);
    if (lose) c.res = stripeError(c, 500, 'An unknown error occurred.');
  });

  /** Same key and request → the first answer again; same key, other request → 400 (as Stripe does). */
  async function idempotent(c: Context, next: () => Promise<void>) {
    const key = c.req.header('idempotency-key');
    if (c.req.method !== 'POST' || !key) return next();
    const request = `${c.req.path} ${await c.req.raw.clone().text()}`;
    const seen = idempotency.get(key);
    if (seen && seen.request !== request) {
      c.res = stripeError(
        c,
        400,
        'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        { type: 'idempotency_error' },
      );
      return;
    }
    if (seen) {
      c.res = new Response(JSON.stringify(seen.answer), {
        status: seen.status,
        headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true', 'idempotency-key': key },
      });
      return;
    }
    await next();
    if (c.res.status < 500) idempotency.set(key, { request, status: c.res.status, answer: await c.res.clone().json() });
  }

  const form = async (c: Context) => parseStripeForm(await c.req.text());
  const invalid = (c: Context, error: z.ZodError) => {
    const issue = error.issues[0]!;
    const param = issue.path.map((p, i) => (i === 0 ? String(p) : `[${String(p)}]`)).join('');
    return issue.code === 'unrecognized_keys'
      ? stripeError(c, 400, `Received unknown parameter: ${issue.keys[0]}`, { param: issue.keys[0] })
      : stripeError(c, 400, `Invalid ${param}: ${issue.message}`, { param });
  };

  api.post('/v1/checkout/sessions', async (c) => {
    const parsed = ZCreateSession.safeParse(await form(c));
    if (!parsed.success) return invalid(c, parsed.error);
    const input = parsed.data;
    const currencies = new Set(input.line_items.map((l) => l.price_data.currency));
    if (currencies.size > 1)
      return stripeError(c, 400, 'All line items must share one currency.', { param: 'line_items' });
    const currency = input.line_items[0]!.price_data.currency;
    const lines = input.line_items.map((l) => ({
      name: l.price_data.product_data.name,
      quantity: l.quantity,
      unitAmount: l.price_data.unit_amount,
    }));
    const amountTotal = lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0);
    if (currency === 'nok' && amountTotal < MIN_NOK)
      return stripeError(c, 400, "The Checkout Session's total amount due must add up to at least kr 3.00 nok", {
        code: 'amount_too_small',
      });
    const created = now();
    const session: SimSession = {
      id: id('cs'),
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotal,
      currency,
      lines,
      clientReferenceId: input.client_reference_id ?? null,
      metadata: input.metadata ?? {},
      paymentMetadata: input.payment_intent_data?.metadata ?? {},
      successUrl: input.success_url,
      cancelUrl: input.cancel_url ?? null,
      created,
      expiresAt: input.expires_at ?? created + DAY_S,
      paymentIntent: null,
      charge: null,
    };
    sessions.set(session.id, session);
    return c.json(sessionObject(session));
  });

  api.get('/v1/checkout/sessions/:id', async (c) => {
    const s = await current(c.req.param('id'));
    if (!s)
      return stripeError(c, 404, `No such checkout.session: '${c.req.param('id')}'`, {
        code: 'resource_missing',
        param: 'session',
      });
    return c.json(sessionObject(s));
  });

  api.post('/v1/checkout/sessions/:id/expire', async (c) => {
    const s = await current(c.req.param('id'));
    if (!s)
      return stripeError(c, 404, `No such checkout.session: '${c.req.param('id')}'`, {
        code: 'resource_missing',
        param: 'session',
      });
    if (s.status !== 'open')
      return stripeError(
        c,
        400,
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`,
      );
    await expire(s.id);
    return c.json(sessionObject(s));
  });

  api.post('/v1/refunds', async (c) => {
    const parsed = ZCreateRefund.safeParse(await form(c));
    if (!parsed.success) return invalid(c, parsed.error);
    const input = parsed.data;
    const s = [...sessions.values()].find((x) => x.paymentIntent === input.payment_intent);
    if (s?.paymentStatus !== 'paid')
      return stripeError(c, 404, `No such payment_intent: '${input.payment_intent}'`, {
        code: 'resource_missing',
        param: 'payment_intent',
      });
    const left = s.amountTotal - refundedOf(input.payment_intent);
    if (left === 0)
      return stripeError(c, 400, `Charge ${s.charge} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = input.amount ?? left;
    if (amount < 1 || amount > left)
      return stripeError(
        c,
        400,
        `Refund amount (kr${amount / 100}) is greater than unrefunded amount on charge (kr${left / 100})`,
        {
          param: 'amount',
        },
      );
    const refund: SimRefund = {
      id: id('re'),
      amount,
      paymentIntent: input.payment_intent,
      charge: s.charge!,
      reason: input.reason ?? null,
      metadata: input.metadata ?? {},
      created: now(),
    };
    refunds.push(refund);
    await emit('charge.refunded', chargeObject(s));
    return c.json(refundObject(refund));
  });

  api.get('/v1/refunds/:id', (c) => {
    const r = refunds.find((x) => x.id === c.req.param('id'));
    if (!r)
      return stripeError(c, 404, `No such refund: '${c.req.param('id')}'`, { code: 'resource_missing', param: 'id' });
    return c.json(refundObject(r));
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
    fetch: (input, init) => Promise.resolve(api.fetch(new Request(input, init))),
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

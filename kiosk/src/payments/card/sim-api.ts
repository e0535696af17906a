import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { parseStripeForm } from './form.ts';
import {
  chargeObject,
  refundObject,
  type SimRefund,
  type SimSession,
  type StripeSimFaults,
  sessionObject,
} from './sim-objects.ts';

/** The card simulator's REST API: what Stripe's `/v1/…` answers the card adapter, from the simulator's store. */

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

/** What the API reads and changes, and the simulator's own steps it takes. */
export interface SimStore {
  sessions: Map<string, SimSession>;
  refunds: SimRefund[];
  idempotency: Map<string, { request: string; status: number; answer: unknown }>;
  faults: StripeSimFaults;
  /** the only API key it accepts */
  secretKey: string;
  publicBaseUrl: string;
  newId(prefix: string): string;
  /** seconds since the epoch, on the club's clock */
  now(): number;
  emit(type: string, object: unknown): Promise<void>;
  /** the session, expired first if its time ran out */
  current(sessionId: string): Promise<SimSession | undefined>;
  expire(sessionId: string): Promise<void>;
  refundedOf(paymentIntent: string): number;
}

const stripeError = (c: Context, status: 400 | 401 | 404 | 500, message: string, extra: object = {}) =>
  c.json({ error: { type: status === 500 ? 'api_error' : 'invalid_request_error', message, ...extra } }, status);

/** Same key and request → the first answer again; same key, other request → 400 (as Stripe does). */
async function idempotent(store: SimStore, c: Context, next: () => Promise<void>) {
  const key = c.req.header('idempotency-key');
  if (c.req.method !== 'POST' || !key) return next();
  const request = `${c.req.path} ${await c.req.raw.clone().text()}`;
  const seen = store.idempotency.get(key);
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
  if (c.res.status < 500)
    store.idempotency.set(key, { request, status: c.res.status, answer: await c.res.clone().json() });
}

const form = async (c: Context) => parseStripeForm(await c.req.text());
const invalid = (c: Context, error: z.ZodError) => {
  const issue = error.issues[0]!;
  const param = issue.path.map((p, i) => (i === 0 ? String(p) : `[${String(p)}]`)).join('');
  return issue.code === 'unrecognized_keys'
    ? stripeError(c, 400, `Received unknown parameter: ${issue.keys[0]}`, { param: issue.keys[0] })
    : stripeError(c, 400, `Invalid ${param}: ${issue.message}`, { param });
};

/** Stripe's 404 for a session id it does not know. */
const noSuchSession = (c: Context) =>
  stripeError(c, 404, `No such checkout.session: '${c.req.param('id')}'`, {
    code: 'resource_missing',
    param: 'session',
  });

/** Checkout Sessions (create, retrieve, expire) and refunds (create, retrieve), with API-key auth and faults. */
export function createSimApi(store: SimStore): Hono {
  const api = new Hono();

  api.use('/v1/*', async (c, next) => {
    if (store.faults.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, store.faults.delayMs));
    const key = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (!key) return stripeError(c, 401, 'You did not provide an API key.');
    if (key !== store.secretKey) return stripeError(c, 401, 'Invalid API Key provided.');
    const hit = store.faults.failOn.test(`${c.req.method} ${c.req.path}`);
    if (hit && store.faults.failRequests > 0) {
      store.faults.failRequests--;
      return stripeError(c, 500, 'An unknown error occurred.');
    }
    const lose = hit && store.faults.loseAnswers > 0;
    if (lose) store.faults.loseAnswers--;
    const late = hit && store.faults.lateAnswers > 0;
    if (late) store.faults.lateAnswers--;
    await idempotent(store, c, next);
    if (lose) c.res = stripeError(c, 500, 'An unknown error occurred.');
    if (late) await new Promise((resolve) => setTimeout(resolve, store.faults.lateAnswerMs));
  });

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
    const created = store.now();
    const session: SimSession = {
      id: store.newId('cs'),
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
    store.sessions.set(session.id, session);
    return c.json(sessionObject(session, store.publicBaseUrl));
  });

  api.get('/v1/checkout/sessions/:id', async (c) => {
    const s = await store.current(c.req.param('id'));
    if (!s) return noSuchSession(c);
    return c.json(sessionObject(s, store.publicBaseUrl));
  });

  api.post('/v1/checkout/sessions/:id/expire', async (c) => {
    const s = await store.current(c.req.param('id'));
    if (!s) return noSuchSession(c);
    if (s.status !== 'open')
      return stripeError(
        c,
        400,
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`,
      );
    await store.expire(s.id);
    return c.json(sessionObject(s, store.publicBaseUrl));
  });

  api.post('/v1/refunds', async (c) => {
    const parsed = ZCreateRefund.safeParse(await form(c));
    if (!parsed.success) return invalid(c, parsed.error);
    const input = parsed.data;
    const s = [...store.sessions.values()].find((x) => x.paymentIntent === input.payment_intent);
    if (s?.paymentStatus !== 'paid')
      return stripeError(c, 404, `No such payment_intent: '${input.payment_intent}'`, {
        code: 'resource_missing',
        param: 'payment_intent',
      });
    const left = s.amountTotal - store.refundedOf(input.payment_intent);
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
      id: store.newId('re'),
      amount,
      paymentIntent: input.payment_intent,
      charge: s.charge!,
      reason: input.reason ?? null,
      metadata: input.metadata ?? {},
      created: store.now(),
    };
    store.refunds.push(refund);
    await store.emit('charge.refunded', chargeObject(s, store.refundedOf(s.paymentIntent!)));
    return c.json(refundObject(refund));
  });

  api.get('/v1/refunds/:id', (c) => {
    const r = store.refunds.find((x) => x.id === c.req.param('id'));
    if (!r)
      return stripeError(c, 404, `No such refund: '${c.req.param('id')}'`, { code: 'resource_missing', param: 'id' });
    return c.json(refundObject(r));
  });
  return api;
}

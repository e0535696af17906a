import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { clock } from '@club/shared/clock';
import { formatMoney } from '@club/shared/money';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { VippsState } from './client.ts';
import { authorizationFor, contentHash } from './signature.ts';

/**
 * A local stand-in for Vipps MobilePay: the access token, ePayment (create, get, events,
 * capture, cancel, test approve), webhook registration and signed deliveries, with the
 * same states (CREATED → AUTHORIZED | ABORTED | EXPIRED | TERMINATED), idempotency and
 * problem+json errors, plus a page where the payer approves or rejects as in the app.
 */

const EXPIRY_MS = 10 * 60_000;
const ZCreate = z.object({
  amount: z.object({ currency: z.literal('NOK'), value: z.number().int() }),
  paymentMethod: z.object({ type: z.string() }),
  customer: z.object({ phoneNumber: z.string() }).optional(),
  reference: z.string(),
  userFlow: z.enum(['WEB_REDIRECT', 'PUSH_MESSAGE', 'NATIVE_REDIRECT', 'QR']),
  returnUrl: z.string().optional(),
  paymentDescription: z.string().optional(),
});
const ZModification = z.object({
  modificationAmount: z.object({ currency: z.literal('NOK'), value: z.number().int() }),
});

interface SimEvent {
  name: 'CREATED' | 'AUTHORIZED' | 'ABORTED' | 'EXPIRED' | 'CANCELLED' | 'CAPTURED' | 'REFUNDED' | 'TERMINATED';
  amount: number;
  timestamp: string;
  idempotencyKey: string | null;
}
interface SimPayment {
  reference: string;
  pspReference: string;
  state: VippsState;
  amount: number;
  authorized: number;
  captured: number;
  cancelled: number;
  refunded: number;
  returnUrl: string | undefined;
  description: string;
  createdAt: number;
  events: SimEvent[];
}

export interface VippsSimulator {
  app: Hono;
  /** `fetch` into the simulator without a network, for the client in the same process */
  fetch: typeof fetch;
  /** approve or reject as the payer would in the app */
  approve(reference: string): Promise<void>;
  reject(reference: string): Promise<void>;
  /** what it sent, as it was sent: for tests */
  deliveries: Delivery[];
  /** test-only knobs: a slow, failing or forgetful Vipps */
  faults: SimFaults;
  /** sends earlier webhooks again exactly as they were (same date and signature), as a late or replayed delivery */
  replay(filter?: (delivery: Delivery) => boolean): Promise<number>;
  /** what the simulator holds about a payment: for tests that check no one was charged twice */
  payment(reference: string): SimPaymentView | undefined;
  references(): string[];
}

export interface Delivery {
  url: string;
  status: number | 'failed';
  body: string;
  headers: Record<string, string>;
  replayed?: boolean;
}

export interface SimFaults {
  /** webhooks are not delivered (recorded as failed) */
  dropWebhooks: boolean;
  /** each webhook is delivered twice */
  duplicateWebhooks: boolean;
  /** every ePayment API call is answered this many (real) milliseconds later */
  delayMs: number;
  /** the next N calls matching `failOn` fail with 503 before anything happens */
  failRequests: number;
  /** the next N calls matching `failOn` are carried out, but answered with 500: the answer is lost */
  loseAnswers: number;
  /** which calls the two above hit, matched against `METHOD /path` (default: every ePayment call but test approvals) */
  failOn: RegExp;
  /** how many calls each kind of fault has hit so far */
  hits: { failed: number; lost: number };
}

export interface SimPaymentView {
  reference: string;
  state: VippsState;
  amount: number;
  authorized: number;
  captured: number;
  cancelled: number;
  events: string[];
}

export function createVippsSimulator(options: {
  /** where the simulator's own pages are reached, e.g. http://localhost:3000/vipps-sim */
  publicBaseUrl: string;
  msn?: string;
  /** the API keys it accepts (default: `sim` for each) */
  credentials?: { clientId: string; clientSecret: string; subscriptionKey: string };
  /** how webhooks reach their URL (default: fetch) */
  deliver?: typeof fetch;
}): VippsSimulator {
  const credentials = options.credentials ?? { clientId: 'sim', clientSecret: 'sim', subscriptionKey: 'sim' };
  const tokens = createTokenIssuer();
  const payments = new Map<string, SimPayment>();
  const idempotency = new Map<string, { body: string; status: number; answer: unknown }>();
  const webhooks: { id: string; url: string; events: string[]; secret: string }[] = [];
  const deliveries: Delivery[] = [];
  const faults: SimFaults = {
    dropWebhooks: false,
    duplicateWebhooks: false,
    delayMs: 0,
    failRequests: 0,
    loseAnswers: 0,
    failOn: /^(GET|POST) \/epayment\/v1\/payments/,
    hits: { failed: 0, lost: 0 },
  };
  const msn = options.msn ?? '123456';
  const deliver = options.deliver ?? fetch;
  const app = new Hono();

  const problem = (status: number, title: string, code: string) =>
    new Response(
      JSON.stringify({
        type: 'https://developer.vippsmobilepay.com/docs/APIs/epayment-api/api-errors',
        title,
        status,
        traceId: randomUUID(),
        extraDetails: [{ name: 'ErrorCode', reason: code }],
      }),
      {
        status,
        headers: { 'content-type': 'application/problem+json' },
      },
    );
  const money = (value: number) => ({ currency: 'NOK', value });

  function expire(p: SimPayment) {
    if (p.state === 'CREATED' && clock.nowMs() - p.createdAt > EXPIRY_MS) {
      p.state = 'EXPIRED';
      void record(p, 'EXPIRED', p.amount, null);
    }
  }

  /** Logs an event and sends its webhooks; the promise settles when they were delivered. */
  function record(p: SimPayment, name: SimEvent['name'], amount: number, idempotencyKey: string | null): Promise<void> {
    const event: SimEvent = { name, amount, timestamp: clock.now().toISOString(), idempotencyKey };
    p.events.push(event);
    return notify(p, event);
  }

  async function notify(p: SimPayment, event: SimEvent) {
    const type = `epayments.payment.${event.name.toLowerCase()}.v1`;
    for (const hook of webhooks.filter((w) => w.events.includes(type))) {
      const body = JSON.stringify({
        msn,
        reference: p.reference,
        pspReference: p.pspReference,
        name: event.name,
        amount: money(event.amount),
        timestamp: event.timestamp,
        idempotencyKey: event.idempotencyKey,
        success: true,
      });
      const times = faults.duplicateWebhooks ? 2 : 1;
      for (let i = 0; i < times; i++) {
        const date = new Date(clock.nowMs()).toUTCString();
        const headers = {
          'content-type': 'application/json',
          'x-ms-date': date,
          'x-ms-content-sha256': contentHash(body),
          authorization: authorizationFor({ secret: hook.secret, url: hook.url, date, rawBody: body }),
        };
        if (faults.dropWebhooks) {
          deliveries.push({ url: hook.url, status: 'failed', body, headers });
          continue;
        }
        deliveries.push({ url: hook.url, status: await send(hook.url, headers, body), body, headers });
      }
    }
  }

  async function send(url: string, headers: Record<string, string>, body: string): Promise<number | 'failed'> {
    try {
      const res = await deliver(url, { method: 'POST', headers, body });
      await res.body?.cancel();
      return res.status;
    } catch {
      return 'failed';
    }
  }

  async function replay(filter: (delivery: Delivery) => boolean = () => true): Promise<number> {
    const again = deliveries.filter((d) => !d.replayed && filter(d));
    for (const d of again) {
      deliveries.push({ ...d, status: await send(d.url, d.headers, d.body), replayed: true });
    }
    return again.length;
  }

  function view(p: SimPayment) {
    expire(p);
    return {
      aggregate: {
        authorizedAmount: money(p.authorized),
        cancelledAmount: money(p.cancelled),
        capturedAmount: money(p.captured),
        refundedAmount: money(p.refunded),
      },
      amount: money(p.amount),
      state: p.state,
      paymentMethod: { type: 'WALLET' },
      profile: {},
      pspReference: p.pspReference,
      redirectUrl: `${options.publicBaseUrl}/landing?token=${encodeURIComponent(p.reference)}`,
      reference: p.reference,
    };
  }

  /** Same key and body → the same answer; same key, other body → 409 (as Vipps does). */
  async function idempotent(
    key: string | undefined,
    body: string,
    run: () => Promise<Response> | Response,
  ): Promise<Response> {
    if (!key) return problem(400, 'The Idempotency-Key header is required', '400');
    const seen = idempotency.get(key);
    if (seen) {
      if (seen.body !== body) return problem(409, 'Idempotency key reused with another request', '4010');
      return new Response(JSON.stringify(seen.answer), {
        status: seen.status,
        headers: { 'content-type': 'application/json' },
      });
    }
    const res = await run();
    if (res.ok) idempotency.set(key, { body, status: res.status, answer: await res.clone().json() });
    return res;
  }

  const authorized = (header: string | undefined) =>
    tokens.valid(/^Bearer (.+)$/.exec(header ?? '')?.[1], Math.floor(clock.nowMs() / 1000));

  /** Every ePayment and Webhooks call carries the token, the subscription key and the merchant's MSN. */
  const gate = async (c: Context, next: () => Promise<void>) => {
    if (!authorized(c.req.header('authorization'))) return problem(401, 'Unauthorized', '401');
    if (c.req.header('Ocp-Apim-Subscription-Key') !== credentials.subscriptionKey)
      return problem(401, 'Access denied due to invalid subscription key', '401');
    const serial = c.req.header('Merchant-Serial-Number');
    if (!serial) return problem(400, 'Merchant-Serial-Number header is required', '400');
    if (serial !== msn) return problem(403, 'The merchant serial number is not allowed', '403');
    await next();
  };

  app.post('/accesstoken/get', (c) => {
    if (
      c.req.header('client_id') !== credentials.clientId ||
      c.req.header('client_secret') !== credentials.clientSecret ||
      c.req.header('Ocp-Apim-Subscription-Key') !== credentials.subscriptionKey
    ) {
      return c.json({ error: 'unauthorized_client', error_description: 'Invalid client credentials' }, 401);
    }
    const now = Math.floor(clock.nowMs() / 1000);
    return c.json({
      token_type: 'Bearer',
      expires_in: '3600',
      ext_expires_in: '3600',
      expires_on: String(now + 3600),
      not_before: String(now),
      resource: '00000002-0000-0000-c000-000000000000',
      access_token: tokens.issue(credentials.clientId, now, 3600),
    });
  });

  // the fault knobs sit in front of everything else, as a slow or failing network would
  app.use('/epayment/*', async (c, next) => {
    if (faults.delayMs > 0) await new Promise((r) => setTimeout(r, faults.delayMs));
    const hit = faults.failOn.test(`${c.req.method} ${c.req.path}`) && !c.req.path.includes('/test/');
    if (hit && faults.failRequests > 0) {
      faults.failRequests--;
      faults.hits.failed++;
      return problem(503, 'Service unavailable (simulated)', '503');
    }
    await next();
    if (hit && faults.loseAnswers > 0) {
      faults.loseAnswers--;
      faults.hits.lost++;
      c.res = problem(500, 'Internal error after the change was made (simulated)', '500');
    }
  });
  app.use('/epayment/*', gate);
  app.use('/webhooks/*', gate);

  app.post('/epayment/v1/payments', async (c) => {
    const raw = await c.req.text();
    return idempotent(c.req.header('idempotency-key'), raw, () => {
      const parsed = ZCreate.safeParse(JSON.parse(raw || '{}'));
      if (!parsed.success) return problem(400, 'Bad request', '400');
      const body = parsed.data;
      if (!/^[a-zA-Z0-9-]{8,64}$/.test(body.reference)) return problem(400, 'Invalid reference', '400');
      if (body.amount.value < 100) return problem(400, 'Amount too small', '6010');
      if (body.customer && !/^\d{10,15}$/.test(body.customer.phoneNumber))
        return problem(400, 'Invalid phone number', '4070');
      if (body.userFlow === 'WEB_REDIRECT' && !body.returnUrl) return problem(400, 'returnUrl is required', '400');
      if (payments.has(body.reference)) return problem(409, 'Reference already used', '409');
      const p: SimPayment = {
        reference: body.reference,
        pspReference: String(Date.now()) + randomBytes(2).readUInt16BE(0),
        state: 'CREATED',
        amount: body.amount.value,
        authorized: 0,
        captured: 0,
        cancelled: 0,
        refunded: 0,
        returnUrl: body.returnUrl,
        description: body.paymentDescription ?? '',
        createdAt: clock.nowMs(),
        events: [],
      };
      payments.set(p.reference, p);
      void record(p, 'CREATED', p.amount, c.req.header('idempotency-key') ?? null);
      return c.json({ redirectUrl: view(p).redirectUrl, reference: p.reference }, 201);
    });
  });

  app.get('/epayment/v1/payments/:reference', (c) => {
    const p = payments.get(c.req.param('reference'));
    return p ? c.json(view(p)) : problem(404, 'Payment not found', '5090');
  });

  app.get('/epayment/v1/payments/:reference/events', (c) => {
    const p = payments.get(c.req.param('reference'));
    if (!p) return problem(404, 'Payment not found', '5090');
    expire(p);
    return c.json(
      // `paymentAction` is the older name of `name`, still required by the published OpenAPI file
      p.events.map((e) => ({
        reference: p.reference,
        pspReference: p.pspReference,
        name: e.name,
        paymentAction: e.name,
        amount: money(e.amount),
        timestamp: e.timestamp,
        idempotencyKey: e.idempotencyKey,
        success: true,
      })),
    );
  });

  app.post('/epayment/v1/payments/:reference/capture', async (c) => {
    const raw = await c.req.text();
    const key = c.req.header('idempotency-key');
    return idempotent(key, `${c.req.param('reference')}:${raw}`, () => {
      const p = payments.get(c.req.param('reference'));
      if (!p) return problem(404, 'Payment not found', '5090');
      expire(p);
      const parsed = ZModification.safeParse(JSON.parse(raw || '{}'));
      if (!parsed.success) return problem(400, 'Bad request', '4040');
      if (p.state !== 'AUTHORIZED') return problem(400, 'Capture before reservation', '6080');
      const value = parsed.data.modificationAmount.value;
      if (p.captured + value > p.authorized - p.cancelled) return problem(400, 'Capture amount too high', '6090');
      p.captured += value;
      void record(p, 'CAPTURED', value, key ?? null);
      return c.json({
        amount: money(p.amount),
        state: p.state,
        aggregate: view(p).aggregate,
        pspReference: p.pspReference,
        reference: p.reference,
      });
    });
  });

  app.post('/epayment/v1/payments/:reference/refund', async (c) => {
    const raw = await c.req.text();
    const key = c.req.header('idempotency-key');
    return idempotent(key, `refund:${c.req.param('reference')}:${raw}`, () => {
      const p = payments.get(c.req.param('reference'));
      if (!p) return problem(404, 'Payment not found', '5090');
      const parsed = ZModification.safeParse(JSON.parse(raw || '{}'));
      if (!parsed.success || parsed.data.modificationAmount.value < 1) return problem(400, 'Invalid amount', '4040');
      const value = parsed.data.modificationAmount.value;
      if (p.refunded + value > p.captured) return problem(400, 'Not enough refundable', '6150');
      p.refunded += value;
      void record(p, 'REFUNDED', value, key ?? null);
      return c.json({
        amount: money(p.amount),
        state: p.state,
        aggregate: view(p).aggregate,
        pspReference: p.pspReference,
        reference: p.reference,
      });
    });
  });

  app.post('/epayment/v1/payments/:reference/cancel', async (c) => {
    const key = c.req.header('idempotency-key');
    return idempotent(key, `cancel:${c.req.param('reference')}`, () => {
      const p = payments.get(c.req.param('reference'));
      if (!p) return problem(404, 'Payment not found', '5090');
      expire(p);
      if (p.captured >= p.amount && p.amount > 0) return problem(400, 'Cannot cancel a captured payment', '6040');
      if (p.state === 'CREATED') {
        p.state = 'TERMINATED';
        void record(p, 'TERMINATED', p.amount, key ?? null);
      } else if (p.state === 'AUTHORIZED') {
        const rest = p.authorized - p.captured - p.cancelled;
        p.cancelled += rest;
        void record(p, 'CANCELLED', rest, key ?? null);
      }
      return c.json({
        amount: money(p.amount),
        state: p.state,
        aggregate: view(p).aggregate,
        pspReference: p.pspReference,
        reference: p.reference,
      });
    });
  });

  app.post('/epayment/v1/test/payments/:reference/approve', async (c) => {
    const p = payments.get(c.req.param('reference'));
    if (!p) return problem(404, 'Payment not found', '5090');
    await approve(p.reference);
    return c.body(null, 200);
  });

  app.post('/webhooks/v1/webhooks', async (c) => {
    const body = z
      .object({ url: z.url(), events: z.array(z.string()).min(1) })
      .safeParse(await c.req.json().catch(() => null));
    if (!body.success) return problem(400, 'Bad request', '400');
    const hook = {
      id: randomUUID(),
      url: body.data.url,
      events: body.data.events,
      secret: randomBytes(32).toString('base64'),
    };
    webhooks.push(hook);
    return c.json({ id: hook.id, secret: hook.secret }, 201);
  });

  // the page standing in for the Vipps app
  app.get('/landing', (c) => {
    const p = payments.get(c.req.query('token') ?? '');
    if (!p) return c.html(page('Vipps', '<p>Ukjent betaling.</p>'), 404);
    expire(p);
    const open = p.state === 'CREATED';
    const ref = escapeHtml(p.reference);
    return c.html(
      page(
        'Vipps (simulator)',
        `<p class="muted">Simulert Vipps-app for testing</p>
<h1>${escapeHtml(formatMoney(p.amount))}</h1><p>${escapeHtml(p.description)}</p>
${
  open
    ? `<form method="post" action="landing/approve"><input type="hidden" name="token" value="${ref}"><button class="yes">Godkjenn betaling</button></form>
<form method="post" action="landing/reject"><input type="hidden" name="token" value="${ref}"><button class="no">Avvis</button></form>`
    : `<p>Status: <strong>${escapeHtml(p.state)}</strong></p>`
}
${p.returnUrl ? `<p><a href="${escapeHtml(p.returnUrl)}">Tilbake til butikken</a></p>` : ''}`,
      ),
    );
  });

  for (const action of ['approve', 'reject'] as const) {
    app.post(`/landing/${action}`, async (c) => {
      const form = await c.req.parseBody();
      const reference = String(form.token ?? '');
      const p = payments.get(reference);
      if (!p) return c.html(page('Vipps', '<p>Ukjent betaling.</p>'), 404);
      if (action === 'approve') await approve(reference);
      else await reject(reference);
      return p.returnUrl
        ? c.redirect(p.returnUrl, 303)
        : c.redirect(`../landing?token=${encodeURIComponent(reference)}`, 303);
    });
  }

  async function approve(reference: string) {
    const p = payments.get(reference);
    if (!p) return;
    expire(p);
    if (p.state !== 'CREATED') return;
    p.state = 'AUTHORIZED';
    p.authorized = p.amount;
    await record(p, 'AUTHORIZED', p.amount, null);
  }
  async function reject(reference: string) {
    const p = payments.get(reference);
    if (!p) return;
    expire(p);
    if (p.state !== 'CREATED') return;
    p.state = 'ABORTED';
    await record(p, 'ABORTED', p.amount, null);
  }

  return {
    app,
    fetch: (input, init) => Promise.resolve(app.request(input instanceof Request ? input : String(input), init)),
    approve,
    reject,
    deliveries,
    faults,
    replay,
    payment(reference) {
      const p = payments.get(reference);
      if (!p) return undefined;
      expire(p);
      const { state, amount, authorized, captured, cancelled } = p;
      return { reference, state, amount, authorized, captured, cancelled, events: p.events.map((e) => e.name) };
    },
    references: () => [...payments.keys()],
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="nb"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#ff5b24;color:#fff;margin:0;padding:2rem;text-align:center}main{max-width:24rem;margin:auto;background:#fff;color:#222;border-radius:1rem;padding:1.5rem}
h1{font-size:2.5rem;margin:.5rem 0}button{display:block;width:100%;font-size:1.1rem;padding:.9rem;margin:.5rem 0;border:0;border-radius:.6rem;cursor:pointer}
.yes{background:#2a9d3a;color:#fff}.no{background:#eee;color:#222}.muted{color:#777;font-size:.85rem}a{color:#ff5b24}</style></head>
<body><main>${body}</main></body></html>`;
}

/** Access tokens as Vipps issues them: JWTs (HS256 here, with a key only this simulator knows). */
function createTokenIssuer() {
  const key = randomBytes(32);
  const b64 = (value: object | Buffer) =>
    (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');
  const sign = (data: string) => createHmac('sha256', key).update(data).digest('base64url');
  return {
    issue(subject: string, now: number, lifetime: number): string {
      const head = b64({ typ: 'JWT', alg: 'HS256' });
      const body = b64({
        iss: 'vipps-simulator',
        sub: subject,
        aud: 'epayment',
        iat: now,
        nbf: now,
        exp: now + lifetime,
      });
      return `${head}.${body}.${sign(`${head}.${body}`)}`;
    },
    valid(token: string | undefined, now: number): boolean {
      const [head, body, signature] = token?.split('.') ?? [];
      if (!head || !body || !signature) return false;
      const expected = Buffer.from(sign(`${head}.${body}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { exp?: number; nbf?: number };
      return (claims.nbf ?? 0) <= now && now < (claims.exp ?? 0);
    },
  };
}

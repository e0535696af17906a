import type { AddressInfo } from 'node:net';
import { advanceClock, clock, enableControllableClock } from '@club/shared/clock';
import { type ServerType, serve } from '@hono/node-server';
import { Ajv } from 'ajv';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_NAMES, webhookEventType } from './client.ts';
import { verifyWebhook } from './signature.ts';
import { vippsDocument } from './sim-openapi.ts';
import { createVippsSimulator, type VippsSimulator } from './simulator.ts';

/** Every answer and webhook body is checked against the OpenAPI documents Vipps MobilePay publishes. */
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema(vippsDocument('epayment.v1.yml'), 'epayment');
ajv.addSchema(vippsDocument('webhooks.swagger.yaml'), 'webhooks');
ajv.addSchema(vippsDocument('accesstoken.swagger.yaml'), 'accesstoken');
const conforms = (doc: string, schema: string, value: unknown) => {
  const validate = ajv.compile({ $ref: `${doc}#/components/schemas/${schema}` });
  return validate(value) ? true : validate.errors;
};

const CREDENTIALS = { clientId: 'club-client', clientSecret: 'club-secret', subscriptionKey: 'club-key' };
let sim: VippsSimulator;
let simServer: ServerType;
let hookServer: ServerType;
let base: string;
let hookUrl: string;
const received: {
  /** the clock when it arrived, which its signature is checked against */
  at: number;
  url: string;
  method: string;
  body: string;
  headers: { date: string | undefined; contentSha256: string | undefined; authorization: string | undefined };
}[] = [];

const listen = (app: Hono) =>
  new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
const portOf = (s: ServerType) => (s.address() as AddressInfo).port;

beforeAll(async () => {
  const hooks = new Hono();
  hooks.post('/vipps', async (c) => {
    received.push({
      at: clock.nowMs(),
      url: c.req.url,
      method: c.req.method,
      body: await c.req.text(),
      headers: {
        date: c.req.header('x-ms-date'),
        contentSha256: c.req.header('x-ms-content-sha256'),
        authorization: c.req.header('authorization'),
      },
    });
    return c.body(null, 200);
  });
  hookServer = await listen(hooks);
  hookUrl = `http://127.0.0.1:${portOf(hookServer)}/vipps`;
  sim = createVippsSimulator({ publicBaseUrl: 'http://sim.test', credentials: CREDENTIALS });
  simServer = await listen(sim.app);
  base = `http://127.0.0.1:${portOf(simServer)}`;
});
afterAll(() =>
  Promise.all([simServer, hookServer].map((s) => new Promise<void>((resolve) => s.close(() => resolve())))),
);

const tokenCall = (headers: Record<string, string>) => fetch(`${base}/accesstoken/get`, { method: 'POST', headers });
const goodCredentials = {
  client_id: CREDENTIALS.clientId,
  client_secret: CREDENTIALS.clientSecret,
  'Ocp-Apim-Subscription-Key': CREDENTIALS.subscriptionKey,
  'Merchant-Serial-Number': '123456',
};
async function headers(extra: Record<string, string> = {}) {
  const token = ((await (await tokenCall(goodCredentials)).json()) as { access_token: string }).access_token;
  return {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    'Ocp-Apim-Subscription-Key': CREDENTIALS.subscriptionKey,
    'Merchant-Serial-Number': '123456',
    ...extra,
  };
}
const post = async (path: string, body: unknown, key?: string, extra: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: await headers({ ...(key ? { 'Idempotency-Key': key } : {}), ...extra }),
    body: JSON.stringify(body),
  });
const payment = (reference: string, value = 10000) => ({
  amount: { currency: 'NOK', value },
  paymentMethod: { type: 'WALLET' },
  customer: { phoneNumber: '4791234567' },
  reference,
  userFlow: 'WEB_REDIRECT',
  returnUrl: 'https://club.test/payment/vipps/1',
  paymentDescription: 'Cue Club K-000001',
});
const money = (value: number) => ({ modificationAmount: { currency: 'NOK', value } });
async function problem(res: Response, status: number, code?: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  const body = (await res.json()) as { detail?: string; extraDetails?: { name: string; reason: string }[] };
  expect(conforms('epayment', 'Problem', body)).toBe(true);
  if (code) expect(body.extraDetails).toContainEqual({ name: 'ErrorCode', reason: code });
  return body;
}

describe('the Vipps simulator against the official OpenAPI documents', () => {
  it('issues a JWT for the client credentials only', async () => {
    const answer = (await (await tokenCall(goodCredentials)).json()) as { access_token: string };
    expect(conforms('accesstoken', 'AuthorizationTokenResponse', answer)).toBe(true);
    const [head, claims, signature] = answer.access_token.split('.');
    expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toMatchObject({ typ: 'JWT' });
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toMatchObject({ sub: CREDENTIALS.clientId });
    expect(signature).toBeTruthy();
    expect((await tokenCall({ ...goodCredentials, client_secret: 'wrong' })).status).toBe(401);
    expect((await tokenCall({ ...goodCredentials, 'Ocp-Apim-Subscription-Key': 'wrong' })).status).toBe(401);
  });

  it('needs the Bearer token, the subscription key and the MSN on every call', async () => {
    const path = `${base}/epayment/v1/payments/unknown-ref-1`;
    const good = await headers();
    await problem(await fetch(path, { headers: { ...good, authorization: 'Bearer not.a.token' } }), 401);
    await problem(await fetch(path, { headers: { ...good, 'Ocp-Apim-Subscription-Key': 'other' } }), 401);
    const { 'Merchant-Serial-Number': _msn, ...noMsn } = good;
    await problem(await fetch(path, { headers: noMsn }), 400);
    await problem(await fetch(path, { headers: good }), 404, '5090');
  });

  it('create, capture, refund and cancel need an Idempotency-Key; a reused key with another body is a 409', async () => {
    await problem(await post('/epayment/v1/payments', payment('conf-0001-aaaa')), 400);
    const created = await post('/epayment/v1/payments', payment('conf-0001-aaaa'), 'create-1');
    expect(created.status).toBe(201);
    const first = await created.json();
    expect(conforms('epayment', 'CreatePaymentResponse', first)).toBe(true);
    const again = await post('/epayment/v1/payments', payment('conf-0001-aaaa'), 'create-1');
    expect([again.status, await again.json()]).toEqual([201, first]);
    await problem(await post('/epayment/v1/payments', payment('conf-0001-aaaa', 20000), 'create-1'), 409, '4010');
    for (const action of ['capture', 'refund', 'cancel'])
      await problem(await post(`/epayment/v1/payments/conf-0001-aaaa/${action}`, money(100)), 400);
  });

  it('capture before authorisation, capturing or refunding more than is left: 400 with the spec’s codes; unknown: 404', async () => {
    const ref = 'conf-0002-bbbb';
    await post('/epayment/v1/payments', payment(ref), 'create-2');
    await problem(await post(`/epayment/v1/payments/${ref}/capture`, money(10000), 'cap-early'), 400, '6080');
    await sim.approve(ref);
    await problem(await post(`/epayment/v1/payments/${ref}/capture`, money(10001), 'cap-high'), 400, '6090');
    const captured = await post(`/epayment/v1/payments/${ref}/capture`, money(10000), 'cap-1');
    expect(conforms('epayment', 'ModificationResponse', await captured.json())).toBe(true);
    const refunded = await post(`/epayment/v1/payments/${ref}/refund`, money(4000), 'ref-1');
    const body = (await refunded.json()) as { aggregate: { refundedAmount: { value: number } } };
    expect(conforms('epayment', 'ModificationResponse', body)).toBe(true);
    expect(body.aggregate.refundedAmount.value).toBe(4000);
    // the same refund again changes nothing; more than is left is refused
    await post(`/epayment/v1/payments/${ref}/refund`, money(4000), 'ref-1');
    await problem(await post(`/epayment/v1/payments/${ref}/refund`, money(6001), 'ref-2'), 400, '6150');
    const got = await (await fetch(`${base}/epayment/v1/payments/${ref}`, { headers: await headers() })).json();
    expect(conforms('epayment', 'GetPaymentResponse', got)).toBe(true);
    expect((got as { aggregate: { refundedAmount: { value: number } } }).aggregate.refundedAmount.value).toBe(4000);
    await problem(await post('/epayment/v1/payments/conf-none-0000/refund', money(100), 'ref-3'), 404, '5090');
  });

  it('delivers webhooks registered through the Webhooks API, each body per the spec and signed as Vipps signs', async () => {
    const registration = { url: hookUrl, events: ['epayments.payment.authorized.v1', 'epayments.payment.refunded.v1'] };
    const registered = await post('/webhooks/v1/webhooks', registration);
    expect(registered.status).toBe(201);
    const hook = (await registered.json()) as { id: string; secret: string };
    expect(conforms('webhooks', 'RegisterResponse', hook)).toBe(true);
    expect(conforms('webhooks', 'RegisterRequest', registration)).toBe(true);

    const ref = 'conf-0003-cccc';
    await post('/epayment/v1/payments', payment(ref), 'create-3');
    await sim.approve(ref);
    await post(`/epayment/v1/payments/${ref}/capture`, money(10000), 'cap-3');
    await post(`/epayment/v1/payments/${ref}/refund`, money(2500), 'ref-3b');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const mine = received.filter((r) => r.body.includes(ref));
    expect(mine.map((r) => JSON.parse(r.body).name)).toEqual(['AUTHORIZED', 'REFUNDED']);
    for (const r of mine) {
      expect(conforms('epayment', 'WebhookEvent', JSON.parse(r.body))).toBe(true);
      const now = clock.nowMs();
      expect(verifyWebhook({ secret: hook.secret, url: hookUrl, rawBody: r.body, headers: r.headers, now })).toBe(true);
      expect(verifyWebhook({ secret: 'other', url: hookUrl, rawBody: r.body, headers: r.headers, now })).toBe(false);
    }
  });
});

describe('requests the ePayment document refuses are refused, as Vipps refuses them', () => {
  const refused = async (res: Response, field: string) => {
    const body = await problem(res, 400);
    expect(body.extraDetails?.map((d) => d.name)).toContain(field);
    return body;
  };
  let n = 0;
  /** a fresh reference per case, so a wrongly accepted request shows as a payment */
  const fresh = () => `conf-rule-${String(++n).padStart(4, '0')}`;
  const notMade = async (reference: string) =>
    expect((await fetch(`${base}/epayment/v1/payments/${reference}`, { headers: await headers() })).status).toBe(404);

  it('an Idempotency-Key over 50 characters', async () => {
    const ref = fresh();
    await refused(await post('/epayment/v1/payments', payment(ref), 'k'.repeat(51)), 'Idempotency-Key');
    await notMade(ref);
    expect((await post('/epayment/v1/payments', payment(ref), 'k'.repeat(50))).status).toBe(201);
  });

  it('an amount above 65 000 000 øre', async () => {
    const ref = fresh();
    const body = await refused(await post('/epayment/v1/payments', payment(ref, 65_000_001), fresh()), '/amount/value');
    expect(body.extraDetails).toContainEqual({ name: 'ErrorCode', reason: '4040' });
    await notMade(ref);
  });

  it('a payment method other than WALLET or CARD', async () => {
    const ref = fresh();
    const body = { ...payment(ref), paymentMethod: { type: 'INVOICE' } };
    await refused(await post('/epayment/v1/payments', body, fresh()), '/paymentMethod/type');
    await notMade(ref);
  });

  it('a payment description shorter than 3 or longer than 100 characters', async () => {
    for (const paymentDescription of ['ab', 'x'.repeat(101)]) {
      const ref = fresh();
      await refused(
        await post('/epayment/v1/payments', { ...payment(ref), paymentDescription }, fresh()),
        '/paymentDescription',
      );
      await notMade(ref);
    }
  });

  it('PUSH_MESSAGE without a customer', async () => {
    const ref = fresh();
    const { customer: _, ...noCustomer } = payment(ref);
    await refused(
      await post('/epayment/v1/payments', { ...noCustomer, userFlow: 'PUSH_MESSAGE' }, fresh()),
      '/customer',
    );
    await notMade(ref);
    expect((await post('/epayment/v1/payments', { ...payment(ref), userFlow: 'PUSH_MESSAGE' }, fresh())).status).toBe(
      201,
    );
  });

  it('and the rest of what the document says: phone, two customer identities, headers, captures, registrations', async () => {
    const ref = fresh();
    const phone = { ...payment(ref), customer: { phoneNumber: '12345' } };
    const body = await refused(await post('/epayment/v1/payments', phone, fresh()), '/customer/phoneNumber');
    expect(body.extraDetails).toContainEqual({ name: 'ErrorCode', reason: '4070' });
    const both = { ...payment(ref), customer: { phoneNumber: '4791234567', personalQr: 'https://qr.vipps.no/x' } };
    await refused(await post('/epayment/v1/payments', both, fresh()), '/customer');
    const { returnUrl: _, ...noReturn } = payment(ref);
    await refused(await post('/epayment/v1/payments', noReturn, fresh()), '/returnUrl');
    // a header and the body both wrong: both are named
    const twice = await refused(
      await post('/epayment/v1/payments', { ...payment(ref), paymentDescription: 'ab' }, fresh(), {
        'Vipps-System-Name': 'x'.repeat(31),
      }),
      'Vipps-System-Name',
    );
    expect(twice.extraDetails?.map((d) => d.name)).toContain('/paymentDescription');
    await refused(
      await fetch(`${base}/epayment/v1/payments`, {
        method: 'POST',
        headers: await headers({ 'Idempotency-Key': fresh() }),
        body: '{',
      }),
      'body',
    );
    await notMade(ref);
    await refused(await post(`/epayment/v1/payments/${ref}/capture`, money(-1), fresh()), '/modificationAmount/value');
    await refused(await post(`/epayment/v1/payments/${ref}/capture`, {}, fresh()), '/modificationAmount');
    await refused(await post('/webhooks/v1/webhooks', { url: 'not a url', events: [] }), '/url');
    await refused(await post('/webhooks/v1/webhooks', { url: hookUrl, events: [], secret: 'mine' }), '');
  });
});

describe('webhooks reach every registered URL over HTTP', () => {
  const ALL = WEBHOOK_EVENT_NAMES.map(webhookEventType);

  it('one POST per event, as it happens, with its amount, signed with that registration’s secret', async () => {
    const registered = await post('/webhooks/v1/webhooks', { url: `${hookUrl}?all=1`, events: ALL });
    const hook = (await registered.json()) as { id: string; secret: string };
    const mine = (ref: string) =>
      received.filter((r) => r.url.endsWith('?all=1') && JSON.parse(r.body).reference === ref);
    const seen = (ref: string) => mine(ref).map((r) => [JSON.parse(r.body).name, JSON.parse(r.body).amount.value]);

    // created, approved, part captured, part refunded, the rest cancelled
    const a = 'conf-hook-aaaa';
    await post('/epayment/v1/payments', payment(a), 'hook-a');
    await sim.approve(a);
    await post(`/epayment/v1/payments/${a}/capture`, money(6000), 'hook-a-cap');
    await post(`/epayment/v1/payments/${a}/refund`, money(2500), 'hook-a-ref');
    await post(`/epayment/v1/payments/${a}/cancel`, {}, 'hook-a-can');
    // rejected by the payer; cancelled before approval
    const b = 'conf-hook-bbbb';
    await post('/epayment/v1/payments', payment(b, 300), 'hook-b');
    await sim.reject(b);
    const c = 'conf-hook-cccc';
    await post('/epayment/v1/payments', payment(c, 400), 'hook-c');
    await post(`/epayment/v1/payments/${c}/cancel`, {}, 'hook-c-can');
    // left alone until it runs out: its EXPIRED comes without anyone asking about it
    const d = 'conf-hook-dddd';
    await post('/epayment/v1/payments', payment(d, 500), 'hook-d');
    await until(() => mine(d).length === 1);
    enableControllableClock();
    advanceClock(11 * 60_000);
    await until(() => mine(d).length === 2);

    await until(() => mine(a).length >= 5 && mine(c).length >= 2 && mine(b).length >= 2);
    expect(seen(a)).toEqual([
      ['CREATED', 10000],
      ['AUTHORIZED', 10000],
      ['CAPTURED', 6000],
      ['REFUNDED', 2500],
      ['CANCELLED', 4000],
    ]);
    expect(seen(b)).toEqual([
      ['CREATED', 300],
      ['ABORTED', 300],
    ]);
    expect(seen(c)).toEqual([
      ['CREATED', 400],
      ['TERMINATED', 400],
    ]);
    expect(seen(d)).toEqual([
      ['CREATED', 500],
      ['EXPIRED', 500],
    ]);
    const url = `${hookUrl}?all=1`;
    for (const r of [a, b, c, d].flatMap(mine)) {
      expect(r.method).toBe('POST');
      expect(conforms('epayment', 'WebhookEvent', JSON.parse(r.body))).toBe(true);
      expect(verifyWebhook({ secret: hook.secret, url, rawBody: r.body, headers: r.headers, now: r.at })).toBe(true);
      expect(verifyWebhook({ secret: 'another', url, rawBody: r.body, headers: r.headers, now: r.at })).toBe(false);
    }
    // once each: nothing more arrives later
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([a, b, c, d].flatMap(mine)).toHaveLength(11);
    // and the registration can be listed and removed, after which nothing is sent to it
    const listed = (await (await fetch(`${base}/webhooks/v1/webhooks`, { headers: await headers() })).json()) as {
      webhooks: { id: string }[];
    };
    expect(conforms('webhooks', 'QueryResponse', listed)).toBe(true);
    expect(listed.webhooks.map((w) => w.id)).toContain(hook.id);
    const removed = await fetch(`${base}/webhooks/v1/webhooks/${hook.id}`, {
      method: 'DELETE',
      headers: await headers(),
    });
    expect(removed.status).toBe(204);
    await post('/epayment/v1/payments', payment('conf-hook-eeee'), 'hook-e');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mine('conf-hook-eeee')).toEqual([]);
  });
});

describe('a webhook that fails is delivered again', () => {
  it('with a growing delay until it goes through, and the payment’s later events wait for it', async () => {
    let refuse = 2;
    const got: { name: string; status: number }[] = [];
    const flaky = new Hono();
    flaky.post('/flaky', async (c) => {
      const { name } = (await c.req.json()) as { name: string };
      const status = refuse-- > 0 ? 503 : 200;
      got.push({ name, status });
      return c.body(null, status);
    });
    const server = await listen(flaky);
    const retrying = createVippsSimulator({
      publicBaseUrl: 'http://sim.test',
      retry: { firstDelayMs: 30, maxDelayMs: 200, giveUpAfterMs: 60_000 },
    });
    try {
      const url = `http://127.0.0.1:${portOf(server)}/flaky`;
      const client = retrying.fetch;
      const auth = async () => {
        const res = await client('http://sim/accesstoken/get', {
          method: 'POST',
          headers: { client_id: 'sim', client_secret: 'sim', 'Ocp-Apim-Subscription-Key': 'sim' },
        });
        const token = ((await res.json()) as { access_token: string }).access_token;
        return {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'Ocp-Apim-Subscription-Key': 'sim',
          'Merchant-Serial-Number': '123456',
        };
      };
      const events = ['epayments.payment.authorized.v1', 'epayments.payment.captured.v1'];
      await client('http://sim/webhooks/v1/webhooks', {
        method: 'POST',
        headers: await auth(),
        body: JSON.stringify({ url, events }),
      });
      const ref = 'retry-0001-aaaa';
      await client('http://sim/epayment/v1/payments', {
        method: 'POST',
        headers: { ...(await auth()), 'Idempotency-Key': 'retry-1' },
        body: JSON.stringify(payment(ref)),
      });
      await retrying.approve(ref);
      const captured = await client(`http://sim/epayment/v1/payments/${ref}/capture`, {
        method: 'POST',
        headers: { ...(await auth()), 'Idempotency-Key': 'retry-cap' },
        body: JSON.stringify(money(10000)),
      });
      expect(captured.status).toBe(200);
      // the receiver sees a try before the simulator has read its answer and recorded it
      await until(() => got.length === 4 && retrying.deliveries.length === 4, 5_000);
      // AUTHORIZED refused twice, then taken; CAPTURED only after it, once
      expect(got).toEqual([
        { name: 'AUTHORIZED', status: 503 },
        { name: 'AUTHORIZED', status: 503 },
        { name: 'AUTHORIZED', status: 200 },
        { name: 'CAPTURED', status: 200 },
      ]);
      expect(retrying.deliveries.map((d) => d.attempt)).toEqual([1, 2, 3, 1]);
      // each try is signed afresh (its own date)
      expect(new Set(retrying.deliveries.map((d) => d.headers.authorization)).size).toBeGreaterThan(0);
    } finally {
      retrying.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

async function until(check: () => boolean, timeoutMs = 5_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('not within time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

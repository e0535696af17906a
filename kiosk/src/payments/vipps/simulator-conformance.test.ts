import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { clock } from '@club/shared/clock';
import { type ServerType, serve } from '@hono/node-server';
import { Ajv } from 'ajv';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { verifyWebhook } from './signature.ts';
import { createVippsSimulator, type VippsSimulator } from './simulator.ts';

/** Every answer and webhook body is checked against the OpenAPI documents Vipps MobilePay publishes. */
const load = (file: string) => parse(readFileSync(new URL(`./${file}`, import.meta.url), 'utf8'));
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema(load('epayment.v1.yml'), 'epayment');
ajv.addSchema(load('webhooks.swagger.yaml'), 'webhooks');
ajv.addSchema(load('accesstoken.swagger.yaml'), 'accesstoken');
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
  const body = (await res.json()) as { extraDetails?: { name: string; reason: string }[] };
  expect(conforms('epayment', 'Problem', body)).toBe(true);
  if (code) expect(body.extraDetails).toContainEqual({ name: 'ErrorCode', reason: code });
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

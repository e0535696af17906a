import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createVippsClient, type VippsClient, VippsError } from './client.ts';
import { createVippsSimulator, type VippsSimulator } from './simulator.ts';

const spec = parse(readFileSync(new URL('./epayment.v1.yml', import.meta.url), 'utf8'));
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema(spec, 'epayment');
const conforms = (schema: string, value: unknown) => {
  const validate = ajv.compile({ $ref: `epayment#/components/schemas/${schema}` });
  const ok = validate(value);
  return ok ? true : validate.errors;
};

let sim: VippsSimulator;
let server: ServerType;
let client: VippsClient;
let tokenCalls = 0;

beforeAll(async () => {
  sim = createVippsSimulator({
    publicBaseUrl: 'http://sim.test',
    credentials: { clientId: 'id', clientSecret: 'secret', subscriptionKey: 'key' },
  });
  server = await new Promise((resolve) => {
    const s = serve({ fetch: sim.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // the adapter talks real HTTP to the simulator on a port, as it would to Vipps
  client = createVippsClient({
    baseUrl: base,
    clientId: 'id',
    clientSecret: 'secret',
    subscriptionKey: 'key',
    msn: '123456',
    fetch: (input, init) => {
      if (String(input).endsWith('/accesstoken/get')) tokenCalls++;
      return fetch(input, init);
    },
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const create = (reference: string, amount = 25000) =>
  client.createPayment({
    reference,
    amount,
    phone: '+4791234567',
    description: 'Cue Club K-000001',
    returnUrl: 'http://club.test/payment/vipps/1',
  });

describe('the Vipps adapter against the simulator', () => {
  it('creates, approves, captures and reads a payment; the token is fetched once', async () => {
    const created = await create('club-1-aaaaaaaa');
    expect(created.redirectUrl).toContain('/landing?token=club-1-aaaaaaaa');
    expect((await client.getPayment('club-1-aaaaaaaa')).state).toBe('CREATED');
    await expect(client.capture('club-1-aaaaaaaa', 25000)).rejects.toMatchObject({ status: 400, code: '6080' });
    await sim.approve('club-1-aaaaaaaa');
    const authorized = await client.getPayment('club-1-aaaaaaaa');
    expect(authorized).toMatchObject({
      state: 'AUTHORIZED',
      aggregate: { authorizedAmount: { value: 25000 }, capturedAmount: { value: 0 } },
    });
    await client.capture('club-1-aaaaaaaa', 25000);
    await client.capture('club-1-aaaaaaaa', 25000); // same idempotency key: no second capture
    expect((await client.getPayment('club-1-aaaaaaaa')).aggregate.capturedAmount.value).toBe(25000);
    await expect(client.cancel('club-1-aaaaaaaa')).rejects.toMatchObject({ code: '6040' });
    expect(tokenCalls).toBe(1);
  });

  it('is idempotent on create, and refuses a reused key with another body', async () => {
    const first = await create('club-2-bbbbbbbb');
    const again = await create('club-2-bbbbbbbb');
    expect(again).toEqual(first);
    await expect(create('club-2-bbbbbbbb', 999)).rejects.toBeInstanceOf(VippsError);
  });

  it('refuses what Vipps refuses, with its error codes', async () => {
    await expect(create('club-3-cccccccc', 50)).rejects.toMatchObject({ code: '6010' });
    await expect(create('bad ref')).rejects.toMatchObject({ status: 400 });
    await expect(client.getPayment('club-none-0000')).rejects.toMatchObject({ status: 404, code: '5090' });
  });

  it('cancels before authorisation (TERMINATED) and lets payments expire', async () => {
    await create('club-4-dddddddd');
    await client.cancel('club-4-dddddddd');
    expect((await client.getPayment('club-4-dddddddd')).state).toBe('TERMINATED');
    await create('club-5-eeeeeeee');
    await sim.reject('club-5-eeeeeeee');
    expect((await client.getPayment('club-5-eeeeeeee')).state).toBe('ABORTED');
  });
});

describe('the simulator’s answers match the official OpenAPI file', () => {
  it('for create, get, events and errors', async () => {
    const token = await client.accessToken();
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const headers = {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'Ocp-Apim-Subscription-Key': 'key',
      'Merchant-Serial-Number': '123456',
    };
    const body = {
      amount: { currency: 'NOK', value: 1000 },
      paymentMethod: { type: 'WALLET' },
      customer: { phoneNumber: '4791234567' },
      reference: 'club-6-ffffffff',
      userFlow: 'WEB_REDIRECT',
      returnUrl: 'https://club.test/x',
      paymentDescription: 'Test',
    };
    const created = await fetch(`${base}/epayment/v1/payments`, {
      method: 'POST',
      headers: { ...headers, 'Idempotency-Key': 'k-6' },
      body: JSON.stringify(body),
    });
    expect(created.status).toBe(201);
    expect(conforms('CreatePaymentResponse', await created.json())).toBe(true);
    await sim.approve('club-6-ffffffff');
    const got = await (await fetch(`${base}/epayment/v1/payments/club-6-ffffffff`, { headers })).json();
    expect(conforms('GetPaymentResponse', got)).toBe(true);
    const events = (await (
      await fetch(`${base}/epayment/v1/payments/club-6-ffffffff/events`, { headers })
    ).json()) as unknown[];
    expect(events.map((e) => (e as { name: string }).name)).toEqual(['CREATED', 'AUTHORIZED']);
    for (const event of events) expect(conforms('PaymentEvent', event)).toBe(true);
    const missing = await fetch(`${base}/epayment/v1/payments/nope-nope-nope`, { headers });
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
    expect(conforms('Problem', await missing.json())).toBe(true);
    const token401 = await fetch(`${base}/epayment/v1/payments/club-6-ffffffff`);
    expect(token401.status).toBe(401);
  });
});

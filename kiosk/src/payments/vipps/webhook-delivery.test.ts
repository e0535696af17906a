import type { AddressInfo } from 'node:net';
import { clock } from '@club/shared/clock';
import type { TOrderDetail } from '@club/shared/orders';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../../tests/harness.ts';
import { WEBHOOK_EVENT_NAMES, webhookEventType } from './client.ts';
import { verifyWebhook } from './signature.ts';

/** The simulator's webhooks travel over HTTP: to the kiosk's own handler, and to any other registered URL. */
let k: TestKiosk;
let admin: string;
let receiver: ServerType;
let receiverUrl: string;
const received: {
  at: number;
  body: string;
  headers: { date: string | undefined; contentSha256: string | undefined; authorization: string | undefined };
}[] = [];

beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
  const app = new Hono();
  app.post('/hooks/vipps', async (c) => {
    received.push({
      at: clock.nowMs(),
      body: await c.req.text(),
      headers: {
        date: c.req.header('x-ms-date'),
        contentSha256: c.req.header('x-ms-content-sha256'),
        authorization: c.req.header('authorization'),
      },
    });
    return c.body(null, 200);
  });
  receiver = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/vipps`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await k.close();
});

const sim = () => k.kiosk.vipps.simulator!;

describe('Vipps webhooks over HTTP', () => {
  it('the kiosk registers its own webhook with the simulator when it starts', () => {
    expect(sim().registrations()).toEqual([
      {
        id: expect.any(String),
        url: 'http://club.test/v1/payment/vipps/webhook',
        events: ['authorized', 'aborted', 'expired', 'cancelled', 'captured', 'terminated'].map(
          (e) => `epayments.payment.${e}.v1`,
        ),
      },
    ]);
  });

  it('a URL registered through the adapter gets each event of a paid and part-refunded order once, signed with its secret', async () => {
    const hook = await k.kiosk.vipps.client.registerWebhook(receiverUrl, WEBHOOK_EVENT_NAMES.map(webhookEventType));
    const p = await newPlayer(k);
    const table = (await k.post('/v1/table/create', { name: 'W', capacity: 4, price_per_minute: 250 }, admin)).body
      .table as { id: number };
    const game = (await k.post('/v1/game/join', { table_id: table.id }, p.token)).body.game as { id: number };
    await advance(k, 10 * 60_000);
    const orderId = (await k.post('/v1/game/leave', { game_id: game.id }, p.token)).body.order_id as number;
    const started = await k.post('/v1/payment/vipps/init', { order_id: orderId, phone: '912 34 567' }, p.token);
    const reference = new URL(started.body.redirect_url as string).searchParams.get('token')!;

    // the payer approves on the simulator's page, as in the app
    const approved = await fetch(`${k.url}/vipps-sim/landing/approve`, {
      method: 'POST',
      body: new URLSearchParams({ token: reference }),
      redirect: 'manual',
    });
    expect(approved.status).toBe(303);
    // the kiosk's handler took the AUTHORIZED webhook over HTTP and captured: paid, by a plain read
    expect(((await k.get(`/v1/order/${orderId}`, p.token)).body.order as TOrderDetail).status).toBe('paid');
    const toKiosk = sim().deliveries.filter((d) => d.url === 'http://club.test/v1/payment/vipps/webhook');
    expect(toKiosk.find((d) => d.body.includes(reference) && d.body.includes('"AUTHORIZED"'))?.status).toBe(200);

    const refunded = await k.post('/v1/order/refund', { id: orderId, amount: 1000, reason: 'Kølla knakk' }, admin);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);

    const mine = () => received.filter((r) => JSON.parse(r.body).reference === reference);
    await until(() => mine().length >= 4);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mine().map((r) => [JSON.parse(r.body).name, JSON.parse(r.body).amount.value])).toEqual([
      ['CREATED', 2500],
      ['AUTHORIZED', 2500],
      ['CAPTURED', 2500],
      ['REFUNDED', 1000],
    ]);
    for (const r of mine()) {
      const signed = { url: receiverUrl, rawBody: r.body, headers: r.headers, now: r.at };
      expect(verifyWebhook({ secret: hook.secret, ...signed })).toBe(true);
      expect(verifyWebhook({ secret: 'not-the-secret', ...signed })).toBe(false);
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

import type { AddressInfo } from 'node:net';
import { NO_ERROR_REPORTS } from '@club/shared/error-reports';
import { type ServerType, serve } from '@hono/node-server';
import { OpenAPIHono } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, freshDatabase, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import type { Database } from '../db/client.ts';
import type { AppEnv } from '../http/context.ts';
import { onError } from '../http/errors.ts';
import { createLogger } from '../logger.ts';
import { metricsRoutes } from './metrics.ts';

/** one sample's value from the text format, or undefined when the series is not there */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics of the kiosk', () => {
  let k: TestKiosk;
  let admin: string;
  beforeAll(async () => {
    k = await startTestKiosk();
    admin = await k.login(ADMIN.email, ADMIN.password);
  });
  afterAll(() => k.close());
  const scrape = async () => {
    const res = await fetch(`${k.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  it('counts requests and their latency by route pattern, not by raw path', async () => {
    const table = (await k.post('/v1/table/create', { name: 'Målt', capacity: 2, price_per_minute: 100 }, admin)).body
      .table as { id: number };
    await k.get(`/v1/table/${table.id}`, admin);
    await k.get('/v1/table/999999', admin);
    const text = await scrape();
    expect(sample(text, 'http_requests_total{method="GET",route="/v1/table/:id",status="200"}')).toBe(1);
    expect(sample(text, 'http_requests_total{method="GET",route="/v1/table/:id",status="404"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/v1/table/:id",status="200"}')).toBe(
      1,
    );
    expect(text).not.toContain(`/v1/table/${table.id}"`);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
  });

  it('shows the age of the oldest undelivered live event, and the payments by state', async () => {
    // no gateway takes this kiosk's events: the table's event waits in the outbox
    await k.post('/v1/table/create', { name: 'Venter', capacity: 2, price_per_minute: 100 }, admin);
    await advance(k, 90_000);
    expect(sample(await scrape(), 'club_outbox_lag_seconds')).toBeGreaterThanOrEqual(90);

    const p = await newPlayer(k);
    const table = (await k.post('/v1/table/create', { name: 'Betalt', capacity: 2, price_per_minute: 250 }, admin)).body
      .table as { id: number };
    const game = (await k.post('/v1/game/join', { table_id: table.id }, p.token)).body.game as { id: number };
    await advance(k, 10 * 60_000);
    const orderId = (await k.post('/v1/game/leave', { game_id: game.id }, p.token)).body.order_id as number;
    const before = sample(await scrape(), 'club_payments{provider="vipps",state="CREATED"}') ?? 0;
    const init = await k.post('/v1/payment/vipps/init', { order_id: orderId, phone: '912 34 567' }, p.token);
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    expect(sample(await scrape(), 'club_payments{provider="vipps",state="CREATED"}')).toBe(before + 1);
  });
});

describe('who may read /metrics', () => {
  const servers: ServerType[] = [];
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    await database.close();
  });

  /** the metrics routes alone on a real server, with the kiosk's error mapping */
  async function start(config: { NODE_ENV: 'production' | 'development'; METRICS_TOKEN?: string }) {
    const app = new OpenAPIHono<AppEnv>();
    app.onError(onError(createLogger('silent'), NO_ERROR_REPORTS));
    metricsRoutes(app, { db: database.db, config, socketConnections: () => 3 });
    const server: ServerType = await new Promise((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    servers.push(server);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
    return (authorization?: string) => fetch(url, authorization ? { headers: { authorization } } : {});
  }
  const TOKEN = 'metrics-token-0123456789abcdef-0123456789';

  it('in production without METRICS_TOKEN: nobody (404)', async () => {
    const get = await start({ NODE_ENV: 'production' });
    const res = await get();
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, message: 'error.not_found' });
  });

  it('with METRICS_TOKEN: only its bearer', async () => {
    const get = await start({ NODE_ENV: 'production', METRICS_TOKEN: TOKEN });
    expect((await get()).status).toBe(401);
    const wrong = await get(`Bearer ${TOKEN}x`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'error.auth_required' });
    const right = await get(`Bearer ${TOKEN}`);
    expect(right.status).toBe(200);
    expect(sample(await right.text(), 'club_socket_connections')).toBe(3);
  });

  it('in the demo: anyone', async () => {
    const get = await start({ NODE_ENV: 'development' });
    expect((await get()).status).toBe(200);
  });
});

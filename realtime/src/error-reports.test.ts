import { createHmac } from 'node:crypto';
import { createErrorReports } from '@club/shared/error-reports';
import { KIOSK_EVENTS_PATH, SIGNATURE_HEADER } from '@club/shared/realtime';
import { startSentryHost } from '@club/shared/sentry-host';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, SECRET, startGateway, type TestGateway } from './testing.ts';

/**
 * The gateway's one error path, with SENTRY_DSN naming a Sentry ingest on this machine. The
 * kiosk here is a stand-in on a real port: a fault must come from somewhere, and the one the
 * gateway cannot explain is a kiosk answering its reads in a shape it does not know (another
 * version); a kiosk that does not answer is the catalogue's `error.service_unavailable`.
 */
let sentry: Awaited<ReturnType<typeof startSentryHost>>;
let kiosk: Awaited<ReturnType<typeof listen>>;
let g: TestGateway;
let reads: 'unknown shape' | 'down' = 'unknown shape';

beforeAll(async () => {
  sentry = await startSentryHost();
  kiosk = await listen();
  kiosk.handle((req, res) => {
    const json = (status: number, body: object) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const server_time = new Date().toISOString();
    if (req.url?.startsWith('/v1/realtime/snapshot'))
      return json(200, { success: true, server_time, seq: 0, tables: [], games: [], events: [] });
    if (reads === 'down') return json(503, { success: false, message: 'error.service_unavailable', server_time });
    return json(200, { success: true, server_time, seq: 1, tables: 'all of them' });
  });
  g = await startGateway({
    kioskUrl: kiosk.url,
    reports: createErrorReports({ dsn: sentry.dsn, server: 'gateway', environment: 'test' }),
  });
});
afterAll(async () => {
  await g.close();
  await new Promise((resolve) => kiosk.server.close(resolve));
  await sentry.close();
});

let nextId = 1;
/** The kiosk's webhook, signed, naming a table to read. */
async function deliver() {
  const raw = JSON.stringify({
    events: [{ id: nextId++, type: 'table.updated', payload: { table_id: 1 }, created_at: new Date().toISOString() }],
  });
  const signature = `sha256=${createHmac('sha256', SECRET).update(raw).digest('hex')}`;
  const res = await fetch(`${g.url}${KIOSK_EVENTS_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
    body: raw,
  });
  return { status: res.status, body: (await res.json()) as { message?: string } };
}

async function eventsAfter(count: number): Promise<Record<string, unknown>[]> {
  const end = Date.now() + 10_000;
  while (sentry.events().length <= count) {
    if (Date.now() > end) throw new Error('no report arrived');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return sentry.events().slice(count);
}

describe('the gateway’s errors', () => {
  it('answers a fault error.internal and reports it', async () => {
    reads = 'unknown shape';
    expect(await deliver()).toEqual({ status: 500, body: { success: false, message: 'error.internal' } });
    const [event] = await eventsAfter(0);
    expect(event).toMatchObject({
      level: 'error',
      tags: { server: 'gateway' },
      extra: { method: 'POST', path: KIOSK_EVENTS_PATH },
      exception: { values: [{ type: 'ZodError' }] },
    });
  });

  it('answers a kiosk that does not answer with its catalogue key, and reports nothing', async () => {
    const before = sentry.events().length;
    reads = 'down';
    expect(await deliver()).toEqual({ status: 503, body: { success: false, message: 'error.service_unavailable' } });
    // a fault after it is reported: had the refusal been, it would have arrived first
    reads = 'unknown shape';
    expect((await deliver()).status).toBe(500);
    await eventsAfter(before);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sentry.events().slice(before)).toHaveLength(1);
  });
});

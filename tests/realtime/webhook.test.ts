import { createServer } from 'node:http';
import { signBody } from '@club/kiosk/realtime/webhook-sender';
import { KIOSK_EVENTS_PATH, SIGNATURE_HEADER, type TKioskEvent, type TKioskEventBatch } from '@club/shared/realtime';
import type { TTable } from '@club/shared/tables';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../kiosk/src/db/schema.ts';
import { ADMIN, startTestKiosk, type TestKiosk } from '../../kiosk/tests/harness.ts';
import {
  connectClient,
  eventually,
  freePort,
  SECRET,
  sleep,
  startGateway,
  type TestGateway,
} from '../../realtime/src/testing.ts';
import { validSignature } from '../../realtime/src/webhook.ts';

let k: TestKiosk;
let g: TestGateway;
let admin: string;

beforeAll(async () => {
  // this kiosk delivers nowhere: the tests post to the gateway themselves
  k = await startTestKiosk({ env: { GATEWAY_SECRET: SECRET } });
  g = await startGateway({ kioskUrl: k.url });
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await g?.close();
  await k?.close();
});

async function newTable() {
  const answer = await k.post(
    '/v1/table/create',
    { name: `Bord ${Math.random()}`.slice(0, 20), capacity: 4, price_per_minute: 100 },
    admin,
  );
  return answer.body.table as TTable;
}
const post = (body: string, signature?: string) =>
  fetch(`${g.url}${KIOSK_EVENTS_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { [SIGNATURE_HEADER]: signature } : {}) },
    body,
  });
const batch = (events: Partial<TKioskEvent>[]) =>
  JSON.stringify({
    events: events.map((e) => ({ type: 'table.updated', payload: {}, created_at: new Date().toISOString(), ...e })),
  });

describe('the kiosk-events webhook', () => {
  it('refuses an unsigned or wrongly signed call with 401, and does nothing', async () => {
    const table = await newTable();
    const tv = await connectClient(g.url);
    await tv.subscribe('floor');
    const before = g.gateway.stats();
    const body = batch([{ id: 900_001, payload: { table_id: table.id } }]);
    for (const signature of [
      undefined,
      'sha256=00',
      signBody('another-secret-of-some-length', body),
      signBody(SECRET, `${body} `),
    ]) {
      const res = await post(body, signature);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ success: false, message: 'error.auth_required' });
    }
    await sleep(200);
    expect(g.gateway.stats()).toMatchObject({ applied: before.applied, skipped: before.skipped, seq: before.seq });
    expect(tv.received).toEqual([]);
    tv.close();
  });

  it('applies a replayed event once', async () => {
    const table = await newTable();
    const tv = await connectClient(g.url);
    await tv.subscribe('floor');
    const body = batch([{ id: 900_002, payload: { table_id: table.id } }]);
    const first = await post(body, signBody(SECRET, body));
    expect(await first.json()).toMatchObject({ success: true, applied: 1, skipped: 0 });
    const again = await post(body, signBody(SECRET, body));
    expect(await again.json()).toMatchObject({ success: true, applied: 0, skipped: 1 });
    await tv.waitFor('table:updated', (p) => p.table.id === table.id);
    await sleep(200);
    expect(tv.of('table:updated', (p) => p.seq === 900_002)).toHaveLength(1);
    tv.close();
  });

  it('refuses a signed body that is not a batch of events with 422', async () => {
    for (const body of [
      'not json',
      '{"events":[]}',
      '{"events":[{"id":-1,"type":"x","payload":{},"created_at":"now"}]}',
    ]) {
      const res = await post(body, signBody(SECRET, body));
      expect(res.status).toBe(422);
    }
  });

  it('refuses a body over 1 MB with 413, whether its length is stated or it streams in chunks', async () => {
    const big = `{"events":[],"pad":"${'x'.repeat(1024 * 1024)}"}`;
    const stated = await post(big, signBody(SECRET, big));
    expect(stated.status).toBe(413);
    expect(await stated.json()).toEqual({ success: false, message: 'error.payload_too_large' });

    const piece = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const chunked = await fetch(`${g.url}${KIOSK_EVENTS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(SECRET, '') },
      // no length stated: the gateway counts as it reads
      body: new ReadableStream({
        pull(controller) {
          if (sent++ < 20) controller.enqueue(piece);
          else controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);

    // and a batch within the limit is still taken
    const table = await newTable();
    const body = batch([{ id: 900_010, payload: { table_id: table.id } }]);
    const res = await post(body, signBody(SECRET, body));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, applied: 1 });
  });
});

describe('the outbox deliverer', () => {
  it('retries with backoff until the gateway answers, then delivers every event in order, signed', async () => {
    const port = await freePort();
    const kiosk = await startTestKiosk({ env: { GATEWAY_URL: `http://127.0.0.1:${port}`, GATEWAY_SECRET: SECRET } });
    try {
      const boss = await kiosk.login(ADMIN.email, ADMIN.password);
      for (let i = 0; i < 5; i++) {
        const answer = await kiosk.post(
          '/v1/table/create',
          { name: `Late ${i}`, capacity: 2, price_per_minute: 100 },
          boss,
        );
        expect(answer.status).toBe(200);
      }
      // nobody listens yet: the head of the outbox is retried, nothing is marked delivered
      const db = kiosk.kiosk.database.db;
      await eventually(
        async () => (await db.select().from(outbox)).some((r) => r.attempts >= 2),
        10_000,
        'a few retries',
      );
      // each new table is two events: the table, and the prices it brings (`feed.changed`)
      expect((await db.select().from(outbox).where(isNull(outbox.deliveredAt))).length).toBe(10);

      // the gateway comes up; its first answer is an error, then it acknowledges
      const received: number[] = [];
      const described: number[] = [];
      let calls = 0;
      let badSignatures = 0;
      const server = createServer(async (req, res) => {
        let raw = '';
        for await (const chunk of req) raw += chunk;
        calls++;
        if (!validSignature(SECRET, raw, req.headers[SIGNATURE_HEADER] as string)) badSignatures++;
        if (calls === 1) return res.writeHead(503).end();
        const body = JSON.parse(raw) as TKioskEventBatch;
        received.push(...body.events.map((e) => e.id));
        described.push(...(body.read?.tables.map((t) => t.id) ?? []));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
      });
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
      try {
        await eventually(() => received.length >= 10, 15_000, 'delivery');
        expect(received).toEqual([...received].sort((a, b) => a - b));
        expect(new Set(received).size).toBe(10);
        expect(badSignatures).toBe(0);
        // what the events changed travels with them: the gateway need not read it back
        expect(described).toHaveLength(5);
        await eventually(async () => (await db.select().from(outbox).where(isNull(outbox.deliveredAt))).length === 0);
        // the next change goes out at once
        await kiosk.post('/v1/table/create', { name: 'On time', capacity: 2, price_per_minute: 100 }, boss);
        await eventually(() => received.length === 12, 3000, 'the next events');
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    } finally {
      await kiosk.close();
    }
  });
});

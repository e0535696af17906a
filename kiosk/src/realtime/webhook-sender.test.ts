import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KIOSK_EVENTS_PATH, SIGNATURE_HEADER, type TKioskEvent } from '@club/shared/realtime';
import { afterEach, describe, expect, it } from 'vitest';
import { httpSender, signBody } from './webhook-sender.ts';

const SECRET = 'a-secret-for-the-webhook-sender-test';
const event = (id: number): TKioskEvent => ({
  id,
  type: 'table.updated',
  payload: { table_id: 1 },
  created_at: '2026-01-01T10:00:00.000Z',
});

interface Received {
  path: string | undefined;
  body: string;
  signature: string | string[] | undefined;
  socket: object;
}

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

/** A real HTTP server standing in for the gateway; `answer` decides what each request gets. */
async function gateway(answer: (n: number, req: IncomingMessage, res: ServerResponse) => void) {
  const received: Received[] = [];
  server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    received.push({ path: req.url, body, signature: req.headers[SIGNATURE_HEADER], socket: req.socket });
    answer(received.length, req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  return { url, received };
}

const ok = (_n: number, _req: IncomingMessage, res: ServerResponse) => res.writeHead(200).end('{"success":true}');

describe('the webhook sender', () => {
  it('posts the signed batch, and the next one on the same kept connection', async () => {
    const { url, received } = await gateway(ok);
    const send = httpSender(url, SECRET);
    await send([event(1)]);
    await send([event(2), event(3)]);
    expect(received).toHaveLength(2);
    expect(received[0]!.path).toBe(KIOSK_EVENTS_PATH);
    for (const r of received) expect(r.signature).toBe(signBody(SECRET, r.body));
    expect(JSON.parse(received[1]!.body).events.map((e: TKioskEvent) => e.id)).toEqual([2, 3]);
    expect(received[1]!.socket).toBe(received[0]!.socket);
  });

  it('fails on a refusal, so the worker backs off and retries', async () => {
    const { url } = await gateway((_n, _req, res) => res.writeHead(503).end());
    await expect(httpSender(url, SECRET)([event(1)])).rejects.toThrow('gateway answered 503');
  });

  it('sends once more on a new connection when the kept one was closed under it', async () => {
    // the gateway drops the kept connection instead of answering the second batch
    const { url, received } = await gateway((n, req, res) => (n === 2 ? req.socket.destroy() : ok(n, req, res)));
    const send = httpSender(url, SECRET);
    await send([event(1)]);
    await send([event(2)]);
    expect(received.map((r) => JSON.parse(r.body).events[0].id)).toEqual([1, 2, 2]);
    expect(received[2]!.socket).not.toBe(received[0]!.socket);
  });

  it('gives up on a gateway that does not answer', async () => {
    const { url } = await gateway(() => {});
    await expect(httpSender(url, SECRET, 200)([event(1)])).rejects.toThrow('did not answer within 200 ms');
  });
});

/**
 * Issue 9 item 3, the socket side: random and malformed handshakes and events against the
 * real gateway in front of the real kiosk, as nobody, a player and an admin. Every answer
 * is `{ data }` or `{ error: <catalogue key> }`, a refused handshake names a key, nothing in
 * the kiosk changes, and afterwards the gateway still serves a fresh client.
 */

import {
  connectClient,
  freePort,
  SECRET,
  startGateway,
  type TestClient,
  type TestGateway,
} from '@club/realtime/testing';
import { isErrorKey } from '@club/shared/errors';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newPlayer, startTestKiosk, type TestKiosk } from '../../kiosk/tests/harness.ts';

const ORIGIN = 'http://club.test';
let k: TestKiosk;
let g: TestGateway;
let clients: TestClient[] = [];
let ids: number[] = [];

const FINGERPRINT = sql`select (select count(*) from users) + (select count(*) from games) +
  (select count(*) from players) + (select count(*) from orders) as rows, (select coalesce(max(id), 0) from outbox) as outbox`;
const fingerprint = async () => JSON.stringify(await k.kiosk.database.db.execute(FINGERPRINT));

beforeAll(async () => {
  const port = await freePort();
  k = await startTestKiosk({ env: { GATEWAY_URL: `http://127.0.0.1:${port}`, GATEWAY_SECRET: SECRET } });
  g = await startGateway({
    kioskUrl: k.url,
    port,
    allowedOrigins: [ORIGIN],
    // the fuzzer is a flood by design; the limiter has tests of its own
    rateLimit: { capacity: 1_000_000, perSecond: 1_000_000, strikes: 1_000_000 },
  });
  const player = await newPlayer(k);
  const admin = await k.login(ADMIN.email, ADMIN.password);
  const adminId = ((await k.get('/v1/user/profile', admin)).body.user as { id: number }).id;
  ids = [player.user.id, adminId];
  clients = [
    await connectClient(g.url, { origin: ORIGIN }),
    await connectClient(g.url, { token: player.token, origin: ORIGIN }),
    await connectClient(g.url, { token: admin, origin: ORIGIN }),
  ];
});
afterAll(async () => {
  for (const c of clients) c.close();
  await g?.close();
  await k?.close();
});

const room = () =>
  fc.oneof(
    fc.constantFrom('floor', 'admin', 'table:1', 'table:0', 'table:-1', 'user:1', 'table:99999999999', 'user:abc', ''),
    fc
      .constantFrom(...['user', 'table'])
      .chain((kind) => fc.integer({ min: -3, max: 2_147_483_650 }).map((id) => `${kind}:${id}`)),
    fc.string({ maxLength: 40 }),
  );
const body = () =>
  fc.oneof(
    room().map((name) => ({ room: name })),
    room().map((name) => ({ room: name, extra: 1 })),
    fc.anything({ maxDepth: 3 }),
  );

describe('fuzzing the realtime gateway', () => {
  it('answers every malformed event with data or an error key, and changes nothing', async () => {
    const before = await fingerprint();
    const problems: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2 }),
        fc.constantFrom('subscribe', 'sync', 'unsubscribe', 'join', 'kick', 'constructor', '__proto__'),
        body(),
        async (who, event, payload) => {
          const client = clients[who]!;
          const known = ['subscribe', 'sync', 'unsubscribe'].includes(event);
          const label = `${['anonymous', 'player', 'admin'][who]} ${event} ${JSON.stringify(payload)?.slice(0, 80)}`;
          if (!known) {
            // events the gateway does not know get no answer: it must just ignore them
            (client.socket.emit as (name: string, ...args: unknown[]) => void)(event, payload);
            return;
          }
          const answer: unknown = await client.socket
            .timeout(5000)
            // the payloads are wrong on purpose
            .emitWithAck(event as 'subscribe', payload as { room: string })
            .catch((error: Error) => ({ noAnswer: error.message }));
          if (!client.socket.connected) problems.push(`${label} → disconnected`);
          const shape = answer as { data?: unknown; error?: unknown; noAnswer?: string };
          if (shape.noAnswer) problems.push(`${label} → no answer (${shape.noAnswer})`);
          else if ('error' in shape ? !isErrorKey(shape.error) : !('data' in shape))
            problems.push(`${label} → ${JSON.stringify(answer).slice(0, 120)}`);
        },
      ),
      { numRuns: 300, seed: 20261123 },
    );
    expect(problems).toEqual([]);
    for (const client of clients) expect(client.socket.connected).toBe(true);
    expect(await fingerprint()).toBe(before);
  });

  it('refuses malformed handshakes with an error key, and still serves a fresh client', async () => {
    for (const auth of [
      { token: 42 },
      { token: { $ne: null } },
      { token: 'x'.repeat(5000) },
      { token: 'short' },
      { token: 'a'.repeat(40) },
      { token: ['a'.repeat(40)] },
    ]) {
      const socket = io(g.url, {
        transports: ['websocket'],
        auth,
        reconnection: false,
        forceNew: true,
        extraHeaders: { origin: ORIGIN },
      });
      const message = await new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (error) => resolve(error.message));
      });
      socket.close();
      expect(isErrorKey(message), `${JSON.stringify(auth).slice(0, 60)} → ${message}`).toBe(true);
    }
    const fresh = await connectClient(g.url, { origin: ORIGIN });
    expect(await fresh.subscribe('floor')).toHaveProperty('data');
    fresh.close();
    // and people's own rooms stay theirs
    expect(await clients[1]!.subscribe(`user:${ids[1]}`)).toEqual({ error: 'error.forbidden' });
  });
});

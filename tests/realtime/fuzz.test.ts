import { isErrorKey } from '@club/shared/errors';
import { ADMIN_ROOM, type TRoomSnapshot, userRoom } from '@club/shared/realtime';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newPlayer, startTestKiosk, type TestKiosk } from '../../kiosk/tests/harness.ts';
import {
  connectClient,
  freePort,
  SECRET,
  startGateway,
  type TestClient,
  type TestGateway,
} from '../../realtime/src/testing.ts';

/**
 * Fuzzing every socket event: random and malformed payloads, rooms and
 * event names from nobody, a player and an admin. The gateway never falls over, every answer
 * is a snapshot or an error key, and no refused request leaves a socket in a room it may not
 * be in.
 */
let k: TestKiosk;
let g: TestGateway;
let player: Awaited<ReturnType<typeof newPlayer>>;
let other: Awaited<ReturnType<typeof newPlayer>>;
let admin: string;
const clients: TestClient[] = [];

// what a refused socket request must not touch in the kiosk
const FINGERPRINT = sql`select (select count(*) from users) + (select count(*) from games) +
  (select count(*) from players) + (select count(*) from orders) as rows, (select coalesce(max(id), 0) from outbox) as outbox`;
const fingerprint = async () => JSON.stringify(await k.kiosk.database.db.execute(FINGERPRINT));

beforeAll(async () => {
  const port = await freePort();
  k = await startTestKiosk({ env: { GATEWAY_URL: `http://127.0.0.1:${port}`, GATEWAY_SECRET: SECRET } });
  // the rate limit has its own test; here it would only answer error.rate_limited
  g = await startGateway({
    kioskUrl: k.url,
    port,
    rateLimit: { capacity: 1_000_000, perSecond: 1_000_000, strikes: 1_000_000 },
  });
  admin = await k.login(ADMIN.email, ADMIN.password);
  player = await newPlayer(k);
  other = await newPlayer(k);
  await k.post('/v1/table/create', { name: 'Fuzz', capacity: 4, price_per_minute: 100 }, admin);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await g?.close();
  await k?.close();
});

const roomLike = fc.oneof(
  fc.constantFrom(
    'floor',
    'admin',
    'table:1',
    'table:0',
    'table:-1',
    'table:99999999999',
    'table:1.5',
    'user:1',
    'members',
    'role-1',
    'role-2',
    '',
    'floor ',
    'FLOOR',
    'table:1\n',
    '__proto__',
    'constructor',
    'user:',
    'table:01',
  ),
  fc.string({ maxLength: 40 }),
);
const payload = fc.oneof(
  fc.record({ room: roomLike }),
  fc.record({ room: fc.anything({ maxDepth: 2 }) }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.anything({ maxDepth: 3 }),
  fc.constant(undefined),
  fc.constant(null),
);
const known = fc.constantFrom('subscribe', 'sync', 'unsubscribe');
// (the client itself refuses Socket.IO's reserved names, so those never reach the server)
const unknown = fc.constantFrom(
  'join',
  'emit',
  'connection',
  'error',
  'game:tick',
  '__proto__',
  'admin',
  'x'.repeat(300),
);

type Answer = { data?: TRoomSnapshot; error?: string };
/** The socket without its event types: the fuzzer sends what no typed client would. */
const raw = (c: TestClient) =>
  c.socket as unknown as {
    emit(event: string, ...args: unknown[]): void;
    timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
  };

describe('fuzzing the socket events', () => {
  it('answers every malformed event with a snapshot or an error key, and grants no room it should not', async () => {
    const who = [
      { name: 'nobody', client: await connectClient(g.url), userId: null as number | null, isAdmin: false },
      {
        name: 'player',
        client: await connectClient(g.url, { token: player.token }),
        userId: player.user.id,
        isAdmin: false,
      },
      { name: 'admin', client: await connectClient(g.url, { token: admin }), userId: null, isAdmin: true },
    ];
    clients.push(...who.map((w) => w.client));

    const before = await fingerprint();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2 }),
        fc.oneof(known, unknown),
        payload,
        fc.boolean(),
        async (index, event, body, withAck) => {
          const { client } = who[index]!;
          const socket = raw(client);
          if (!withAck || !['subscribe', 'sync', 'unsubscribe'].includes(event)) {
            // no acknowledgement asked, or an event nobody listens to: nothing may break
            socket.emit(event, body);
            return;
          }
          const answer = (await socket.timeout(5000).emitWithAck(event, body)) as Answer;
          expect(typeof answer).toBe('object');
          // a key from the catalogue, not just anything that looks like one
          if ('error' in answer) expect(isErrorKey(answer.error), String(answer.error)).toBe(true);
          else expect(answer.data).toBeDefined();
        },
      ),
      { numRuns: 400, seed: 20261121 },
    );
    expect(await fingerprint(), 'nothing changed in the kiosk').toBe(before);

    // every socket is still there, and in no room it may not be in
    for (const w of who) expect(w.client.socket.connected, `${w.name} still connected`).toBe(true);
    const inAdmin = await g.gateway.io.in(ADMIN_ROOM).fetchSockets();
    expect(inAdmin.map((s) => s.id)).not.toContain(who[0]!.client.socket.id);
    expect(inAdmin.map((s) => s.id)).not.toContain(who[1]!.client.socket.id);
    const inOthers = await g.gateway.io.in(userRoom(other.user.id)).fetchSockets();
    expect(inOthers).toEqual([]);
    const rooms = async (c: TestClient) =>
      [...((await g.gateway.io.fetchSockets()).find((s) => s.id === c.socket.id)?.rooms ?? [])].filter(
        (r) => r !== c.socket.id,
      );
    // nobody may watch only the floor; a player the floor, tables and their own room and groups
    expect((await rooms(who[0]!.client)).filter((r) => r !== 'floor')).toEqual([]);
    for (const room of await rooms(who[1]!.client)) {
      expect(
        room === 'floor' ||
          /^table:\d+$/.test(room) ||
          room === userRoom(player.user.id) ||
          room === 'members' ||
          room === `role-${player.user.role_id}`,
        room,
      ).toBe(true);
    }
  });

  it('drops a socket that sends more than the buffer allows, and keeps serving the others', async () => {
    const flooder = await connectClient(g.url, { token: player.token });
    const bystander = await connectClient(g.url);
    clients.push(flooder, bystander);
    const closed = new Promise<string>((resolve) =>
      flooder.socket.io.engine.once('close', (reason) => resolve(String(reason))),
    );
    flooder.socket.io.reconnection(false);
    raw(flooder).emit('subscribe', { room: 'x'.repeat(64 * 1024) });
    expect(await closed).toBeTruthy();
    const answer = (await bystander.subscribe('floor')) as Answer;
    expect(answer.data?.kind).toBe('floor');
  });

  it('refuses a malformed handshake with an error key, and still accepts a good one', async () => {
    for (const auth of [
      { token: 12 },
      { token: 'x' },
      { token: 'y'.repeat(5000) },
      { token: ['a'.repeat(40)] },
      { token: { $ne: null } },
      { token: 'a'.repeat(40) },
    ]) {
      const refused = await connectClient(g.url, { auth, connect: true }).then(
        (c) => {
          clients.push(c);
          return 'connected';
        },
        (error: Error) => error.message,
      );
      expect(isErrorKey(refused), refused).toBe(true);
    }
    const fine = await connectClient(g.url);
    clients.push(fine);
    expect(((await fine.subscribe('floor')) as Answer).data?.kind).toBe('floor');
  });
});

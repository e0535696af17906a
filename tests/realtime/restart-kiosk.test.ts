import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createKiosk, type Kiosk } from '@club/kiosk/app';
import { loadConfig } from '@club/kiosk/config';
import { createLogger } from '@club/kiosk/logger';
import { freezeClock } from '@club/shared/clock';
import type { TRoomSnapshot } from '@club/shared/realtime';
import type { TGame, TTable } from '@club/shared/tables';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, expect, it } from 'vitest';
import { ADMIN, freshDatabase, person } from '../../kiosk/tests/harness.ts';
import {
  connectClient,
  eventually,
  freePort,
  SECRET,
  startGateway,
  type TestGateway,
} from '../../realtime/src/testing.ts';

let g: TestGateway | undefined;
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let running: { kiosk: Kiosk; server: ServerType } | undefined;

afterAll(async () => {
  await g?.close();
  await stopKiosk();
  await database?.close();
});

async function startKiosk(port: number, gatewayPort: number) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    PORT: String(port),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    AUTH_RATE_LIMIT: '1000',
    TEST_CLOCK: '1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    GATEWAY_URL: `http://127.0.0.1:${gatewayPort}`,
    GATEWAY_SECRET: SECRET,
  });
  database ??= await freshDatabase();
  const kiosk = await createKiosk({ config, logger: createLogger(config.LOG_LEVEL), database });
  freezeClock(true);
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: kiosk.app.fetch, port, hostname: '127.0.0.1' }, () => resolve(s));
  });
  running = { kiosk, server };
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function stopKiosk() {
  if (!running) return;
  const { kiosk, server } = running;
  running = undefined;
  (server as HttpServer).closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await kiosk.close();
}

async function call(url: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

it('a kiosk restarted mid-game keeps the totals: the bill comes from stored timestamps', async () => {
  const kioskPort = await freePort();
  const gatewayPort = await freePort();
  let url = await startKiosk(kioskPort, gatewayPort);
  g = await startGateway({ kioskUrl: url, port: gatewayPort });

  const admin = (await call(url, '/v1/auth/login', { email: ADMIN.email, password: ADMIN.password })).token as string;
  const table = (await call(url, '/v1/table/create', { name: 'Restart', capacity: 4, price_per_minute: 150 }, admin))
    .table as TTable;
  const who = person();
  const { user } = (await call(url, '/v1/auth/register', who)) as {
    user: { id: number; email: string; phone: string };
  };
  // the staff confirm the address at the counter: playing needs a proven one
  await call(
    url,
    '/v1/user/update',
    {
      id: user.id,
      name: who.name,
      surname: who.surname,
      email: user.email,
      phone: user.phone,
      role: 2,
      email_verified: true,
    },
    admin,
  );
  const token = (await call(url, '/v1/auth/login', { email: who.email, password: who.password })).token as string;
  const phone = await connectClient(g.url, { token });
  const game = (await call(url, '/v1/game/join', { table_id: table.id }, token)).game as TGame;
  // a table's room is its players': the phone follows it once seated (its snapshot has the game)
  const joined = await phone.subscribe(`table:${table.id}`);
  const seen = 'data' in joined ? (joined.data as TRoomSnapshot) : undefined;
  expect(seen?.kind === 'table' && seen.game?.id).toBe(game.id);
  // the gateway knows the game (and its minute 0) before time moves on
  await eventually(() => g!.gateway.stats().seq >= seen!.seq, 5000, 'the join is applied');
  await call(url, '/v1/test/clock', { advance_ms: 3 * 60_000 });
  const before = (await call(url, `/v1/game/${game.id}`, undefined, token)).game as TGame;
  expect(before.players[0]).toMatchObject({ minutes: 3, total: 450 });

  await stopKiosk();
  // while the kiosk is away the phone keeps what it has; a sync cannot be answered
  expect(await phone.sync(`table:${table.id}`)).toEqual({ error: 'error.service_unavailable' });
  url = await startKiosk(kioskPort, gatewayPort);

  const after = (await call(url, `/v1/game/${game.id}`, undefined, token)).game as TGame;
  expect(after.players[0]).toMatchObject({ minutes: 3, total: 450 });
  const snapshot = await eventually(async () => {
    const answer = await phone.sync(`table:${table.id}`);
    return 'data' in answer ? (answer.data as TRoomSnapshot) : undefined;
  });
  expect(snapshot?.kind === 'table' && snapshot.game?.players[0]).toMatchObject({ minutes: 3, total: 450 });

  // and time goes on from the stored join time
  await call(url, '/v1/test/clock', { advance_ms: 60_000 });
  await phone.waitFor('game:tick', (t) => t.players[0]?.minutes === 4 && t.players[0]?.total === 600);
  phone.close();
});

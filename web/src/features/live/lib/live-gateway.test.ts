// @vitest-environment node
/**
 * The live client against the REAL gateway in front of the REAL kiosk (the realtime suite's
 * own harness, random ports, real socket.io-client): room snapshots and events land in the
 * query cache the screens read; a kick reaches the kicked person; a restarted gateway gets
 * the client back and its totals resync to what the kiosk says.
 *
 * The harness belongs to other workspaces, outside this project's type-check: it is loaded
 * by a computed path and described here by the little this test uses.
 */
import type { TGame, TTable, ZTableWithGame } from '@club/shared/tables';
import type { z } from '@club/shared/zod';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { findSchema } from '../../../app/schema-registry.ts';
import { gameKeys, notificationKeys, shopKeys, tableKeys } from '../../../lib/query-keys.ts';
import { checkWith, createSchemaChecks } from '../../../lib/schema-checks.ts';
import { createCacheWriter } from './cache-writer.ts';
import { createLiveClient, type KickedPayload, type LiveClient } from './live-client.ts';

type TTableWithGame = z.infer<typeof ZTableWithGame>;
interface Answer {
  status: number;
  body: Record<string, unknown>;
}
interface TestKiosk {
  url: string;
  get(path: string, token?: string): Promise<Answer>;
  post(path: string, body?: unknown, token?: string): Promise<Answer>;
  login(email: string, password: string): Promise<string>;
  close(): Promise<void>;
}
interface Harness {
  ADMIN: { email: string; password: string };
  startTestKiosk(options: { env?: Record<string, string> }): Promise<TestKiosk>;
  newPlayer(k: TestKiosk): Promise<{ user: { id: number }; token: string }>;
  advance(k: TestKiosk, ms: number): Promise<void>;
}
interface TestGateway {
  url: string;
  port: number;
  close(): Promise<void>;
}
interface Testing {
  SECRET: string;
  freePort(): Promise<number>;
  startGateway(options: { kioskUrl: string; port?: number }): Promise<TestGateway>;
}

const load = <T>(path: string) => import(/* @vite-ignore */ new URL(path, import.meta.url).href) as Promise<T>;
const MIN = 60_000;

let harness: Harness;
let testing: Testing;
let k: TestKiosk;
let g: TestGateway;
let adminToken: string;
const clients: LiveClient[] = [];

async function eventually<T>(check: () => T, what: string, timeoutMs = 5000): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function liveClient(
  token: string | null,
  me: number | null,
  onKicked?: (p: KickedPayload) => void,
  readsHold?: () => number | undefined,
) {
  const queryClient = new QueryClient();
  const client = createLiveClient({
    url: g.url,
    getToken: () => token,
    me: () => me,
    writer: createCacheWriter({ queryClient, me: () => me }),
    checks: createSchemaChecks({ local: async () => (schema, value) => checkWith(findSchema, schema, value) }),
    ...(onKicked ? { onKicked } : {}),
    ...(readsHold ? { readsHold } : {}),
    retryMinMs: 50,
    retryMaxMs: 200,
    visibility: null,
  });
  clients.push(client);
  return { client, queryClient };
}

beforeAll(async () => {
  harness = await load<Harness>('../../../../../kiosk/tests/harness.ts');
  testing = await load<Testing>('../../../../../realtime/src/testing.ts');
  const port = await testing.freePort();
  k = await harness.startTestKiosk({
    env: { GATEWAY_URL: `http://127.0.0.1:${port}`, GATEWAY_SECRET: testing.SECRET },
  });
  g = await testing.startGateway({ kioskUrl: k.url, port });
  adminToken = await k.login(harness.ADMIN.email, harness.ADMIN.password);
}, 60_000);

// the web project's shared after-each tidies a browser's storage and cookies; this file runs
// in Node (the kiosk and the gateway need it), so it gets a stand-in just for that tidy-up
beforeEach(() => {
  vi.unstubAllGlobals();
});
afterEach(() => {
  vi.stubGlobal('window', { localStorage: { clear() {} } });
  vi.stubGlobal('document', { cookie: '' });
});

afterAll(async () => {
  vi.unstubAllGlobals();
  for (const client of clients) client.close();
  await g?.close();
  await k?.close();
});

async function newTable() {
  const name = `Bord ${Math.random().toString(36).slice(2, 6)}`;
  const answer = await k.post('/v1/table/create', { name, capacity: 4, price_per_minute: 200 }, adminToken);
  expect(answer.status).toBe(200);
  return answer.body.table as TTable;
}

describe('the live client against the real gateway', () => {
  it('a member’s own room joined after the screens’ reads has them read again only for what it heard that they do not hold', async () => {
    /** a player whose notifications were read (the answer's `read_seq`), then whose room is joined */
    const readThenJoin = async (between?: () => Promise<void>) => {
      const player = await harness.newPlayer(k);
      const read = await k.get('/v1/notification/my', player.token);
      const held = read.body.read_seq as number;
      expect(typeof held).toBe('number');
      await between?.();
      const phone = liveClient(player.token, player.user.id, undefined, () => held);
      phone.queryClient.setQueryData(notificationKeys.mine(), read.body.data);
      phone.queryClient.setQueryData(shopKeys.products(), []);
      const snapshot = await phone.client.snapshot(`user:${player.user.id}`);
      return {
        snapshot,
        held,
        state: () => phone.queryClient.getQueryState(notificationKeys.mine()),
        products: () => phone.queryClient.getQueryState(shopKeys.products()),
      };
    };

    // nothing was sent to the player, to everyone logged in or to their role since the read
    const quiet = await readThenJoin();
    expect(quiet.snapshot.room_seq).toBeLessThanOrEqual(quiet.held);
    expect(quiet.state()?.isInvalidated).toBe(false);

    // a product added meanwhile reaches everyone logged in (the `products` feed): read again
    const busy = await readThenJoin(async () => {
      // another member's phone hears it: the gateway has sent it before this phone joins
      const other = await harness.newPlayer(k);
      const probe = liveClient(other.token, other.user.id);
      await probe.client.snapshot(`user:${other.user.id}`);
      probe.queryClient.setQueryData(shopKeys.products(), []);
      const added = await k.post('/v1/product/create', { name: 'Brus', price: 3_000, count: 9 }, adminToken);
      expect(added.status).toBe(200);
      await eventually(() => probe.queryClient.getQueryState(shopKeys.products())?.isInvalidated, 'the feed was sent');
    });
    expect(busy.snapshot.room_seq).toBeGreaterThan(busy.held);
    expect(busy.snapshot.heard?.last['feed:products']).toBeGreaterThan(busy.held);
    await eventually(() => busy.products()?.isInvalidated, 'the products are read again');
    // the notifications heard nothing newer than the read: not read again
    expect(busy.state()?.isInvalidated).toBe(false);
  });

  it('writes a join, a tick and a kick into the cache the screens read, and hands the kick to the app', async () => {
    const table = await newTable();
    const player = await harness.newPlayer(k);
    const kicks: KickedPayload[] = [];
    const phone = liveClient(player.token, player.user.id, (p) => kicks.push(p));
    const tv = liveClient(null, null);

    // what the screens' REST queries hold before anything happens
    const rest = (await k.get(`/v1/table/${table.id}`, player.token)).body.table as TTableWithGame;
    phone.queryClient.setQueryData(tableKeys.one(table.id), rest);
    phone.queryClient.setQueryData(gameKeys.active(), null);
    tv.queryClient.setQueryData(tableKeys.list(), (await k.get('/v1/table/all')).body.data as TTable[]);

    phone.client.follow(`user:${player.user.id}`);
    const floor = await tv.client.snapshot('floor');
    tv.client.follow('floor');
    expect(floor.kind).toBe('floor');
    // before a seat, the table's room (its bills) is not for the phone
    await expect(phone.client.snapshot(`table:${table.id}`)).rejects.toThrow('error.forbidden');

    // the player joins through the kiosk: both screens' caches follow, the phone's through the
    // table's room it may hear now
    const joined = await k.post('/v1/game/join', { table_id: table.id }, player.token);
    expect(joined.status).toBe(200);
    const game = joined.body.game as TGame;
    phone.client.follow(`table:${table.id}`);
    await eventually(() => phone.client.lastSeq(`table:${table.id}`) !== undefined, 'the phone subscribed');
    const tableOnPhone = await eventually(
      () => phone.queryClient.getQueryData<TTableWithGame>(tableKeys.one(table.id))?.game,
      'the table page’s game',
    );
    expect(tableOnPhone.id).toBe(game.id);
    expect(phone.queryClient.getQueryData<TGame>(gameKeys.active())?.id).toBe(game.id);
    await eventually(
      () =>
        tv.queryClient.getQueryData<TTable[]>(tableKeys.list())?.find((t) => t.id === table.id)?.status === 'playing',
      'the floor’s status',
    );

    // time passes: the gateway's tick writes the authoritative totals
    await harness.advance(k, 3 * MIN + 30_000);
    await eventually(
      () => phone.queryClient.getQueryData<TTableWithGame>(tableKeys.one(table.id))?.game?.players[0]?.minutes === 4,
      'the tick’s minutes',
    );
    expect(phone.queryClient.getQueryData<TGame>(gameKeys.active())?.players[0]).toMatchObject({
      minutes: 4,
      total: 800,
    });

    // the admin kicks: the phone hears it in its own room, with the order its time became
    const player0 = game.players[0]!;
    const kicked = await k.post('/v1/game/kick', { game_id: game.id, player_id: player0.id }, adminToken);
    expect(kicked.status).toBe(200);
    const kick = await eventually(() => kicks[0], 'the kick');
    expect(kick.order_id).toBe(kicked.body.order_id);
    await eventually(() => phone.queryClient.getQueryData(gameKeys.active()) === null, 'the game gone from the phone');
    await eventually(
      () => tv.queryClient.getQueryData<TTable[]>(tableKeys.list())?.find((t) => t.id === table.id)?.status === 'free',
      'the floor free again',
    );
  });

  it('reads a feed again when the kiosk announces it, on the screens of its audience only', async () => {
    const player = await harness.newPlayer(k);
    const adminId = ((await k.get('/v1/user/profile', adminToken)).body.user as { id: number }).id;
    const phone = liveClient(player.token, player.user.id);
    const staff = liveClient(adminToken, adminId);
    const tv = liveClient(null, null);
    phone.client.follow(`user:${player.user.id}`);
    staff.client.follow('admin');
    tv.client.follow('floor');
    for (const [screen, room] of [
      [phone, `user:${player.user.id}`],
      [staff, 'admin'],
      [tv, 'floor'],
    ] as const)
      await eventually(() => screen.client.lastSeq(room) !== undefined, `${room} subscribed`);
    // what the screens read, after their rooms' first snapshots (which read again what came before)
    for (const screen of [phone, staff, tv]) {
      screen.queryClient.setQueryData(shopKeys.products(), []);
      screen.queryClient.setQueryData(notificationKeys.admin(), []);
    }
    const stale = (screen: { queryClient: QueryClient }, key: readonly unknown[]) =>
      screen.queryClient.getQueryState(key)?.isInvalidated === true;

    // a new product: every shop open now reads the products again, the wall TV has none
    expect((await k.post('/v1/product/create', { name: 'Solo', price: 3000, count: 9 }, adminToken)).status).toBe(200);
    await eventually(() => stale(phone, shopKeys.products()) && stale(staff, shopKeys.products()), 'the shops read');
    // a member reads a notification: staff's read counts move, the member's own screen hears nothing
    const note = (await k.post('/v1/notification/create', { message: 'Quiz i kveld', audience: 'all' }, adminToken))
      .body.notification as { id: number };
    // the new notification itself reaches everyone logged in (`notification:new`): held afresh after it
    await eventually(
      () => stale(phone, notificationKeys.admin()) && stale(staff, notificationKeys.admin()),
      'the news',
    );
    for (const screen of [phone, staff]) screen.queryClient.setQueryData(notificationKeys.admin(), []);
    expect((await k.post(`/v1/notification/read/${note.id}`, {}, player.token)).status).toBe(200);
    await eventually(() => stale(staff, notificationKeys.admin()), 'staff’s read counts');
    await new Promise((r) => setTimeout(r, 200));
    expect(stale(tv, shopKeys.products())).toBe(false);
    expect(stale(phone, notificationKeys.admin())).toBe(false);
  });

  it('gets its client back after a gateway restart, and the resync brings what happened meanwhile', async () => {
    const table = await newTable();
    const player = await harness.newPlayer(k);
    const phone = liveClient(player.token, player.user.id);
    const joined = await k.post('/v1/game/join', { table_id: table.id }, player.token);
    expect(joined.status).toBe(200);
    const game = joined.body.game as TGame;
    phone.queryClient.setQueryData(
      tableKeys.one(table.id),
      (await k.get(`/v1/table/${table.id}`, player.token)).body.table as TTableWithGame,
    );
    phone.client.follow(`table:${table.id}`);
    await eventually(() => phone.client.status() === 'connected', 'connected');
    await eventually(() => phone.client.lastSeq(`table:${table.id}`) !== undefined, 'subscribed');

    const port = g.port;
    await g.close();
    await eventually(() => phone.client.status() === 'reconnecting', 'the drop noticed');
    // while the gateway is away the player pauses the game: no event can carry it
    expect((await k.post('/v1/game/pause', { game_id: game.id }, player.token)).status).toBe(200);
    g = await testing.startGateway({ kioskUrl: k.url, port });
    await eventually(() => phone.client.status() === 'connected', 'reconnected', 15_000);
    const synced = await eventually(() => {
      const now = phone.queryClient.getQueryData<TTableWithGame>(tableKeys.one(table.id))?.game;
      return now?.status === 'paused' ? now : undefined;
    }, 'the resynced game');
    expect(synced.id).toBe(game.id);
  });
});

/**
 * Scale-out: the kiosk, two gateway processes and real PostgreSQL (TEST_DATABASE_URL, or the
 * embedded server the project's global setup starts). The gateways join through
 * @socket.io/postgres-adapter and elect one ticker with an advisory lock.
 */

import { connectClient, eventually, freePort, sleep, type TestClient } from '@club/realtime/testing';
import { freezeClock } from '@club/shared/clock';
import type { TRoomSnapshot } from '@club/shared/realtime';
import type { TGame, TTable } from '@club/shared/tables';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newPlayer, startTestKiosk, type TestKiosk } from '../../kiosk/tests/harness.ts';
import { startBalancer } from './balancer.ts';
import { type GatewayProcess, startGatewayProcess } from './gateway-process.ts';

const SECRET = 'cluster-test-secret-0123456789';
const ATTACHMENTS = `CREATE TABLE IF NOT EXISTS socket_io_attachments (
    id          bigserial UNIQUE,
    created_at  timestamptz DEFAULT NOW(),
    payload     bytea
)`;

let k: TestKiosk;
let a: GatewayProcess;
let b: GatewayProcess;
let hooks: Awaited<ReturnType<typeof startBalancer>>;
let front: Awaited<ReturnType<typeof startBalancer>>;
let admin: string;
const clients: TestClient[] = [];
type Tick = { id: number; minutes: number; total: number };

beforeAll(async () => {
  // the kiosk delivers its outbox through a balancer, as it would in production
  hooks = await startBalancer([]);
  k = await startTestKiosk({ env: { GATEWAY_URL: hooks.url, GATEWAY_SECRET: SECRET } });
  // real time flows: ticks come at real minute boundaries (the test moves the clock on too)
  freezeClock(false);
  const databaseUrl = (k.kiosk.database as { url?: string }).url!;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(ATTACHMENTS); // the kiosk's migration will own this table
  await db.end();
  const env = {
    KIOSK_URL: k.url,
    GATEWAY_SECRET: SECRET,
    DATABASE_URL: databaseUrl,
    TICK_INTERVAL_MS: '100',
  };
  [a, b] = await Promise.all([startGatewayProcess(await freePort(), env), startGatewayProcess(await freePort(), env)]);
  hooks.route([a.port]);
  front = await startBalancer([a.port, b.port]);
  admin = await k.login(ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  for (const c of clients) c.close();
  await Promise.all([a?.kill(), b?.kill()]);
  await hooks?.close();
  await front?.close();
  await k?.close();
});

async function client(url: string, token?: string) {
  const c = await connectClient(url, token ? { token } : {});
  clients.push(c);
  return c;
}
const data = (answer: object) => {
  if (!('data' in answer)) throw new Error(`refused: ${JSON.stringify(answer)}`);
  return answer.data as TRoomSnapshot;
};
/**
 * The client's rule after a reconnect: sync. A phone of the killed gateway may not have seen
 * its socket close yet when it asks, so a sync lost that way is asked again.
 */
async function resync(phone: TestClient, room: string): Promise<TRoomSnapshot> {
  const until = Date.now() + 15_000;
  for (;;) {
    try {
      return data(await phone.sync(room));
    } catch (error) {
      if (Date.now() > until) throw error;
      await sleep(200);
    }
  }
}
async function newTable(name: string) {
  const answer = await k.post('/v1/table/create', { name, capacity: 4, price_per_minute: 200 }, admin);
  expect(answer.status).toBe(200);
  return answer.body.table as TTable;
}
/** the ticks a client got for one player, by minute */
const ticksOf = (c: TestClient, playerId: number): Tick[] =>
  c.of('game:tick').flatMap((t) => (t.players as Tick[]).filter((p) => p.id === playerId));

describe('two gateways on PostgreSQL', () => {
  it('a client on gateway B receives an event that arrived at gateway A', async () => {
    const tv = await client(b.url);
    // what the other gateway sent a room is learned later: no room's newest event is claimed
    expect(data(await tv.subscribe('floor')).room_seq).toBeUndefined();
    const before = await b.health();
    const table = await newTable('Cluster 1');
    const seen = await tv.waitFor('table:updated', (p) => p.table.id === table.id, 10_000);
    expect(seen.table).toMatchObject({ name: 'Cluster 1', status: 'free' });
    // A applied it; B only relayed what A emitted
    expect((await a.health()).applied).toEqual(expect.any(Number));
    expect(Number((await a.health()).applied)).toBeGreaterThan(0);
    expect((await b.health()).applied).toBe(before.applied);
    // and A told B what it applied, so B's live copy (which it ticks from) is current too
    await eventually(async () => (await b.health()).seq === (await a.health()).seq, 5000, 'B caught up');
  });

  it('ticks exactly once per player-minute across the cluster', async () => {
    const table = await newTable('Cluster 2');
    const p1 = await newPlayer(k);
    const p2 = await newPlayer(k);
    const onA = await client(a.url, p1.token);
    const onB = await client(b.url, p2.token);
    // a table's room is its players': each phone follows it once its player sits down
    const game = (await k.post('/v1/game/join', { table_id: table.id }, p1.token)).body.game as TGame;
    data(await onA.subscribe(`table:${table.id}`));
    await k.post('/v1/game/join', { table_id: table.id }, p2.token);
    const seenB = data(await onB.subscribe(`table:${table.id}`));
    const ids = ((await k.get(`/v1/game/${game.id}`, p1.token)).body.game as TGame).players.map((p) => p.id);
    expect(ids).toHaveLength(2);

    await onA.waitFor('game:updated', (p) => p.game.players.length === 2, 10_000);
    expect(seenB.kind === 'table' && seenB.game?.players.map((p) => p.id)).toEqual(ids);
    const start = new Map(
      ((await k.get(`/v1/game/${game.id}`, p1.token)).body.game as TGame).players.map((p) => [p.id, p.minutes]),
    );
    // the kiosk's clock moves a minute on, twice: each player crosses two minute boundaries
    for (let step = 1; step <= 2; step++) {
      await k.post('/v1/test/clock', { advance_ms: 60_000 });
      // each gateway notices the kiosk's new time at its next read (here: a sync; else its refresh)
      data(await onA.sync(`table:${table.id}`));
      data(await onB.sync(`table:${table.id}`));
      for (const c of [onA, onB]) {
        for (const id of ids) {
          const minutes = start.get(id)! + step;
          await c.waitFor(
            'game:tick',
            (t) => t.players.some((p: Tick) => p.id === id && p.minutes === minutes),
            10_000,
          );
        }
      }
    }
    await sleep(1000);
    const truth = (await k.get(`/v1/game/${game.id}`, p1.token)).body.game as TGame;
    for (const c of [onA, onB]) {
      for (const id of ids) {
        const minutes = ticksOf(c, id).map((t) => t.minutes);
        // the first minute's tick may come after \`start\` was read (a seat described the
        // instant it was taken has 0 minutes); whenever it comes, each minute comes once
        expect(new Set(minutes).size).toBe(minutes.length);
        expect(minutes.filter((m) => m > start.get(id)!)).toEqual([start.get(id)! + 1, start.get(id)! + 2]);
        expect(ticksOf(c, id).at(-1)!.total).toBe(truth.players.find((p) => p.id === id)!.total);
      }
    }
    const [healthA, healthB] = [await a.health(), await b.health()];
    expect([healthA.leader, healthB.leader].filter(Boolean)).toHaveLength(1);
  });

  it('a player who leaves stops hearing the table on the other gateway too; staff there keep it', async () => {
    const table = await newTable('Cluster 4');
    const p1 = await newPlayer(k);
    const p2 = await newPlayer(k);
    const game = (await k.post('/v1/game/join', { table_id: table.id }, p1.token)).body.game as TGame;
    await k.post('/v1/game/join', { table_id: table.id }, p2.token);
    // the events reach gateway A; the leaver and a staff screen are on B
    const onA = await client(a.url, p1.token);
    const onB = await client(b.url, p2.token);
    const staffOnB = await client(b.url, admin);
    for (const c of [onA, onB, staffOnB]) data(await c.subscribe(`table:${table.id}`));

    const left = await k.post('/v1/game/leave', { game_id: game.id }, p2.token);
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    const leftSeat = (p: { game: TGame }) => p.game.players.find((x) => x.user_id === p2.user.id)?.status === 'left';
    await onB.waitFor('game:updated', leftSeat, 10_000);
    await staffOnB.waitFor('game:updated', leftSeat, 10_000);
    onB.clear();

    expect((await k.post('/v1/game/pause', { game_id: game.id }, p1.token)).status).toBe(200);
    await onA.waitFor('game:updated', (p) => p.game.status === 'paused', 10_000);
    await staffOnB.waitFor('game:updated', (p) => p.game.status === 'paused', 10_000);
    await sleep(500);
    expect(onB.of('game:updated')).toEqual([]);
  });

  it('a killed gateway’s clients reconnect to the other one and resync; it takes over the ticks', async () => {
    const table = await newTable('Cluster 3');
    const player = await newPlayer(k);
    const phones = await Promise.all([1, 2, 3, 4].map(() => client(front.url, player.token)));
    const game = (await k.post('/v1/game/join', { table_id: table.id }, player.token)).body.game as TGame;
    const playerId = game.players[0]!.id;
    // a table's room is its players': the phones follow it once the player sits down
    for (const phone of phones) {
      const seen = data(await phone.subscribe(`table:${table.id}`));
      expect(seen.kind === 'table' && seen.game?.id).toBe(game.id);
    }

    // kill the ticking gateway: its phones drop, come back through the balancer to the other
    const leader = (await a.health()).leader ? a : b;
    const survivor = leader === a ? b : a;
    front.route([survivor.port]);
    hooks.route([survivor.port]);
    await leader.kill('SIGKILL');
    await eventually(() => phones.every((p) => p.socket.connected), 15_000, 'every phone is connected again');
    const truth = async () => ((await k.get(`/v1/game/${game.id}`, player.token)).body.game as TGame).players[0]!;
    // the client's rule after a reconnect: sync each room it follows
    for (const phone of phones) await resync(phone, `table:${table.id}`);
    // minutes pass, perhaps before the survivor holds the ticker's lock: whoever ticks sends them
    await k.post('/v1/test/clock', { advance_ms: 2 * 60_000 });
    // (the gateway learns the kiosk's moved clock from its next answer: a sync)
    await resync(phones[0]!, `table:${table.id}`);
    const now = await truth();
    for (const phone of phones) {
      await phone.waitFor(
        'game:tick',
        (t) => t.players.some((p: Tick) => p.id === playerId && p.minutes === now.minutes && p.total === now.total),
        15_000,
      );
      const snapshot = await resync(phone, `table:${table.id}`);
      expect(snapshot.kind === 'table' && snapshot.game?.players[0]).toMatchObject({
        minutes: now.minutes,
        total: now.total,
      });
    }
    await eventually(async () => (await survivor.health()).leader === true, 10_000, 'the survivor leads');
    await k.post('/v1/test/clock', { advance_ms: 60_000 });
    await resync(phones[0]!, `table:${table.id}`);
    const later = await truth();
    for (const phone of phones) {
      await phone.waitFor(
        'game:tick',
        (t) => t.players.some((p: Tick) => p.id === playerId && p.minutes === later.minutes),
        10_000,
      );
    }
    // and new events reach everyone through the survivor
    await k.post('/v1/game/pause', { game_id: game.id }, player.token);
    for (const phone of phones) await phone.waitFor('game:updated', (p) => p.game.status === 'paused', 10_000);
  });
});

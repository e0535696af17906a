import type { TRoomSnapshot } from '@club/shared/realtime';
import type { TGame, TTable } from '@club/shared/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../kiosk/tests/harness.ts';
import { connectClient, SECRET, startGateway, type TestClient, type TestGateway } from '../../realtime/src/testing.ts';

let k: TestKiosk;
let g: TestGateway;
let admin: string;
const clients: TestClient[] = [];

beforeAll(async () => {
  // a kiosk that cannot call out: no GATEWAY_URL; the gateway polls its snapshot
  k = await startTestKiosk({ env: { GATEWAY_SECRET: SECRET } });
  g = await startGateway({ kioskUrl: k.url, source: 'poll', pollIntervalMs: 100 });
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await g?.close();
  await k?.close();
});

const data = (answer: object) => {
  if (!('data' in answer)) throw new Error(`refused: ${JSON.stringify(answer)}`);
  return answer.data as TRoomSnapshot;
};

describe('poll mode', () => {
  it('turns differences between snapshots into the same events, end to end', async () => {
    const table = (await k.post('/v1/table/create', { name: 'Poll', capacity: 4, price_per_minute: 100 }, admin)).body
      .table as TTable;
    const a = await newPlayer(k);
    const b = await newPlayer(k);
    const tv = await connectClient(g.url);
    const phoneA = await connectClient(g.url, { token: a.token });
    const phoneB = await connectClient(g.url, { token: b.token });
    const boss = await connectClient(g.url, { token: admin });
    clients.push(tv, phoneA, phoneB, boss);
    data(await tv.subscribe('floor'));
    data(await boss.subscribe('admin'));
    await tv.waitFor('table:updated', (p) => p.table.id === table.id).catch(() => {});

    // a table's room is its players': each phone follows it once its player sits down
    const game = (await k.post('/v1/game/join', { table_id: table.id }, a.token)).body.game as TGame;
    data(await phoneA.subscribe(`table:${table.id}`));
    await k.post('/v1/game/join', { table_id: table.id }, b.token);
    data(await phoneB.subscribe(`table:${table.id}`));
    await tv.waitFor('table:updated', (p) => p.table.id === table.id && p.table.players_count === 2);
    await phoneA.waitFor('game:updated', (p) => p.game.players.length === 2);
    await boss.waitFor('game:updated', (p) => p.game.id === game.id);

    await k.post('/v1/game/pause', { game_id: game.id }, b.token);
    await phoneA.waitFor('game:updated', (p) => p.game.status === 'paused');
    await k.post('/v1/game/unpause', { game_id: game.id }, b.token);
    await phoneA.waitFor('game:updated', (p) => p.game.status === 'playing' && p.seq > 0);

    await advance(k, 3 * 60_000);
    const playerA = game.players[0]!;
    const kicked = await k.post('/v1/game/kick', { game_id: game.id, player_id: playerA.id }, admin);
    const notice = await phoneA.waitFor('player:kicked');
    expect(notice).toMatchObject({
      game_id: game.id,
      player_id: playerA.id,
      order_id: kicked.body.order_id ?? expect.any(Number),
    });
    await phoneA.waitFor('order:updated', (p) => p.order.id === notice.order_id && p.order.total === 300);
    await boss.waitFor('player:kicked', (p) => p.player_id === playerA.id);
    expect(phoneB.of('player:kicked')).toEqual([]);

    const left = await k.post('/v1/game/leave', { game_id: game.id }, b.token);
    await phoneB.waitFor('order:updated', (p) => p.order.id === left.body.order_id);
    await phoneB.waitFor('game:updated', (p) => p.game.status === 'ended');
    await tv.waitFor('table:updated', (p) => p.table.id === table.id && p.table.status === 'free');

    // what no snapshot shows travels as events: an order paid, a new notification
    const paid = await k.post('/v1/payment/system', { order_id: left.body.order_id }, admin);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await phoneB.waitFor('order:updated', (p) => p.order.id === left.body.order_id && p.order.status === 'paid');
    await boss.waitFor('order:updated', (p) => p.order.id === left.body.order_id && p.order.status === 'paid');
    const note = await k.post(
      '/v1/notification/create',
      { message: 'Til B', audience: 'user', user_id: b.user.id },
      admin,
    );
    const noteId = (note.body.notification as { id: number }).id;
    await phoneB.waitFor('notification:new', (p) => p.notification.id === noteId);
    expect(phoneA.of('notification:new')).toEqual([]);

    // seq comes from the polled snapshots: it never goes down within a room
    for (const c of [tv, phoneB, boss]) {
      const seqs = c.received.filter((r) => r.event !== 'game:tick').map((r) => r.payload.seq);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    }
    const floorText = JSON.stringify(tv.received);
    expect(floorText).not.toContain(a.user.email);
    expect(floorText).not.toContain('total');
  });
});

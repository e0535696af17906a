import { missedEvents, type TRoomSnapshot } from '@club/shared/realtime';
import type { TGame, TTable } from '@club/shared/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../kiosk/tests/harness.ts';
import {
  connectClient,
  eventually,
  freePort,
  SECRET,
  sleep,
  startGateway,
  type TestClient,
  type TestGateway,
} from '../../realtime/src/testing.ts';

const MIN = 60_000;
type TickPlayer = { id: number; minutes: number; total: number };
let k: TestKiosk;
let g: TestGateway;
let admin: string;
const clients: TestClient[] = [];

beforeAll(async () => {
  const port = await freePort();
  k = await startTestKiosk({ env: { GATEWAY_URL: `http://127.0.0.1:${port}`, GATEWAY_SECRET: SECRET } });
  g = await startGateway({ kioskUrl: k.url, port, allowedOrigins: ['http://club.test'] });
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await g?.close();
  await k?.close();
});

async function client(token?: string) {
  const c = await connectClient(g.url, token ? { token } : {});
  clients.push(c);
  return c;
}
async function newTable(fields: Record<string, unknown> = {}) {
  const name = `Bord ${Math.random().toString(36).slice(2, 6)}`;
  const answer = await k.post('/v1/table/create', { name, capacity: 4, price_per_minute: 250, ...fields }, admin);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.table as TTable;
}
const join = async (tableId: number, token: string) => {
  const answer = await k.post('/v1/game/join', { table_id: tableId }, token);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.game as TGame;
};
const kioskGame = async (id: number, token: string) => (await k.get(`/v1/game/${id}`, token)).body.game as TGame;
const data = (answer: { data?: TRoomSnapshot; error?: string } | object) => {
  if (!('data' in answer)) throw new Error(`refused: ${JSON.stringify(answer)}`);
  return answer.data as TRoomSnapshot;
};

describe('room rights', () => {
  it('lets anyone watch the floor, and checks every other room against the token', async () => {
    const a = await newPlayer(k);
    const b = await newPlayer(k);
    const anon = await client();
    const player = await client(a.token);
    const boss = await client(admin);
    const table = await newTable();

    expect(data(await anon.subscribe('floor'))).toMatchObject({ kind: 'floor', room: 'floor' });
    expect(await anon.subscribe('admin')).toEqual({ error: 'error.auth_required' });
    expect(await anon.subscribe(`user:${a.user.id}`)).toEqual({ error: 'error.auth_required' });
    expect(await anon.subscribe(`table:${table.id}`)).toEqual({ error: 'error.auth_required' });

    expect(await player.subscribe('admin')).toEqual({ error: 'error.forbidden' });
    expect(await player.subscribe(`user:${b.user.id}`)).toEqual({ error: 'error.forbidden' });
    expect(data(await player.subscribe(`user:${a.user.id}`))).toMatchObject({ kind: 'user', game: null });
    // a free table's room carries no game: staff's only; a player has it once seated there
    expect(await player.subscribe(`table:${table.id}`)).toEqual({ error: 'error.forbidden' });
    expect(await player.subscribe('table:99999')).toEqual({ error: 'error.table_not_found' });

    expect(data(await boss.subscribe('admin'))).toMatchObject({ kind: 'admin' });
    expect(data(await boss.subscribe(`table:${table.id}`))).toMatchObject({ kind: 'table', game: null });
    expect(await boss.subscribe('table:99999')).toEqual({ error: 'error.table_not_found' });
    const game = await join(table.id, a.token);
    expect(data(await player.subscribe(`table:${table.id}`))).toMatchObject({ kind: 'table', game: { id: game.id } });

    // what is not a room request is refused, whoever asks
    expect(await player.subscribe('bogus')).toEqual({ error: 'error.validation_failed' });
    expect(await player.subscribe('table:0')).toEqual({ error: 'error.validation_failed' });
    expect(await player.socket.timeout(5000).emitWithAck('subscribe', 'floor' as never)).toEqual({
      error: 'error.validation_failed',
    });
    expect(await player.socket.timeout(5000).emitWithAck('subscribe', { room: 'floor', extra: 1 } as never)).toEqual({
      error: 'error.validation_failed',
    });
  });

  it("a table's room is for its game's players and staff: a stranger is refused, a leaver stops hearing it", async () => {
    const table = await newTable();
    const room = `table:${table.id}`;
    const [a, b, c, other] = await Promise.all([newPlayer(k), newPlayer(k), newPlayer(k), newPlayer(k)]);
    const game = await join(table.id, a.token);
    await join(table.id, b.token);
    const [phoneA, phoneB, stranger, boss] = await Promise.all([
      client(a.token),
      client(b.token),
      client(other.token),
      client(admin),
    ]);

    // another player, logged in but not seated here, hears nothing of the game's bills
    expect(await stranger.subscribe(room)).toEqual({ error: 'error.forbidden' });
    expect(await stranger.sync(room)).toEqual({ error: 'error.forbidden' });
    // the seated players and staff do
    for (const seated of [phoneA, phoneB, boss]) {
      const snapshot = data(await seated.subscribe(room));
      expect(snapshot.kind === 'table' && snapshot.game?.players.map((p) => p.user_id)).toEqual([a.user.id, b.user.id]);
    }
    expect(data(await phoneA.sync(room))).toMatchObject({ kind: 'table', game: { id: game.id } });

    // A leaves: their phone gets the update that ends their seat, and then nothing more of the table
    await advance(k, 2 * MIN);
    const left = await k.post('/v1/game/leave', { game_id: game.id }, a.token);
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    const seatOf = (at: TGame, userId: number) => at.players.find((p) => p.user_id === userId);
    const last = await phoneA.waitFor('game:updated', (p) => seatOf(p.game, a.user.id)?.status === 'left');
    expect(last.game).toMatchObject({ id: game.id, status: 'playing' });
    await phoneB.waitFor('game:updated', (p) => seatOf(p.game, a.user.id)?.status === 'left');
    await boss.waitFor('game:updated', (p) => seatOf(p.game, a.user.id)?.status === 'left');
    phoneA.clear();

    // C sits down: B and staff hear of it, A does not, nor of the minutes after
    await join(table.id, c.token);
    const withC = (p: { game: TGame }) => p.game.id === game.id && seatOf(p.game, c.user.id)?.status === 'joined';
    await phoneB.waitFor('game:updated', withC);
    await boss.waitFor('game:updated', withC);
    await advance(k, MIN);
    await phoneB.waitFor('game:tick', (t) => t.game_id === game.id);
    await boss.waitFor('game:tick', (t) => t.game_id === game.id);
    await sleep(200);
    expect(phoneA.of('game:updated')).toEqual([]);
    expect(phoneA.of('game:tick')).toEqual([]);
    expect(stranger.of('game:updated')).toEqual([]);
    // and the leaver may not ask for the room again
    expect(await phoneA.subscribe(room)).toEqual({ error: 'error.forbidden' });
    expect(await phoneA.sync(room)).toEqual({ error: 'error.forbidden' });
  });

  it('refuses a bad token and a foreign origin at the handshake', async () => {
    await expect(connectClient(g.url, { token: 'x'.repeat(43) })).rejects.toThrow('error.auth_required');
    await expect(connectClient(g.url, { origin: 'https://evil.example' })).rejects.toThrow();
    const own = await connectClient(g.url, { origin: 'http://club.test' });
    own.close();
  });

  it('takes a browser’s session from its cookie, from the club’s pages only', async () => {
    const a = await newPlayer(k);
    const table = await newTable();
    // the table's room is its players': the browser's player sits there
    await join(table.id, a.token);
    const cookie = `logged_in=1; token=${a.token}`;
    const browser = await connectClient(g.url, { cookie, origin: 'http://club.test' });
    clients.push(browser);
    expect(data(await browser.subscribe(`user:${a.user.id}`))).toMatchObject({ kind: 'user' });
    expect(data(await browser.subscribe(`table:${table.id}`))).toMatchObject({ kind: 'table' });
    // another site's page cannot ride on it
    await expect(connectClient(g.url, { cookie, origin: 'https://evil.example' })).rejects.toThrow();
    // a token given in the handshake wins over the cookie
    const other = await newPlayer(k);
    const both = await connectClient(g.url, { cookie, token: other.token });
    clients.push(both);
    expect(await both.subscribe(`user:${a.user.id}`)).toEqual({ error: 'error.forbidden' });
    // the cookie of a session that ended: the floor, and members' rooms ask for a login
    const out = await k.post('/v1/auth/logout', {}, a.token);
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    const stale = await connectClient(g.url, { cookie, origin: 'http://club.test' });
    clients.push(stale);
    expect(data(await stale.subscribe('floor'))).toMatchObject({ kind: 'floor' });
    expect(await stale.subscribe(`table:${table.id}`)).toEqual({ error: 'error.auth_required' });
  });

  it('drops the sockets of a logged-out token at once; the same player signed in elsewhere comes back', async () => {
    const a = await newPlayer(k);
    const otherSession = await k.login(a.body.email, a.body.password);
    const table = await newTable();
    await join(table.id, a.token);
    const phone = await client(a.token);
    const tablet = await client(otherSession);
    data(await phone.subscribe(`table:${table.id}`));
    data(await tablet.subscribe(`table:${table.id}`));
    const dropped = new Promise<string>((resolve) => phone.socket.once('disconnect', resolve));
    const tabletDropped = new Promise<string>((resolve) => tablet.socket.once('disconnect', resolve));

    const out = await k.post('/v1/auth/logout', {}, a.token);
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    // at once: well before the periodic recheck (15 s) or the token cache (5 s) would notice
    const started = Date.now();
    expect(await dropped).toBe('io server disconnect');
    expect(Date.now() - started).toBeLessThan(2000);

    // the revoked token is refused from now on; the other session's token is still good
    await expect(connectClient(g.url, { token: a.token })).rejects.toThrow('error.auth_required');
    // every socket of the player is dropped (the gateway cannot tell the sessions apart); a
    // client reconnects with its own token, as the web app does
    expect(await tabletDropped).toBe('io server disconnect');
    tablet.socket.connect();
    await eventually(() => tablet.socket.connected, 5000, 'the tablet back');
    data(await tablet.subscribe(`table:${table.id}`));
  });

  it('answers a flood with error.rate_limited, and disconnects a persistent abuser', async () => {
    const c = await client();
    const answers = await Promise.all(Array.from({ length: 30 }, () => c.subscribe('floor')));
    expect(answers.filter((a) => 'error' in a && a.error === 'error.rate_limited').length).toBeGreaterThan(0);
    for (let i = 0; i < 60; i++) c.socket.emit('unsubscribe', { room: 'floor' }, () => {});
    await eventually(() => !c.socket.connected, 5000, 'the abuser disconnected');
  });
});

describe('events', () => {
  it('reach the right rooms and no others on join, pause, kick and leave', async () => {
    const table = await newTable();
    const other = await newTable();
    const a = await newPlayer(k);
    const b = await newPlayer(k);
    const c = await newPlayer(k);
    const tv = await client();
    const phoneA = await client(a.token);
    const phoneB = await client(b.token);
    const elsewhere = await client(c.token);
    const boss = await client(admin);
    data(await tv.subscribe('floor'));
    data(await boss.subscribe('admin'));
    // C plays at the other table and follows it
    await join(other.id, c.token);
    data(await elsewhere.subscribe(`table:${other.id}`));

    // join: a table's room is its players', so each phone follows it once its player sits down
    const game = await join(table.id, a.token);
    data(await phoneA.subscribe(`table:${table.id}`));
    await join(table.id, b.token);
    data(await phoneB.subscribe(`table:${table.id}`));
    const seen = await tv.waitFor('table:updated', (p) => p.table.id === table.id && p.table.players_count === 2);
    expect(seen.table).toMatchObject({ status: 'playing', capacity: 4, free_seats: 2, game_id: game.id });
    expect(seen.table.started_at).toBe(game.started_at);
    await phoneA.waitFor('game:updated', (p) => p.game.id === game.id && p.game.players.length === 2);
    await boss.waitFor('game:updated', (p) => p.game.id === game.id && p.game.players.length === 2);
    await boss.waitFor('table:updated', (p) => p.table.id === table.id);
    expect(tv.of('game:updated')).toEqual([]);

    // pause: the table room hears of the game and its table in one message
    expect((await k.post('/v1/game/pause', { game_id: game.id }, a.token)).status).toBe(200);
    const paused = await phoneB.waitFor('game:updated', (p) => p.game.status === 'paused');
    expect(paused.table).toMatchObject({ id: table.id, status: 'paused', players_count: 2, free_seats: 2 });
    await tv.waitFor('table:updated', (p) => p.table.id === table.id && p.table.status === 'paused');
    expect(tv.of('table:updated', (p) => p.seq === paused.seq)).toHaveLength(1);
    expect(phoneB.of('table:updated')).toEqual([]);
    expect((await k.post('/v1/game/unpause', { game_id: game.id }, a.token)).status).toBe(200);
    await phoneB.waitFor('game:updated', (p) => p.game.status === 'playing' && p.seq > 0);

    // kick: A's phone learns why and where to pay, and loses the table
    await advance(k, 2 * MIN);
    const playerA = game.players.find((p) => p.user_id === a.user.id)!;
    const kicked = await k.post('/v1/game/kick', { game_id: game.id, player_id: playerA.id }, admin);
    expect(kicked.status, JSON.stringify(kicked.body)).toBe(200);
    const notice = await phoneA.waitFor('player:kicked');
    expect(notice).toMatchObject({ game_id: game.id, player_id: playerA.id, room: `user:${a.user.id}` });
    expect(notice.order_id).toEqual(expect.any(Number));
    await boss.waitFor('player:kicked', (p) => p.player_id === playerA.id);
    await phoneA.waitFor('order:updated', (p) => p.order.id === notice.order_id && p.order.total === 500);
    await phoneB.waitFor(
      'game:updated',
      (p) => p.game.players.find((x: { id: number }) => x.id === playerA.id)?.status === 'kicked',
    );
    expect(phoneB.of('player:kicked')).toEqual([]);
    expect(phoneB.of('order:updated')).toEqual([]);

    // leave: B's order reaches B (and the admin) only; A no longer follows the table
    phoneA.clear();
    const left = await k.post('/v1/game/leave', { game_id: game.id }, b.token);
    expect(left.status).toBe(200);
    await phoneB.waitFor('order:updated', (p) => p.order.id === left.body.order_id);
    await boss.waitFor('order:updated', (p) => p.order.id === left.body.order_id);
    const ended = await phoneB.waitFor('game:updated', (p) => p.game.status === 'ended');
    expect(ended.table).toMatchObject({ id: table.id, status: 'free', players_count: 0, game_id: null });
    await tv.waitFor('table:updated', (p) => p.table.id === table.id && p.table.status === 'free');
    await sleep(200);
    expect(phoneA.of('game:updated')).toEqual([]);
    expect(phoneA.of('order:updated')).toEqual([]);
    // C hears of its own table only, never of this one
    expect(elsewhere.received.filter((r) => r.payload.room !== `table:${other.id}`)).toEqual([]);

    // the floor never sees a name, an e-mail or money
    const floorText = JSON.stringify(tv.received);
    for (const secret of [
      a.user.email,
      b.user.email,
      a.user.name,
      a.user.surname,
      'price_per_minute',
      'total',
      'billing',
    ]) {
      expect(floorText).not.toContain(secret);
    }
    // every payload carries the kiosk's sequence number, rising per room
    for (const c of [tv, phoneB, boss]) {
      const last = new Map<string, number>();
      for (const r of c.received) {
        expect(r.payload.seq).toEqual(expect.any(Number));
        if (r.event === 'game:tick') continue;
        expect(r.payload.seq, `${r.event} in ${r.payload.room}`).toBeGreaterThanOrEqual(last.get(r.payload.room) ?? 0);
        last.set(r.payload.room, r.payload.seq);
      }
    }
  });

  it('lets a client that missed an event see the gap and catch up with sync', async () => {
    const table = await newTable();
    const a = await newPlayer(k);
    const b = await newPlayer(k);
    const tv = await client();
    const start = data(await tv.subscribe('floor'));
    let last = start.seq;
    // a flaky network: the first update for this table never arrives
    let dropped = false;
    let gap = false;
    tv.socket.on('table:updated', (p) => {
      if (p.table.id !== table.id) return;
      if (!dropped) {
        dropped = true;
        return;
      }
      if (missedEvents(last, p)) gap = true;
      last = Math.max(last, p.seq);
    });
    await join(table.id, a.token);
    await eventually(() => dropped, 5000, 'the first update');
    await join(table.id, b.token);
    await eventually(() => gap, 5000, 'the gap is seen');
    const fresh = data(await tv.sync('floor'));
    expect(fresh.kind === 'floor' && fresh.tables.find((t) => t.id === table.id)).toMatchObject({ players_count: 2 });
    expect(fresh.seq).toBeGreaterThan(start.seq);
  });
});

describe('snapshots', () => {
  it('serve a crowd that subscribes within moments from a few kiosk reads, and read again after an event', async () => {
    const table = await newTable();
    const crowd = await Promise.all(Array.from({ length: 20 }, () => client()));
    const before = g.gateway.stats().snapshots;
    // one after another, as phones coming back after a restart do: each would be a read of its own
    const answers = [];
    for (const c of crowd) answers.push(await c.subscribe('floor'));
    const seqs = new Set(answers.map((a) => data(a).seq));
    expect(seqs.size).toBe(1);
    expect(g.gateway.stats().snapshots - before, 'kiosk reads for 20 subscribers').toBeLessThanOrEqual(5);

    // a sync reads anew
    const synced = g.gateway.stats().snapshots;
    data(await crowd[1]!.sync('floor'));
    expect(g.gateway.stats().snapshots).toBe(synced + 1);

    // after an event, nobody gets the older snapshot
    const player = await newPlayer(k);
    await join(table.id, player.token);
    await eventually(() => g.gateway.stats().seq > [...seqs][0]!, 5000, 'the join is applied');
    const after = data(await crowd[0]!.sync('floor'));
    expect(after.seq).toBeGreaterThan([...seqs][0]!);
    expect(after.kind === 'floor' && after.tables.find((t) => t.id === table.id)).toMatchObject({ players_count: 1 });
  });
});

describe('notifications', () => {
  it('reach the people they are for, at once, and nobody else', async () => {
    const a = await newPlayer(k);
    const b = await newPlayer(k);
    const adminRole = ((await k.get('/v1/user/profile', admin)).body.user as { role_id: number }).role_id;
    expect(adminRole).not.toBe(a.user.role_id);
    const [phoneA, phoneB, boss, tv] = await Promise.all([client(a.token), client(b.token), client(admin), client()]);
    const notify = async (body: Record<string, unknown>) => {
      const answer = await k.post('/v1/notification/create', { message: 'Hei', ...body }, admin);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.notification as { id: number }).id;
    };
    const toA = await notify({ message: 'Til deg, A', audience: 'user', user_id: a.user.id });
    const toPlayers = await notify({ message: 'Alle spillere', audience: 'role', role_id: a.user.role_id });
    const toAll = await notify({ message: 'Happy hour <b>nå</b>', audience: 'all' });
    const later = await notify({
      message: 'I morgen',
      audience: 'all',
      starts_at: new Date(
        Date.parse((await k.get('/v1/health')).body.server_time as string) + 86_400_000,
      ).toISOString(),
    });
    const seen = (c: TestClient, id: number) => c.of('notification:new', (p) => p.notification.id === id).length;
    await phoneA.waitFor('notification:new', (p) => p.notification.id === toAll);
    await boss.waitFor('notification:new', (p) => p.notification.id === toAll);
    await phoneB.waitFor('notification:new', (p) => p.notification.id === toPlayers);
    await sleep(300);
    const got = phoneA.of('notification:new', (p) => p.notification.id === toA)[0];
    expect(got?.notification).toMatchObject({ message: 'Til deg, A', audience: 'user', read_at: null, url: null });
    expect([seen(phoneA, toA), seen(phoneA, toPlayers), seen(phoneA, toAll)]).toEqual([1, 1, 1]);
    expect([seen(phoneB, toA), seen(phoneB, toPlayers), seen(phoneB, toAll)]).toEqual([0, 1, 1]);
    expect([seen(boss, toA), seen(boss, toPlayers), seen(boss, toAll)]).toEqual([0, 0, 1]);
    for (const c of [phoneA, phoneB, boss]) expect(seen(c, later)).toBe(0);
    // the wall TV is nobody: no notification ever reaches it
    expect(tv.of('notification:new')).toEqual([]);
    // the internal rooms cannot be asked for
    expect(await phoneA.subscribe('members')).toMatchObject({ error: 'error.validation_failed' });
    expect(await phoneA.subscribe(`role-${adminRole}`)).toMatchObject({ error: 'error.validation_failed' });
  });
});

describe('ticks', () => {
  it('gives each player exactly one tick per minute, with the kiosk’s totals', async () => {
    const table = await newTable({ price_per_minute: 300 });
    const a = await newPlayer(k);
    const b = await newPlayer(k);
    const phone = await client(a.token);
    const game = await join(table.id, a.token);
    const idA = game.players[0]!.id;
    // A follows the table once seated (its snapshot has the game)
    const snapshot = data(await phone.subscribe(`table:${table.id}`));
    expect(snapshot.kind === 'table' && snapshot.game?.id).toBe(game.id);
    // the gateway learns of the game (and its minute 0) before time moves on
    await eventually(() => g.gateway.stats().seq >= snapshot.seq, 5000, 'the join is applied');
    await advance(k, 30_000);
    // A's first minute began at once (billing per started minute)
    await phone.waitFor('game:tick', (t) => t.players.some((x: TickPlayer) => x.id === idA && x.minutes === 1));
    const idB = (await join(table.id, b.token)).players.find((p) => p.user_id === b.user.id)!.id;
    await phone.waitFor('game:updated', (p) => p.game.players.length === 2);

    for (let step = 1; step <= 3; step++) {
      await advance(k, MIN);
      const truth = await kioskGame(game.id, a.token);
      for (const p of truth.players) {
        await phone.waitFor('game:tick', (t) =>
          t.players.some((x: TickPlayer) => x.id === p.id && x.minutes === p.minutes),
        );
      }
    }
    await sleep(200);
    const truth = await kioskGame(game.id, a.token);
    const ticksOf = (id: number) =>
      phone.of('game:tick').flatMap((t) => t.players.filter((x: TickPlayer) => x.id === id)) as TickPlayer[];
    expect(ticksOf(idA).map((t) => t.minutes)).toEqual([1, 2, 3, 4]);
    expect(ticksOf(idB).map((t) => t.minutes)).toEqual([1, 2, 3]);
    for (const p of truth.players)
      expect(ticksOf(p.id).at(-1)).toEqual({ id: p.id, minutes: p.minutes, total: p.total });
    expect(ticksOf(idA).at(-1)).toEqual({ id: idA, minutes: 4, total: 1200 });
  });
});

describe('restarts', () => {
  it('a restarted gateway gets its clients back, and a sync gives them the right totals', async () => {
    const table = await newTable({ price_per_minute: 200 });
    const a = await newPlayer(k);
    const phone = await client(a.token);
    const game = await join(table.id, a.token);
    data(await phone.subscribe(`table:${table.id}`));
    await advance(k, 5 * MIN);

    const port = g.port;
    let reconnected = 0;
    phone.socket.io.on('reconnect', () => reconnected++);
    await g.close();
    await eventually(() => !phone.socket.connected, 5000, 'the phone notices');
    await advance(k, 2 * MIN);
    g = await startGateway({ kioskUrl: k.url, port, allowedOrigins: ['http://club.test'] });
    await eventually(() => phone.socket.connected && reconnected === 1, 10_000, 'the phone reconnects');
    const snapshot = data(await phone.sync(`table:${table.id}`));
    const truth = await kioskGame(game.id, a.token);
    expect(snapshot.kind === 'table' && snapshot.game?.players[0]).toMatchObject({ minutes: 7, total: 1400 });
    expect(truth.players[0]).toMatchObject({ minutes: 7, total: 1400 });
    // and it follows the table again
    await advance(k, MIN);
    await phone.waitFor('game:tick', (t) => t.players[0]?.minutes === 8 && t.players[0]?.total === 1600);
  });
});

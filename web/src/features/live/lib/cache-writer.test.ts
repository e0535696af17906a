import type { TFloorTable, TLiveFeed, TRoomSnapshot } from '@club/shared/realtime';
import type { TGame, TPlayer, TTable } from '@club/shared/tables';
import { makeTable as table } from '@club/shared/test-tables';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  adminTableKeys,
  counterKeys,
  dashboardKeys,
  gameKeys,
  liveKeys,
  notificationKeys,
  orderKeys,
  reservationKeys,
  shopKeys,
  subscriptionKeys,
  tableKeys,
  waitlistKeys,
} from '../../../lib/query-keys.ts';
import { createCacheWriter } from './cache-writer.ts';

const ME = 7;
/** the person's own room's snapshot, not playing */
const user = {
  kind: 'user',
  room: `user:${ME}`,
  seq: 9,
  server_time: '2026-01-01T10:00:00.000Z',
  game: null,
} as const;
const stamp = (room: string, seq: number, prev: number | null = seq - 1) => ({ room, seq, prev_seq: prev });

function floor(t: TTable, startedAt: string | null = null): TFloorTable {
  const { price_per_minute: _price, ...rest } = t;
  return { ...rest, free_seats: t.capacity - t.players_count, started_at: startedAt };
}

function player(id: number, userId: number | null, fields: Partial<TPlayer> = {}): TPlayer {
  return {
    id,
    game_id: 30,
    user_id: userId,
    name: `P${id}`,
    guest_of: null,
    role_id: 2,
    price_per_minute: 250,
    joined_at: '2026-01-01T10:00:00.000Z',
    left_at: null,
    status: 'joined',
    minutes: 0,
    total: 0,
    previous_player_id: null,
    billing: {
      segments: [{ table_id: 3, game_id: 30, price_per_minute: 250, from: '2026-01-01T10:00:00.000Z', to: null }],
      subscription_minutes: 0,
      subscription_pauses: [],
      discount_windows: [],
      fixed_discounts: [],
      settings: { rounding_minutes: 1, minimum_charge: 0, grace_minutes: 0 },
    },
    ...fields,
  };
}

function game(fields: Partial<TGame> = {}): TGame {
  return {
    id: 30,
    table_id: 3,
    status: 'playing',
    started_at: '2026-01-01T10:00:00.000Z',
    ending_at: null,
    ended_at: null,
    players: [player(301, ME), player(302, 8)],
    pauses: [],
    ...fields,
  };
}

let qc: QueryClient;
/** a live room's snapshot as an earlier subscribe left it */
const seedLive = (snapshot: TRoomSnapshot) => qc.setQueryData(liveKeys.room(snapshot.room), snapshot);
let writer: ReturnType<typeof createCacheWriter>;
const invalidated = () =>
  qc
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => JSON.stringify(q.queryKey));

beforeEach(() => {
  qc = new QueryClient();
  writer = createCacheWriter({ queryClient: qc, me: () => ME });
  // what the screens hold, as their REST queries left it
  qc.setQueryData(tableKeys.list(), [table(1), table(3)]);
  qc.setQueryData(tableKeys.one(3), { ...table(3), game: null, lineup: null });
  qc.setQueryData(gameKeys.active(), null);
});

describe('the cache writer', () => {
  it('writes table:updated into the floor, the table page and the live floor snapshot', () => {
    const busy = table(3, { status: 'playing', players_count: 2, game_id: 30 });
    seedLive({
      kind: 'floor',
      room: 'floor',
      seq: 4,
      server_time: '2026-01-01T10:00:00.000Z',
      tables: [floor(table(1)), floor(table(3))],
    });
    writer.event('table:updated', { ...stamp('floor', 5), table: floor(busy, '2026-01-01T10:00:00.000Z') });

    const all = qc.getQueryData<TTable[]>(tableKeys.list());
    expect(all?.find((t) => t.id === 3)).toMatchObject({ status: 'playing', players_count: 2, price_per_minute: 250 });
    expect(qc.getQueryData(tableKeys.one(3))).toMatchObject({ status: 'playing', players_count: 2, game: null });
    // someone who sees no bills hears no game: who plays there now is read again
    expect(invalidated()).toContain(JSON.stringify(tableKeys.one(3)));
    const live = qc.getQueryData<TRoomSnapshot>(liveKeys.room('floor'));
    expect(live?.kind === 'floor' && live.tables.find((t) => t.id === 3)).toMatchObject({
      status: 'playing',
      free_seats: 2,
    });
  });

  it('reads a stranger’s lineup again only when the table shows it is behind', () => {
    const busy = table(3, { status: 'playing', players_count: 2, game_id: 30 });
    const lineup = {
      game_id: 30,
      status: 'playing' as const,
      started_at: '2026-01-01T10:00:00.000Z',
      players: [
        { id: 301, name: 'A', guest_of: null },
        { id: 302, name: 'B', guest_of: null },
      ],
    };
    qc.setQueryData(tableKeys.one(3), { ...busy, game: null, lineup });
    writer.event('table:updated', { ...stamp('floor', 5), table: floor({ ...busy, predicted_free_at: 'x' }) });
    expect(invalidated()).not.toContain(JSON.stringify(tableKeys.one(3)));
    writer.event('table:updated', { ...stamp('floor', 6), table: floor({ ...busy, players_count: 3 }) });
    expect(invalidated()).toContain(JSON.stringify(tableKeys.one(3)));
    // the table freed: the lineup goes at once
    writer.event('table:updated', { ...stamp('floor', 7), table: floor(table(3)) });
    expect(qc.getQueryData(tableKeys.one(3))).toMatchObject({ game: null, lineup: null, status: 'free' });
  });

  it('takes a removed table out of the lists without reading them again', () => {
    qc.setQueryData(adminTableKeys.list(), [table(1), table(3)]);
    writer.event('floor:snapshot', { ...stamp('floor', 5), tables: [floor(table(1, { players_count: 1 }))] });
    expect(qc.getQueryData<TTable[]>(tableKeys.list())?.map((t) => [t.id, t.players_count])).toEqual([[1, 1]]);
    expect(qc.getQueryData<TTable[]>(adminTableKeys.list())?.map((t) => t.id)).toEqual([1]);
    expect(invalidated()).not.toContain(JSON.stringify(tableKeys.list()));
    expect(invalidated()).not.toContain(JSON.stringify(adminTableKeys.list()));
  });

  it('invalidates the list when a table it does not know appears', () => {
    writer.event('table:updated', { ...stamp('floor', 5), table: floor(table(9)) });
    expect(invalidated()).toContain(JSON.stringify(tableKeys.list()));
  });

  it('writes game:updated into the table page and the player’s own game, and an ended game takes them out', () => {
    writer.event('game:updated', { ...stamp('table:3', 6), game: game() });
    expect(qc.getQueryData<{ game: TGame | null }>(tableKeys.one(3))?.game?.id).toBe(30);
    expect(qc.getQueryData<TGame | null>(gameKeys.active())?.id).toBe(30);

    // the person left: the game goes on without them
    const without = game({ players: [player(301, ME, { status: 'left' }), player(302, 8)] });
    writer.event('game:updated', { ...stamp('table:3', 7), game: without });
    expect(qc.getQueryData(gameKeys.active())).toBeNull();
    expect(qc.getQueryData<{ game: TGame | null }>(tableKeys.one(3))?.game?.players).toHaveLength(2);

    writer.event('game:updated', { ...stamp('table:3', 8), game: game({ status: 'ended' }) });
    expect(qc.getQueryData(tableKeys.one(3))).toMatchObject({ game: null, status: 'free' });
  });

  it('writes the table a game:updated carries (a table room’s one message for both) before the game', () => {
    const paused = table(3, { status: 'paused', players_count: 2, game_id: 30 });
    const started = '2026-01-01T10:00:00.000Z';
    seedLive({ kind: 'table', room: 'table:3', seq: 5, server_time: started, table: floor(table(3)), game: null });
    writer.event('game:updated', {
      ...stamp('table:3', 6),
      game: game({ status: 'paused' }),
      table: floor(paused, started),
    });

    expect(qc.getQueryData(tableKeys.one(3))).toMatchObject({ status: 'paused', players_count: 2, game: { id: 30 } });
    const live = qc.getQueryData<TRoomSnapshot>(liveKeys.room('table:3'));
    expect(live?.kind === 'table' && live.table).toMatchObject({ status: 'paused', free_seats: 2 });
    expect(live?.kind === 'table' && live.game?.status).toBe('paused');
  });

  it('writes game:tick totals into every copy of the game', () => {
    qc.setQueryData(tableKeys.one(3), { ...table(3, { status: 'playing', game_id: 30 }), game: game(), lineup: null });
    qc.setQueryData(gameKeys.active(), game());
    seedLive({
      kind: 'admin',
      room: 'admin',
      seq: 6,
      server_time: '2026-01-01T10:00:00.000Z',
      tables: [],
      games: [game()],
    });
    writer.event('game:tick', {
      ...stamp('table:3', 6, 6),
      game_id: 30,
      table_id: 3,
      players: [{ id: 301, minutes: 12, total: 3000 }],
    });
    const mine = (g: TGame | null | undefined) => g?.players.find((p) => p.id === 301);
    expect(mine(qc.getQueryData<{ game: TGame }>(tableKeys.one(3))?.game)).toMatchObject({ minutes: 12, total: 3000 });
    expect(mine(qc.getQueryData<TGame>(gameKeys.active()))).toMatchObject({ minutes: 12, total: 3000 });
    const admin = qc.getQueryData<TRoomSnapshot>(liveKeys.room('admin'));
    expect(admin?.kind === 'admin' && mine(admin.games[0])).toMatchObject({ minutes: 12, total: 3000 });
    // the other player's figures are untouched
    expect(qc.getQueryData<TGame>(gameKeys.active())?.players[1]).toMatchObject({ minutes: 0, total: 0 });
  });

  it('keeps the admin snapshot’s games: new ones in, ended ones out', () => {
    seedLive({
      kind: 'admin',
      room: 'admin',
      seq: 1,
      server_time: '2026-01-01T10:00:00.000Z',
      tables: [floor(table(3))],
      games: [],
    });
    writer.event('game:updated', { ...stamp('admin', 2), game: game() });
    let admin = qc.getQueryData<TRoomSnapshot>(liveKeys.room('admin'));
    expect(admin?.kind === 'admin' && admin.games.map((g) => g.id)).toEqual([30]);
    writer.event('game:updated', { ...stamp('admin', 3), game: game({ status: 'ended' }) });
    admin = qc.getQueryData<TRoomSnapshot>(liveKeys.room('admin'));
    expect(admin?.kind === 'admin' && admin.games).toEqual([]);
  });

  it('writes a snapshot into its room and the screens: a user snapshot is the player’s own game', () => {
    writer.snapshot({
      kind: 'user',
      room: `user:${ME}`,
      seq: 9,
      server_time: '2026-01-01T10:00:00.000Z',
      game: game(),
    });
    expect(qc.getQueryData<TGame>(gameKeys.active())?.id).toBe(30);
    expect(qc.getQueryData(liveKeys.room(`user:${ME}`))).toMatchObject({ kind: 'user', seq: 9 });

    writer.snapshot({
      kind: 'table',
      room: 'table:3',
      seq: 10,
      server_time: '2026-01-01T10:00:00.000Z',
      table: floor(table(3, { status: 'paused', players_count: 2, game_id: 30 })),
      game: game({ status: 'paused' }),
    });
    expect(qc.getQueryData(tableKeys.one(3))).toMatchObject({ status: 'paused', game: { id: 30, status: 'paused' } });
  });

  it('invalidates orders and the dashboard on order:updated, notifications on notification:new', () => {
    qc.setQueryData(orderKeys.waiting(), []);
    qc.setQueryData(orderKeys.paymentStatus(5), { status: 'waiting' });
    qc.setQueryData(orderKeys.one(5), { id: 5, status: 'waiting' });
    qc.setQueryData(subscriptionKeys.active(), null);
    qc.setQueryData(dashboardKeys.all, { awaiting_approval: [] });
    qc.setQueryData([...notificationKeys.all, 'my'], { data: [], unread: 0 });
    writer.event('order:updated', {
      ...stamp(`user:${ME}`, 11),
      order: {
        id: 5,
        reference: 'K-000005',
        user_id: ME,
        status: 'paid',
      } as never,
    });
    expect(invalidated()).toEqual(
      expect.arrayContaining([
        JSON.stringify(orderKeys.waiting()),
        JSON.stringify(orderKeys.paymentStatus(5)),
        JSON.stringify(orderKeys.one(5)),
        JSON.stringify(dashboardKeys.all),
        JSON.stringify(subscriptionKeys.active()),
      ]),
    );
    expect(invalidated()).not.toContain(JSON.stringify([...notificationKeys.all, 'my']));
    writer.event('notification:new', {
      ...stamp(`user:${ME}`, 12),
      notification: {
        id: 1,
        message: 'Happy hour from 18',
        link_text: null,
        url: null,
        audience: 'all',
        read_at: null,
        created_at: '2026-11-21T18:00:00.000Z',
      },
    });
    expect(invalidated()).toContain(JSON.stringify([...notificationKeys.all, 'my']));
  });

  it('after lost events, a resync reads once what no snapshot carries; a plain snapshot reads nothing again', () => {
    qc.setQueryData(orderKeys.waiting(), []);
    qc.setQueryData(notificationKeys.mine(), { data: [], unread: 0 });
    qc.setQueryData(subscriptionKeys.active(), null);
    writer.snapshot(user);
    expect(invalidated()).toEqual([]);
    writer.snapshot({ ...user, seq: 12 }, { missed: true });
    expect(invalidated().sort()).toEqual(
      [orderKeys.waiting(), notificationKeys.mine(), subscriptionKeys.active()].map((k) => JSON.stringify(k)).sort(),
    );
  });

  it('a room’s first snapshot reads again, once, what was read before it was asked for', async () => {
    qc.setQueryData(orderKeys.one(5), { id: 5, status: 'waiting' });
    const joinedAt = Date.now() + 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    qc.setQueryData(orderKeys.waiting(), []);
    writer.snapshot(user, { joinedAt });
    expect(invalidated()).toEqual([JSON.stringify(orderKeys.one(5))]);
  });

  it('a room’s first snapshot that names what the room heard reads again only what that refreshes', async () => {
    const read = [
      orderKeys.waiting(),
      notificationKeys.mine(),
      subscriptionKeys.active(),
      shopKeys.products(),
      tableKeys.myPrices(),
    ];
    /** a phone's screens' reads, then its room asked for after them */
    const readThenJoin = async () => {
      qc.clear();
      writer = createCacheWriter({ queryClient: qc, me: () => ME });
      for (const key of read) qc.setQueryData(key, []);
      const joinedAt = Date.now() + 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return joinedAt;
    };
    const keys = (...list: (readonly unknown[])[]) => list.map((k) => JSON.stringify(k)).sort();

    // the shop's stock changed for everyone logged in, and a notification came
    writer.snapshot(user, { joinedAt: await readThenJoin(), heard: ['feed:products', 'notification:new'] });
    expect(invalidated().sort()).toEqual(keys(shopKeys.products(), notificationKeys.mine()));
    // one of the person's orders moved: the orders and the prepaid hours
    writer.snapshot(user, { joinedAt: await readThenJoin(), heard: ['order:updated'] });
    expect(invalidated().sort()).toEqual(keys(orderKeys.waiting(), subscriptionKeys.active()));
    // what the room heard is not named: everything its lost events could have refreshed
    writer.snapshot(user, { joinedAt: await readThenJoin() });
    expect(invalidated().sort()).toEqual(keys(...read));
  });

  it('reads a feed again on feed:changed, that feed and nothing else', () => {
    const held = [
      orderKeys.incomingTransfers(),
      orderKeys.waiting(),
      reservationKeys.day('2026-11-27'),
      reservationKeys.mine(),
      reservationKeys.openingHours(),
      notificationKeys.admin(),
      notificationKeys.mine(),
      counterKeys.operator(),
      counterKeys.walkIns(),
      counterKeys.products(),
      shopKeys.products(),
      tableKeys.myPrices(),
    ];
    for (const key of held) qc.setQueryData(key, []);
    const told = (feed: TLiveFeed) => {
      qc.clear();
      for (const key of held) qc.setQueryData(key, []);
      writer.event('feed:changed', { ...stamp('admin', 20), feed });
      return invalidated().sort();
    };
    const keys = (...list: (readonly unknown[])[]) => list.map((k) => JSON.stringify(k)).sort();
    expect(told('transfers')).toEqual(keys(orderKeys.incomingTransfers()));
    expect(told('reservations')).toEqual(keys(reservationKeys.day('2026-11-27')));
    expect(told('opening_hours')).toEqual(keys(reservationKeys.openingHours()));
    expect(told('notification_reads')).toEqual(keys(notificationKeys.admin()));
    expect(told('counter_operators')).toEqual(keys(counterKeys.operator()));
    expect(told('products')).toEqual(keys(shopKeys.products(), counterKeys.products()));
    expect(told('prices')).toEqual(keys(tableKeys.myPrices()));
  });

  it('reads the waitlist again when a table frees, fills or is expected free at another time', () => {
    qc.setQueryData(waitlistKeys.line(), []);
    seedLive({
      kind: 'admin',
      room: 'admin',
      seq: 5,
      server_time: '2026-01-01T10:00:00.000Z',
      tables: [floor(table(3))],
      games: [],
    });
    writer.event('table:updated', { ...stamp('admin', 6), table: { ...floor(table(3)), name: 'Nytt navn' } });
    expect(invalidated()).not.toContain(JSON.stringify(waitlistKeys.line()));
    const busy = table(3, {
      status: 'playing',
      players_count: 2,
      game_id: 30,
      predicted_free_at: '2026-01-01T11:00:00.000Z',
    });
    writer.event('table:updated', { ...stamp('admin', 7), table: floor(busy) });
    expect(invalidated()).toContain(JSON.stringify(waitlistKeys.line()));
  });

  it('reads the person’s own answer from the line again only when it can have moved for them', () => {
    /** a floor of tables 3 and 4, the person's answer from the line, then table 3 fills */
    const afterTable3Fills = (mine: { entry: object | null; waiting: number }, table4: Partial<TTable>) => {
      qc = new QueryClient();
      writer = createCacheWriter({ queryClient: qc, me: () => ME });
      qc.setQueryData(waitlistKeys.mine(), { success: true, ...mine });
      qc.setQueryData(waitlistKeys.line(), []);
      seedLive({
        kind: 'floor',
        room: 'floor',
        seq: 5,
        server_time: '2026-01-01T10:00:00.000Z',
        tables: [floor(table(3)), floor(table(4, table4))],
      });
      const busy = table(3, { status: 'playing', players_count: 2, game_id: 30 });
      writer.event('table:updated', { ...stamp('floor', 6), table: floor(busy) });
      return invalidated();
    };
    const mine = JSON.stringify(waitlistKeys.mine());
    const line = JSON.stringify(waitlistKeys.line());
    // outside the line, table 4 still free to sit at: the start page shows no line, nothing moved
    expect(afterTable3Fills({ entry: null, waiting: 2 }, {})).toEqual([line]);
    // in the line: the expected wait moves
    expect(afterTable3Fills({ entry: { id: 1 }, waiting: 2 }, {})).toContain(mine);
    // outside the line, and now no table is free (table 4 held for a party): the line is offered, with its count
    const held = { held_for: { entry_id: 9, party_size: 2, until: '2026-01-01T10:10:00.000Z' } };
    expect(afterTable3Fills({ entry: null, waiting: 2 }, held)).toContain(mine);
  });

  it('never invents a screen’s data it did not have', () => {
    qc.removeQueries({ queryKey: tableKeys.one(3) });
    writer.event('game:updated', { ...stamp('table:3', 6), game: game() });
    expect(qc.getQueryData(tableKeys.one(3))).toBeUndefined();
  });
});

/**
 * A club evening: a seeded script of 40 players over 8 tables — joining,
 * pausing, bringing guests, switching tables, leaving, shopping, buying prepaid hours and
 * paying by every method — with an admin approving card payments and kicking, driven through
 * the real HTTP API and watched by real Socket.IO clients, while the server's test clock
 * makes hours pass in seconds. The same seed plays the same script.
 *
 * The drills call it with hooks: `duringRound` may kill the server while a round's requests
 * are in flight and `afterRound` restart it; the evening then checks that every write it
 * had an answer for is still there, re-reads what it did not get an answer for, and goes on.
 *
 * This file plans the rounds and plays them; the club is set up in `evening-club.ts`, the
 * players at the tables are `evening-seats.ts`, the shop and its stock `evening-shop.ts`, the
 * admin's refunds `evening-refunds.ts`, and paying by Vipps and card on the simulators' pages
 * `evening-payers.ts`.
 */

import { connectClient } from '@club/realtime/testing';
import type { TOrder } from '@club/shared/orders';
import type { TRoomSnapshot } from '@club/shared/realtime';
import type { TCart, TProduct, TUserSubscription } from '@club/shared/shop';
import type { TGame, TTable } from '@club/shared/tables';
import { createApi, Refused, refusalKey, Unreachable } from './api.ts';
import { setUpClub } from './evening-club.ts';
import type { Action, EveningOptions, EveningRecord, EveningResult, Player, SocketWatch } from './evening-model.ts';
import { createPayers } from './evening-payers.ts';
import { createRefunds } from './evening-refunds.ts';
import { createSeats } from './evening-seats.ts';
import { createShop } from './evening-shop.ts';
import { createRandom, type Random } from './prng.ts';

const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runEvening(options: EveningOptions): Promise<EveningResult> {
  const rnd: Random = createRandom(options.seed);
  const api = createApi(options.url);
  const log = options.log ?? (() => {});
  const nPlayers = options.players ?? 40;
  const nTables = options.tables ?? 8;
  const rounds = options.rounds ?? 36;
  const problems: string[] = [];
  const tolerated: string[] = [];
  const stats: Record<string, number> = {};
  const count = (what: string) => {
    stats[what] = (stats[what] ?? 0) + 1;
  };

  const login = async (email: string, password: string) =>
    (await api.post<{ token: string }>('/v1/auth/login', { email, password })).token;
  // --- the clock: frozen, moved on by the script; a restarted process is put back ---------
  let now = 0;
  const setClock = async (body: { advance_ms: number; freeze?: boolean }) => {
    const held = options.clockHeld?.() ? { advance_ms: 0 } : {};
    now = Date.parse((await api.post<{ now: string }>('/v1/test/clock', { ...body, ...held })).now);
  };
  await setClock({ advance_ms: 0, freeze: true });
  // start at 14:00 UTC on a coming day, so the whole evening falls on one club day
  const start = new Date(now);
  start.setUTCHours(14, 0, 0, 0);
  if (start.getTime() <= now) start.setUTCDate(start.getUTCDate() + 1);
  await setClock({ advance_ms: start.getTime() - now });
  // the admin logs in on the club's clock: a login before the jump (up to a day ahead, when
  // run after 14:00 UTC) ran out its day during the evening, and the admin's calls got 401
  let admin = await login(options.admin.email, options.admin.password);

  const record: EveningRecord = {
    seed: options.seed,
    startedAt: new Date(now).toISOString(),
    endedAt: '',
    userIds: [],
    tableIds: [],
    gameIds: [],
    initialStock: {},
    productNames: {},
    subscriptionProducts: [],
    ackedOrders: {},
    ackedCheckouts: {},
    ackedPayments: {},
    refunds: {},
  };

  // --- the club: billing, tables, products, prepaid hours, players ----------------------
  const { tables, products, players } = await setUpClub({
    api,
    admin,
    rnd,
    seed: options.seed,
    nTables,
    nPlayers,
    record,
  });
  log(`club ready: ${tables.length} tables, ${players.length} players`);

  // --- sockets: the floor (TV), the admin room, and staff's screens in three table rooms -
  // (a table's room is its seated players' and staff's; the players here come and go, so the
  // screens that follow a table all evening are the staff's)
  const sockets: SocketWatch[] = [];
  const watch = async (name: string, room: string, token?: string) => {
    const client = await connectClient(options.url, token ? { token } : {});
    const w: SocketWatch = { name, room, client, lastSeq: 0, resyncs: 0, resyncSeq: 0 };
    client.socket.onAny((_event: string, payload: { seq?: number; room?: string }) => {
      if (typeof payload?.seq === 'number' && payload.room === room) w.lastSeq = Math.max(w.lastSeq, payload.seq);
    });
    const answer = await client.subscribe(room);
    if (!('data' in answer)) throw new Error(`subscribe ${room}: ${answer.error}`);
    w.lastSeq = Math.max(w.lastSeq, answer.data.seq);
    sockets.push(w);
  };
  await watch('tv', 'floor');
  await watch('admin', 'admin', admin);
  for (let i = 0; i < 3; i++) await watch(`staff${i}`, `table:${tables[i]!.id}`, admin);

  // --- who sits where, the admin's refunds, and how players pay by app ----------------
  const ack = (orderId: number, status: string | null) => {
    record.ackedOrders[orderId] = status;
  };
  const refunds = createRefunds({ api, admin: () => admin, seed: options.seed, record, ack, count });
  const seats = createSeats({
    api,
    admin: () => admin,
    players,
    tables,
    record,
    ack,
    count,
    gameOrder: refunds.gameOrder,
  });
  const payers = createPayers(api, options.url);
  const shop = createShop({ api, rnd, products, record, ack, count, problems });

  // --- paying ---------------------------------------------------------------------------
  const pay = (p: Player, orderId: number, method: 'vipps' | 'card' | 'physical' | 'system' | 'pay_later'): Action => ({
    who: [p],
    tables: [],
    label: `p${p.index} pays ${orderId} (${method})`,
    run: async () => {
      const fromTab = p.tab.includes(orderId);
      if (method === 'vipps') {
        await payers.vipps(p.token, orderId);
        ack(orderId, 'paid');
      } else if (method === 'card') {
        await payers.card(p.token, orderId);
        ack(orderId, 'paid');
      } else if (method === 'physical') {
        await api.post('/v1/payment/physical', { order_id: orderId }, p.token);
        // staff see it in their queue and approve after the terminal
        await api.post('/v1/order/approve', { id: orderId }, admin);
        ack(orderId, 'approved');
      } else if (method === 'system') {
        await api.post('/v1/payment/system', { order_id: orderId }, admin);
        ack(orderId, 'paid');
      } else {
        await api.post('/v1/order/pay', { id: orderId, method: 'pay_later' }, p.token);
        ack(orderId, 'pay_later');
        p.tab.push(orderId);
      }
      if (method !== 'pay_later') {
        record.ackedPayments[orderId] = method;
        refunds.paid(orderId, method);
      }
      p.pending = p.pending.filter((id) => id !== orderId);
      if (fromTab && method !== 'pay_later') p.tab = p.tab.filter((id) => id !== orderId);
      count(`pay-${method}`);
    },
  });
  const payMethod = (p: Player) => {
    const roll = rnd.next();
    if (roll < 0.25) return 'vipps' as const;
    if (roll < 0.4) return 'card' as const;
    if (roll < 0.6) return 'physical' as const;
    if (roll < 0.8 || !p.member) return 'system' as const;
    return 'pay_later' as const;
  };

  // --- what each player does next, decided in order so one seed plays one script -------
  const boughtHours = new Set<number>();
  const plan = (): Action[] => {
    const busyTables = new Set<number>();
    const busyPlayers = new Set<number>();
    const actions: Action[] = [];
    const take = (a: Action | null) => {
      if (!a || a.tables.some((t) => busyTables.has(t))) return;
      for (const t of a.tables) busyTables.add(t);
      for (const p of a.who) busyPlayers.add(p.index);
      actions.push(a);
    };
    // the admin kicks now and then, and refunds a few paid games
    take(refunds.next());
    if (rnd.chance(0.15)) {
      const seated = players.filter((p) => p.seat && !p.uncertain);
      if (seated.length) take(seats.kick(rnd.pick(seated)));
    }
    const movers = rnd
      .shuffle(players.filter((p) => p.state !== 'home' && !p.uncertain))
      .slice(0, rnd.int(6, 11))
      .filter((p) => !busyPlayers.has(p.index));
    for (const p of movers) {
      const roll = rnd.next();
      if (p.seat) {
        const here = seats.tableOf(p.seat.tableId);
        if (roll < 0.22) take(seats.togglePause(p));
        else if (roll < 0.36 && seats.freeSeats(here) > 0 && p.seat.guests.length < 2) take(seats.addGuest(p));
        else if (roll < 0.42 && p.seat.guests.length) take(seats.guestLeaves(p));
        else if (roll < 0.54) {
          const need = 1 + p.seat.guests.length;
          const targets = tables.filter((t) => t.id !== here.id && !t.paused && seats.freeSeats(t) >= need);
          if (targets.length) take(seats.switchTable(p, rnd.pick(targets)));
        } else if (roll < 0.74) take(seats.leave(p));
      } else if (p.pending.length) {
        take(pay(p, p.pending[0]!, payMethod(p)));
      } else if (roll < 0.55) {
        const open = tables.filter((t) => !t.paused && seats.freeSeats(t) > 0);
        if (open.length) take(seats.join(p, rnd.pick(open)));
      } else if (roll < 0.7) {
        take(shop.checkout(p, null));
      } else if (roll < 0.8 && !boughtHours.has(p.index)) {
        boughtHours.add(p.index);
        take(shop.checkout(p, rnd.pick(record.subscriptionProducts)));
      } else if (roll < 0.9 && p.played && !p.tab.length) {
        p.state = 'home';
        count('home');
      }
    }
    return actions;
  };

  // --- after a restart: the clock, the sockets, what was confirmed, what was not --------
  const recover = async (round: number) => {
    await setClock({ advance_ms: Math.max(0, now - Date.now()) + MINUTE, freeze: true });
    admin = await login(options.admin.email, options.admin.password);
    const until = Date.now() + 30_000;
    while (!sockets.every((w) => w.client.socket.connected)) {
      if (Date.now() > until) throw new Error('the sockets did not reconnect');
      await sleep(50);
    }
    for (const w of sockets) {
      // a new gateway knows no rooms: the client's rule is to subscribe again and take the snapshot
      const answer = await w.client.subscribe(w.room);
      if (!('data' in answer)) {
        problems.push(`round ${round}: ${w.name} could not resubscribe: ${answer.error}`);
        continue;
      }
      const snapshot: TRoomSnapshot = answer.data;
      if (snapshot.seq < w.lastSeq) {
        problems.push(`round ${round}: ${w.name}'s snapshot seq ${snapshot.seq} is behind ${w.lastSeq} it saw`);
      }
      w.lastSeq = Math.max(w.lastSeq, snapshot.seq);
      w.resyncSeq = snapshot.seq;
      w.resyncs++;
    }
    await refunds.reread();
    refunds.forgetProviderPayments();
    const { data: serverTables } = await api.get<{ data: TTable[] }>('/v1/table/all', admin);
    for (const p of players) {
      const [{ game }, { data: open }, { cart }] = await Promise.all([
        api.get<{ game: TGame | null }>('/v1/game/active', p.token),
        api.get<{ data: TOrder[] }>('/v1/order/waiting', p.token),
        api.get<{ cart: TCart }>('/v1/cart', p.token),
      ]);
      const seat = game ? seats.hostRow(game, p.id) : undefined;
      const waiting = open.filter((o) => o.status === 'waiting').map((o) => o.id);
      const tab = open.filter((o) => o.status === 'pay_later').map((o) => o.id);
      if (!p.uncertain) {
        // everything answered before the crash must be exactly as answered
        const sameSeat = (seat?.id ?? null) === (p.seat?.playerId ?? null);
        const guests = game && seat ? game.players.filter((g) => g.guest_of === seat.id && g.status === 'joined') : [];
        const sameGuests = guests.length === (p.seat?.guests.length ?? 0);
        const sameOrders =
          JSON.stringify([...waiting].sort()) === JSON.stringify([...p.pending].sort()) &&
          JSON.stringify([...tab].sort()) === JSON.stringify([...p.tab].sort());
        if (!sameSeat || !sameGuests || !sameOrders || cart.items.length) {
          problems.push(
            `round ${round}: p${p.index}'s confirmed state changed in the crash: seat ${p.seat?.playerId ?? null}→${seat?.id ?? null}, guests ${p.seat?.guests.length ?? 0}→${guests.length}, waiting ${JSON.stringify(p.pending)}→${JSON.stringify(waiting)}, tab ${JSON.stringify(p.tab)}→${JSON.stringify(tab)}, cart ${cart.items.length}`,
          );
        }
      }
      // the truth from here on, confirmed or not
      if (game && seat) seats.seatFrom(p, game);
      else {
        p.seat = null;
        if (p.state === 'seated') p.state = 'idle';
      }
      for (const id of [...waiting, ...tab]) if (!(id in record.ackedOrders)) ack(id, null);
      p.pending = waiting;
      p.tab = tab;
      // a half-filled cart from an unanswered checkout: the player starts over
      for (const item of cart.items) {
        await api.post('/v1/cart/remove', { item_id: item.id }, p.token);
        if (item.product_id !== null) shop.giveBack(item.product_id, item.count);
      }
      p.uncertain = false;
    }
    for (const st of serverTables) {
      const t = seats.tableOf(st.id);
      t.gameId = st.game_id;
      t.paused = st.status === 'paused';
      if (st.game_id !== null) seats.sawGame(st.game_id);
    }
    // stock as the server has it: a checkout that was not answered may have taken some
    const { data: shelf } = await api.get<{ data: TProduct[] }>('/v1/product/all?all=1', admin);
    shop.stockFrom(shelf);
    count('recoveries');
  };

  const perform = async (round: number, actions: Action[]) => {
    const failed: { action: Action; error: unknown }[] = [];
    const outcomes = await Promise.allSettled([
      ...actions.map(async (a) => {
        try {
          await a.run();
        } catch (error) {
          failed.push({ action: a, error });
        }
      }),
      options.duringRound?.(round),
    ]);
    for (const o of outcomes) if (o.status === 'rejected') throw o.reason;
    const restarted = (await options.afterRound?.(round)) ?? false;
    for (const { action, error } of failed) {
      const unanswered = error instanceof Unreachable || (error instanceof Refused && error.status === 503);
      // across a restart a chain of calls may break anywhere (a Vipps simulator forgets its
      // payments): what happened is read back from the server and checked there
      if (!unanswered && !restarted) {
        throw new Error(`round ${round}, ${action.label}: ${error instanceof Error ? error.message : String(error)}`);
      }
      for (const p of action.who) p.uncertain = true;
      count(unanswered ? 'unanswered' : 'broken-by-restart');
      if (!unanswered) tolerated.push(`round ${round}, ${action.label}: ${String(error)}`);
    }
    if (restarted) await recover(round);
  };

  // --- the evening ----------------------------------------------------------------------
  for (let round = 1; round <= rounds; round++) {
    await setClock({ advance_ms: rnd.int(4, 12) * MINUTE });
    const actions = plan();
    log(`round ${round}: ${actions.map((a) => a.label).join('; ')}`);
    await perform(round, actions);
  }
  // closing time: everyone leaves and settles; tabs stay open for members, some are paid
  for (let round = rounds + 1; round <= rounds + 12; round++) {
    await setClock({ advance_ms: 5 * MINUTE });
    const busy = new Set<number>();
    const actions: Action[] = [];
    for (const p of players) {
      if (p.uncertain) continue;
      let a: Action | null = null;
      if (p.seat) a = busy.has(p.seat.tableId) ? null : seats.leave(p);
      else if (p.pending.length)
        a = pay(p, p.pending[0]!, p.member ? payMethod(p) : rnd.pick(['vipps', 'card', 'system'] as const));
      else if (p.tab.length && rnd.chance(0.5)) a = pay(p, p.tab[0]!, 'system');
      if (!a) continue;
      for (const t of a.tables) busy.add(t);
      actions.push(a);
    }
    const done = !actions.length && players.every((p) => !p.uncertain);
    if (done) break;
    log(`closing ${round}: ${actions.map((a) => a.label).join('; ')}`);
    await perform(round, actions);
  }
  await refunds.reread();
  record.endedAt = new Date(now).toISOString();
  // the last events reach the sockets
  await sleep(300);
  return {
    record,
    adminToken: admin,
    sockets,
    stats,
    api,
    problems,
    tolerated,
    close: () => {
      for (const w of sockets) w.client.close();
    },
  };
}

export type { TUserSubscription };
export { refusalKey };

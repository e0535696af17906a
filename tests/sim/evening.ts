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
 */

import { connectClient } from '@club/realtime/testing';
import type { TOrder, TOrderDetail, TPaymentStatus } from '@club/shared/orders';
import type { TRoomSnapshot } from '@club/shared/realtime';
import type { TCart, TProduct, TSubscriptionProduct, TUserSubscription } from '@club/shared/shop';
import type { TGame, TTable } from '@club/shared/tables';
import { createApi, Refused, refusalKey, Unreachable } from './api.ts';
import { setUpClub } from './evening-club.ts';
import type { EveningOptions, EveningRecord, EveningResult, Player, SocketWatch, TableModel } from './evening-model.ts';
import { createRandom, type Random } from './prng.ts';

const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Action = { who: Player[]; tables: number[]; run: () => Promise<void>; label: string };

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
  const sawGame = (id: number) => {
    if (!record.gameIds.includes(id)) record.gameIds.push(id);
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
  const stock = new Map(products.map((p) => [p.id, p.count]));
  log(`club ready: ${tables.length} tables, ${players.length} players`);

  // --- sockets: the floor (TV), the admin room, and phones in three table rooms ---------
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
  for (let i = 0; i < 3; i++) await watch(`phone${i}`, `table:${tables[i]!.id}`, players[i]!.token);

  // --- the model's views --------------------------------------------------------------
  const tableOf = (id: number) => tables.find((t) => t.id === id)!;
  const seatsUsed = (tableId: number) =>
    players.reduce((sum, p) => sum + (p.seat?.tableId === tableId ? 1 + p.seat.guests.length : 0), 0);
  const freeSeats = (t: TableModel) => t.capacity - seatsUsed(t.id);
  const hostRow = (game: TGame, userId: number) =>
    game.players.find((r) => r.user_id === userId && r.guest_of === null && r.status === 'joined');

  const ack = (orderId: number, status: string | null) => {
    record.ackedOrders[orderId] = status;
  };

  /** the server's game, and the model follows it (the table's game, pause, the seat) */
  const seatFrom = (p: Player, game: TGame) => {
    sawGame(game.id);
    const row = hostRow(game, p.id);
    if (!row) throw new Error(`player ${p.index} is not in game ${game.id}`);
    const t = tableOf(game.table_id);
    t.gameId = game.id;
    t.paused = game.status === 'paused';
    p.seat = {
      tableId: game.table_id,
      gameId: game.id,
      playerId: row.id,
      guests: game.players
        .filter((g) => g.guest_of === row.id && g.status === 'joined')
        .map((g) => ({ name: g.name, playerId: g.id })),
    };
    p.state = 'seated';
    p.played = true;
  };
  /** the player's seat is gone (left or kicked): the table empties when nobody is left */
  const unseat = (p: Player) => {
    const t = p.seat ? tableOf(p.seat.tableId) : null;
    p.seat = null;
    p.state = 'idle';
    if (t && seatsUsed(t.id) === 0) {
      t.gameId = null;
      t.paused = false;
    }
  };

  /** game orders, and those of them paid (not on a tab) that no refund has been chosen for */
  const gameOrders = new Set<number>();
  const refundable: { orderId: number; method: string }[] = [];
  /** orders whose refund got no answer: what happened is read back, never asked again */
  const unsettledRefunds = new Set<number>();
  const orderOf = (id: number, token: string) => api.get<{ order: TOrderDetail }>(`/v1/order/${id}`, token);

  /** a game order just written: settled at once when free, else the player owes it */
  const owe = async (p: Player, orderId: number) => {
    gameOrders.add(orderId);
    ack(orderId, 'waiting');
    const { order } = await orderOf(orderId, p.token);
    if (order.status === 'waiting') p.pending.push(orderId);
    else ack(orderId, order.status);
  };

  // --- actions --------------------------------------------------------------------------
  const join = (p: Player, t: TableModel): Action => ({
    who: [p],
    tables: [t.id],
    label: `p${p.index} joins ${t.id}`,
    run: async () => {
      const { game } = await api.post<{ game: TGame }>('/v1/game/join', { table_id: t.id }, p.token);
      seatFrom(p, game);
      count('join');
    },
  });
  const addGuest = (p: Player): Action => ({
    who: [p],
    tables: [p.seat!.tableId],
    label: `p${p.index} brings a guest`,
    run: async () => {
      const name = `Gjest ${p.index}-${++p.guestsBrought}`;
      const { game } = await api.post<{ game: TGame }>(
        '/v1/game/join-guest',
        { game_id: p.seat!.gameId, name },
        p.token,
      );
      seatFrom(p, game);
      count('guest');
    },
  });
  const guestLeaves = (p: Player): Action => ({
    who: [p],
    tables: [p.seat!.tableId],
    label: `a guest of p${p.index} goes home`,
    run: async () => {
      const guest = p.seat!.guests[0]!;
      await api.post('/v1/game/leave', { game_id: p.seat!.gameId, player_id: guest.playerId }, p.token);
      p.seat!.guests = p.seat!.guests.filter((g) => g !== guest);
      count('guest-leave');
    },
  });
  const togglePause = (p: Player): Action => {
    const t = tableOf(p.seat!.tableId);
    return {
      who: [p],
      tables: [t.id],
      label: `p${p.index} ${t.paused ? 'resumes' : 'pauses'} ${t.id}`,
      run: async () => {
        const path = t.paused ? '/v1/game/unpause' : '/v1/game/pause';
        const { game } = await api.post<{ game: TGame }>(path, { game_id: p.seat!.gameId }, p.token);
        t.paused = game.status === 'paused';
        count(t.paused ? 'pause' : 'unpause');
      },
    };
  };
  const switchTable = (p: Player, to: TableModel): Action => ({
    who: [p],
    tables: [p.seat!.tableId, to.id],
    label: `p${p.index} switches ${p.seat!.tableId} → ${to.id}`,
    run: async () => {
      const { game } = await api.post<{ game: TGame }>(
        '/v1/game/switch-table',
        { game_id: p.seat!.gameId, table_id: to.id },
        p.token,
      );
      const from = tableOf(p.seat!.tableId);
      p.seat = null;
      if (seatsUsed(from.id) === 0) {
        from.gameId = null;
        from.paused = false;
      }
      seatFrom(p, game);
      count('switch');
    },
  });
  const leave = (p: Player): Action => ({
    who: [p],
    tables: [p.seat!.tableId],
    label: `p${p.index} leaves ${p.seat!.tableId}`,
    run: async () => {
      const { order_id } = await api.post<{ order_id: number }>('/v1/game/leave', { game_id: p.seat!.gameId }, p.token);
      unseat(p);
      await owe(p, order_id);
      count('leave');
    },
  });
  const kick = (p: Player): Action => ({
    who: [p],
    tables: [p.seat!.tableId],
    label: `admin kicks p${p.index}`,
    run: async () => {
      const { order_id } = await api.post<{ order_id: number }>(
        '/v1/game/kick',
        { game_id: p.seat!.gameId, player_id: p.seat!.playerId },
        admin,
      );
      unseat(p);
      await owe(p, order_id);
      count('kick');
    },
  });
  const shop = (p: Player, withSubscription: TSubscriptionProduct | null): Action | null => {
    // decided now, not when the request runs: concurrent actions must not share the dice
    const wanted = new Map<number, number>();
    for (const product of rnd.shuffle(products).slice(0, rnd.int(withSubscription ? 0 : 1, 2))) {
      const n = Math.min(rnd.int(1, 3), stock.get(product.id)!);
      if (n > 0) wanted.set(product.id, n);
    }
    const cancels = !withSubscription && rnd.chance(0.12);
    if (!wanted.size && !withSubscription) return null;
    for (const [id, n] of wanted) stock.set(id, stock.get(id)! - n);
    return {
      who: [p],
      tables: [],
      label: `p${p.index} ${withSubscription ? 'buys prepaid hours' : 'shops'}`,
      run: async () => {
        let cart: TCart | undefined;
        for (const [id, n] of wanted) {
          // one product in two steps: add one, then set the count (both cart calls in use)
          cart = (await api.post<{ cart: TCart }>('/v1/cart/add', { product_id: id, count: 1 }, p.token)).cart;
          if (n > 1) {
            const item = cart.items.find((i) => i.product_id === id)!;
            cart = (await api.post<{ cart: TCart }>('/v1/cart/update', { item_id: item.id, count: n }, p.token)).cart;
          }
        }
        if (withSubscription) {
          cart = (
            await api.post<{ cart: TCart }>('/v1/cart/add', { subscription_id: withSubscription.id, count: 1 }, p.token)
          ).cart;
        }
        const { order } = await api.post<{ order: TOrder }>('/v1/order/init', {}, p.token);
        ack(order.id, 'waiting');
        const items: Record<string, number> = {};
        for (const [id, n] of wanted) items[`product:${id}`] = n;
        if (withSubscription) items[`subscription:${withSubscription.id}`] = 1;
        record.ackedCheckouts[order.id] = items;
        if (cart && order.total !== cart.total) {
          problems.push(`checkout ${order.id}: total ${order.total} but the cart said ${cart.total}`);
        }
        count(withSubscription ? 'buy-hours' : 'shop');
        // now and then the player changes their mind: the stock comes back
        if (cancels) {
          await api.post('/v1/order/cancel', { id: order.id }, p.token);
          ack(order.id, 'canceled');
          for (const [id, n] of wanted) stock.set(id, stock.get(id)! + n);
          count('cancel');
          return;
        }
        p.pending.push(order.id);
      },
    };
  };

  const referenceOf = (redirect: string) => new URL(redirect).searchParams.get('token')!;
  const vipps = async (p: Player, orderId: number) => {
    const started = await api.post<{ redirect_url: string | null }>(
      '/v1/payment/vipps/init',
      { order_id: orderId, phone: '912 34 567' },
      p.token,
    );
    const reference = referenceOf(started.redirect_url!);
    // the payer approves on the simulator's page, as a phone would (the form posts here)
    const res = await fetch(`${options.url}/vipps-sim/landing/approve`, {
      method: 'POST',
      body: new URLSearchParams({ token: reference }),
      redirect: 'manual',
    }).catch((error: unknown) => {
      throw new Unreachable('vipps approve', error);
    });
    if (res.status !== 303) throw new Error(`vipps approve ${reference}: ${res.status}`);
    await settledBy(p, orderId, 'Vipps');
  };
  /** the webhook usually settles it; the status call asks the provider when it is late */
  const settledBy = async (p: Player, orderId: number, provider: string) => {
    const until = Date.now() + 30_000;
    for (;;) {
      const { status } = await api.get<{ status: TPaymentStatus }>(`/v1/payment/status/${orderId}`, p.token);
      if (status.order_status === 'paid') return;
      if (Date.now() > until) throw new Error(`order ${orderId} not paid by ${provider}: ${JSON.stringify(status)}`);
      await sleep(50);
    }
  };
  const simFetch = (path: string, init?: RequestInit) =>
    fetch(`${options.url}${path}`, init).catch((error: unknown) => {
      throw new Unreachable(path, error);
    });
  const card = async (p: Player, orderId: number) => {
    const started = await api.post<{ redirect_url: string }>('/v1/payment/card/init', { order_id: orderId }, p.token);
    // the payer presses "pay" on the simulator's hosted page, as a browser would
    const page = new URL(started.redirect_url);
    const html = await (await simFetch(page.pathname)).text();
    const form = /<form method="post" action="([^"]+)"><button class="pay"/.exec(html)?.[1];
    if (!form) throw new Error(`card page ${page.pathname} has no pay button`);
    const res = await simFetch(new URL(form, page).pathname, { method: 'POST', redirect: 'manual' });
    if (res.status !== 303) throw new Error(`card pay ${page.pathname}: ${res.status}`);
    await settledBy(p, orderId, 'card');
  };
  const pay = (p: Player, orderId: number, method: 'vipps' | 'card' | 'physical' | 'system' | 'pay_later'): Action => ({
    who: [p],
    tables: [],
    label: `p${p.index} pays ${orderId} (${method})`,
    run: async () => {
      const fromTab = p.tab.includes(orderId);
      if (method === 'vipps') {
        await vipps(p, orderId);
        ack(orderId, 'paid');
      } else if (method === 'card') {
        await card(p, orderId);
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
        if (gameOrders.has(orderId)) refundable.push({ orderId, method });
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

  // the admin gives money back on a paid game: a share of what is left, or all of it
  // on their own dice, so that choosing refunds does not reshuffle what the players do
  const refundDice: Random = createRandom(options.seed * 17 + 3);
  let fullRefunds = 0;
  let refundsChosen = 0;
  const refund = (orderId: number, full: boolean, share: number): Action => ({
    who: [],
    tables: [],
    label: `admin refunds ${full ? 'all of' : `${share * 10}0 % of`} ${orderId}`,
    run: async () => {
      const { order } = await api.get<{ order: TOrderDetail }>(`/v1/order/${orderId}`, admin);
      const left = order.total - order.refunded_amount;
      if (!['paid', 'approved'].includes(order.status) || left <= 0) {
        count('refund-skipped');
        return;
      }
      const amount = full ? left : Math.max(1, Math.floor((left * share) / 10));
      try {
        await api.post(
          '/v1/order/refund',
          { id: orderId, ...(full ? {} : { amount }), reason: full ? 'Feil bord' : 'Kø ved bordet' },
          admin,
        );
      } catch (error) {
        unsettledRefunds.add(orderId);
        throw error;
      }
      record.refunds[orderId] = [...(record.refunds[orderId] ?? []), amount];
      if (amount === left) ack(orderId, 'refunded');
      count(full ? 'refund-full' : 'refund-partial');
    },
  });
  /** a refund on a paid game, of the method refunded least so far */
  const chooseRefund = (): Action | null => {
    if (!refundable.length) return null;
    const given = (method: string) =>
      Object.keys(record.refunds).filter((id) => record.ackedPayments[Number(id)] === method).length;
    // payments of one round finish in any order: the dice pick from a sorted list
    refundable.sort((a, b) => a.orderId - b.orderId);
    const least = Math.min(...refundable.map((r) => given(r.method)));
    const pick = refundDice.pick(refundable.filter((r) => given(r.method) === least));
    refundable.splice(refundable.indexOf(pick), 1);
    const full = fullRefunds < 2 && refundDice.chance(0.35);
    if (full) fullRefunds++;
    refundsChosen++;
    return refund(pick.orderId, full, refundDice.int(1, 9));
  };
  /** an unanswered refund may or may not have been made: the order says which */
  const rereadRefunds = async () => {
    for (const orderId of unsettledRefunds) {
      const { order } = await api.get<{ order: TOrderDetail }>(`/v1/order/${orderId}`, admin);
      const made = order.refunds.filter((r) => r.state === 'SUCCEEDED').map((r) => r.amount);
      if (made.length) record.refunds[orderId] = made;
      else delete record.refunds[orderId];
      ack(orderId, order.status);
      unsettledRefunds.delete(orderId);
      count('refund-reread');
    }
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
    if (refundsChosen < 7 && refundDice.chance(0.3)) take(chooseRefund());
    if (rnd.chance(0.15)) {
      const seated = players.filter((p) => p.seat && !p.uncertain);
      if (seated.length) take(kick(rnd.pick(seated)));
    }
    const movers = rnd
      .shuffle(players.filter((p) => p.state !== 'home' && !p.uncertain))
      .slice(0, rnd.int(6, 11))
      .filter((p) => !busyPlayers.has(p.index));
    for (const p of movers) {
      const roll = rnd.next();
      if (p.seat) {
        const here = tableOf(p.seat.tableId);
        if (roll < 0.22) take(togglePause(p));
        else if (roll < 0.36 && freeSeats(here) > 0 && p.seat.guests.length < 2) take(addGuest(p));
        else if (roll < 0.42 && p.seat.guests.length) take(guestLeaves(p));
        else if (roll < 0.54) {
          const need = 1 + p.seat.guests.length;
          const targets = tables.filter((t) => t.id !== here.id && !t.paused && freeSeats(t) >= need);
          if (targets.length) take(switchTable(p, rnd.pick(targets)));
        } else if (roll < 0.74) take(leave(p));
      } else if (p.pending.length) {
        take(pay(p, p.pending[0]!, payMethod(p)));
      } else if (roll < 0.55) {
        const open = tables.filter((t) => !t.paused && freeSeats(t) > 0);
        if (open.length) take(join(p, rnd.pick(open)));
      } else if (roll < 0.7) {
        take(shop(p, null));
      } else if (roll < 0.8 && !boughtHours.has(p.index)) {
        boughtHours.add(p.index);
        take(shop(p, rnd.pick(record.subscriptionProducts)));
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
    await rereadRefunds();
    // the payment simulators live in the kiosk's process and start empty: a payment made
    // before the restart is unknown to them, and a refund of it is refused, as a real
    // provider refuses a payment it does not have; such orders are no longer refunded
    for (let i = refundable.length - 1; i >= 0; i--) {
      if (['vipps', 'card'].includes(refundable[i]!.method)) refundable.splice(i, 1);
    }
    const { data: serverTables } = await api.get<{ data: TTable[] }>('/v1/table/all', admin);
    for (const p of players) {
      const [{ game }, { data: open }, { cart }] = await Promise.all([
        api.get<{ game: TGame | null }>('/v1/game/active', p.token),
        api.get<{ data: TOrder[] }>('/v1/order/waiting', p.token),
        api.get<{ cart: TCart }>('/v1/cart', p.token),
      ]);
      const seat = game ? hostRow(game, p.id) : undefined;
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
      if (game && seat) seatFrom(p, game);
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
        if (item.product_id !== null) stock.set(item.product_id, stock.get(item.product_id)! + item.count);
      }
      p.uncertain = false;
    }
    for (const st of serverTables) {
      const t = tableOf(st.id);
      t.gameId = st.game_id;
      t.paused = st.status === 'paused';
      if (st.game_id !== null) sawGame(st.game_id);
    }
    // stock as the server has it: a checkout that was not answered may have taken some
    const { data: shelf } = await api.get<{ data: TProduct[] }>('/v1/product/all?all=1', admin);
    for (const product of shelf) if (stock.has(product.id)) stock.set(product.id, product.count);
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
      if (p.seat) a = busy.has(p.seat.tableId) ? null : leave(p);
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
  await rereadRefunds();
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

/**
 * The evening's books, checked through the admin API only: every game
 * order is what the shared billing function makes of the billing data the API shows for its
 * players; every shop order is its lines; every payment belongs to exactly one order and
 * pays it exactly; stock and prepaid minutes add up; nothing is missing, doubled or left
 * half-open. Answers a list of problems (empty when the books balance) and some totals.
 */
import { computeBill, playerBillingInput } from '@club/shared/bill';
import type { TOrder, TOrderDetail } from '@club/shared/orders';
import type { TReport } from '@club/shared/reports';
import type { TProduct, TUserSubscription } from '@club/shared/shop';
import type { TGame, TTable } from '@club/shared/tables';
import type { Api } from './api.ts';
import type { EveningRecord } from './evening-model.ts';

/** a player's row with the billing input its game's answer gives (the game's pauses put back) */
type Row = TGame['players'][number] & { input: ReturnType<typeof playerBillingInput> };

export interface Reconciliation {
  problems: string[];
  totals: {
    orders: number;
    gameOrders: number;
    shopOrders: number;
    paid: number;
    revenue: number;
    vippsPayments: number;
    openPayments: number;
    games: number;
    sessions: number;
    subscriptionMinutesUsed: number;
    refunds: number;
    net: number;
  };
}

const SETTLED = ['paid', 'approved'];

export async function reconcile(api: Api, admin: string, record: EveningRecord): Promise<Reconciliation> {
  const problems: string[] = [];
  const problem = (line: string) => problems.push(line);

  // every order of the evening's players (the club had no others)
  const orders: TOrder[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.get<{ data: TOrder[]; last_page: number }>(`/v1/order/all?page=${page}`, admin);
    orders.push(...answer.data);
    if (page >= answer.last_page) break;
  }
  const users = new Set(record.userIds);
  for (const o of orders) if (o.user_id === null || !users.has(o.user_id)) problem(`order ${o.id} of a stranger`);
  const byId = new Map<number, TOrder>();
  for (const o of orders) {
    if (byId.has(o.id)) problem(`order ${o.id} listed twice`);
    byId.set(o.id, o);
  }
  const details = new Map<number, TOrderDetail>();
  for (let i = 0; i < orders.length; i += 8) {
    const batch = orders.slice(i, i + 8);
    const got = await Promise.all(
      batch.map((o) => api.get<{ order: TOrderDetail }>(`/v1/order/${o.id}`, admin).then((a) => a.order)),
    );
    for (const d of got) details.set(d.id, d);
  }

  // answered writes were kept: every confirmed order is there, in the confirmed final state
  for (const [id, status] of Object.entries(record.ackedOrders)) {
    const o = byId.get(Number(id));
    if (!o) {
      problem(`confirmed order ${id} is missing`);
      continue;
    }
    if (status && ['paid', 'approved', 'canceled', 'pay_later', 'refunded'].includes(status) && o.status !== status) {
      // a tab (pay_later) may be paid later; a final state never changes
      if (!(status === 'pay_later' && SETTLED.includes(o.status))) {
        problem(`order ${id} was confirmed ${status} but is ${o.status}`);
      }
    }
  }
  for (const [id, items] of Object.entries(record.ackedCheckouts)) {
    const o = byId.get(Number(id));
    if (!o) continue;
    const got: Record<string, number> = {};
    for (const item of o.items) {
      const key = `${item.kind}:${item.kind === 'product' ? productIdOf(item.description, record) : subscriptionIdOf(item.description, record)}`;
      got[key] = (got[key] ?? 0) + item.quantity;
    }
    if (JSON.stringify(sorted(got)) !== JSON.stringify(sorted(items))) {
      problem(`checkout ${id}: lines ${JSON.stringify(got)}, the cart was ${JSON.stringify(items)}`);
    }
  }

  // --- games: every player row the API shows, and their billing data --------------------
  const games: TGame[] = [];
  for (const id of record.gameIds) games.push((await api.get<{ game: TGame }>(`/v1/game/${id}`, admin)).game);
  const rows = new Map<number, Row>();
  for (const g of games) {
    if (g.status !== 'ended' || !g.ended_at) problem(`game ${g.id} is still ${g.status}`);
    for (const player of g.players) {
      const r = { ...player, input: playerBillingInput(g, player.billing) };
      rows.set(r.id, r);
      if (r.status === 'joined' || !r.left_at)
        problem(`player row ${r.id} (${r.name}) in game ${g.id} is still ${r.status}`);
    }
  }
  const { data: tables } = await api.get<{ data: TTable[] }>('/v1/table/all', admin);
  for (const t of tables) {
    if (t.status !== 'free' || t.game_id !== null) problem(`table ${t.id} is ${t.status} after closing`);
  }
  const { dashboard } = await api.get<{ dashboard: { active_games: number } }>('/v1/report/dashboard', admin);
  if (dashboard.active_games !== 0) problem(`the dashboard shows ${dashboard.active_games} active games after closing`);

  // a session ends in the host's last row (left or kicked); its guests are billed with it
  const chainOf = (row: Row): number[] => {
    const ids = [row.id];
    for (let r: Row | undefined = row; r?.previous_player_id; ) {
      ids.push(r.previous_player_id);
      r = rows.get(r.previous_player_id);
    }
    return ids;
  };
  const sessionEnds = [...rows.values()].filter(
    (r) => r.guest_of === null && (r.status === 'left' || r.status === 'kicked'),
  );
  const gameOrders = orders.filter((o) => o.kind === 'game');
  const claimed = new Map<number, number>();
  let subscriptionMinutesUsed = 0;
  const usedByUser = new Map<number, number>();
  for (const host of sessionEnds) {
    const matches = gameOrders.filter((o) => o.user_id === host.user_id && o.date === host.left_at);
    if (matches.length !== 1) {
      problem(
        `session ending in row ${host.id} (user ${host.user_id} at ${host.left_at}) has ${matches.length} orders`,
      );
      continue;
    }
    const order = matches[0]!;
    if (claimed.has(order.id)) problem(`order ${order.id} claimed by rows ${claimed.get(order.id)} and ${host.id}`);
    claimed.set(order.id, host.id);
    const chain = new Set(chainOf(host));
    const guests = [...rows.values()].filter(
      (r) => r.guest_of !== null && chain.has(r.guest_of) && (r.status === 'left' || r.status === 'kicked'),
    );
    let total = 0;
    let discount = 0;
    let minutes = 0;
    for (const r of [host, ...guests]) {
      const bill = computeBill(r.input, r.left_at!);
      total += bill.total;
      discount += bill.discount;
      if (r === host) minutes = bill.subscription_minutes;
    }
    const lines = order.items.reduce((sum, i) => sum + i.total, 0);
    const orderMinutes = order.items.reduce((sum, i) => sum + (i.subscription_minutes ?? 0), 0);
    if (order.total !== total)
      problem(`game order ${order.id}: total ${order.total}, the billing function says ${total}`);
    if (order.subtotal !== lines)
      problem(`game order ${order.id}: subtotal ${order.subtotal} but its lines add to ${lines}`);
    if (order.discount_amount !== discount)
      problem(`game order ${order.id}: discount ${order.discount_amount}, billed ${discount}`);
    if (orderMinutes !== minutes) problem(`game order ${order.id}: ${orderMinutes} prepaid minutes, billed ${minutes}`);
    subscriptionMinutesUsed += minutes;
    usedByUser.set(host.user_id!, (usedByUser.get(host.user_id!) ?? 0) + minutes);
  }
  for (const o of gameOrders) if (!claimed.has(o.id)) problem(`game order ${o.id} belongs to no session`);

  // --- shop orders are their lines, at the catalogue's prices -----------------------------
  const { data: shelf } = await api.get<{ data: TProduct[] }>('/v1/product/all?all=1', admin);
  const price = new Map(shelf.map((p) => [p.name, p.price]));
  const hours = new Map(record.subscriptionProducts.map((s) => [s.name, s]));
  const sold = new Map<string, number>();
  const boughtMinutes = new Map<number, number>();
  const boughtCount = new Map<number, number>();
  for (const o of orders.filter((x) => x.kind === 'shop')) {
    let lines = 0;
    for (const item of o.items) {
      lines += item.total;
      if (item.total !== item.quantity * item.unit_price) problem(`order ${o.id}: line ${item.description} miscounted`);
      const listPrice = item.kind === 'product' ? price.get(item.description) : hours.get(item.description)?.price;
      if (listPrice !== item.unit_price)
        problem(`order ${o.id}: ${item.description} at ${item.unit_price}, listed ${listPrice}`);
      if (item.kind === 'product' && !['canceled', 'deleted'].includes(o.status)) {
        sold.set(item.description, (sold.get(item.description) ?? 0) + item.quantity);
      }
      if (item.kind === 'subscription' && SETTLED.includes(o.status)) {
        const s = hours.get(item.description);
        boughtMinutes.set(o.user_id!, (boughtMinutes.get(o.user_id!) ?? 0) + item.quantity * (s?.duration ?? 0) * 60);
        boughtCount.set(o.user_id!, (boughtCount.get(o.user_id!) ?? 0) + item.quantity);
      }
    }
    if (o.subtotal !== lines || o.total !== lines - o.discount_amount) {
      problem(`shop order ${o.id}: subtotal ${o.subtotal}, total ${o.total}, lines ${lines}`);
    }
  }

  // --- stock: what the evening began with, less what was sold -----------------------------
  for (const product of shelf) {
    const initial = record.initialStock[product.id];
    if (initial === undefined) continue;
    const out = sold.get(product.name) ?? 0;
    if (initial - out !== product.count) {
      problem(`stock of ${product.name}: ${initial} − ${out} sold ≠ ${product.count} on the shelf`);
    }
  }

  // --- prepaid minutes: bought − used = remaining ---------------------------------------
  for (const userId of record.userIds) {
    const { data: mine } = await api.get<{ data: TUserSubscription[] }>(`/v1/user/${userId}/subscriptions`, admin);
    const bought = boughtMinutes.get(userId) ?? 0;
    const used = usedByUser.get(userId) ?? 0;
    const remaining = mine.reduce((sum, s) => sum + s.remaining_minutes, 0);
    if (mine.length !== (boughtCount.get(userId) ?? 0)) {
      problem(`user ${userId} has ${mine.length} prepaid hours, paid for ${boughtCount.get(userId) ?? 0}`);
    }
    if (bought - used !== remaining) {
      problem(`user ${userId}: ${bought} prepaid minutes bought − ${used} used ≠ ${remaining} remaining`);
    }
  }

  // --- payments: each belongs to one order and pays exactly its total ---------------------
  const references = new Map<string, number>();
  let vippsPayments = 0;
  let openPayments = 0;
  for (const d of details.values()) {
    for (const p of d.payments) {
      vippsPayments++;
      const seen = references.get(p.reference);
      if (seen !== undefined && seen !== d.id) problem(`payment ${p.reference} on orders ${seen} and ${d.id}`);
      references.set(p.reference, d.id);
    }
    const captured = d.payments.filter((p) => p.state === 'CAPTURED');
    const byProvider = d.method === 'vipps' || d.method === 'card';
    const settledBy = d.timeline?.filter((e) => e.to === 'paid' || e.to === 'approved') ?? [];
    if (settledBy.length > 1) problem(`order ${d.id} was settled ${settledBy.length} times`);
    if ((d.status === 'paid' || d.status === 'refunded') && byProvider) {
      if (captured.length !== 1 || captured[0]!.provider !== d.method) {
        problem(`order ${d.id} paid by ${d.method} with ${captured.length} captured payments`);
      } else if (captured[0]!.amount !== d.total) {
        problem(`order ${d.id}: ${d.method} captured ${captured[0]!.amount}, the order is ${d.total}`);
      }
    } else if (captured.length) {
      problem(`order ${d.id} (${d.status}, ${d.method}) has a captured provider payment`);
    }
    if (d.status === 'approved' && d.method !== 'physical') problem(`order ${d.id} approved but paid by ${d.method}`);
    if (d.status === 'paid' && d.method === null && d.total !== 0) problem(`order ${d.id} paid by no method`);
    if (d.status === 'waiting') problem(`order ${d.id} is still waiting after closing`);
    // an open payment on a settled order is fine: if the payer approved it now, settling
    // would cancel it at Vipps (the money reserved goes back), never capture it
    if (d.payments.some((p) => ['CREATED', 'AUTHORIZED'].includes(p.state)) && d.status !== 'waiting') openPayments++;
  }

  const money = await reconcileRefunds(api, admin, record, orders, details, problem);
  const settled = orders.filter((o) => SETTLED.includes(o.status));
  return {
    problems,
    totals: {
      orders: orders.length,
      gameOrders: gameOrders.length,
      shopOrders: orders.length - gameOrders.length,
      paid: settled.length,
      revenue: settled.reduce((sum, o) => sum + o.total, 0),
      vippsPayments,
      openPayments,
      games: games.length,
      sessions: sessionEnds.length,
      subscriptionMinutesUsed,
      ...money,
    },
  };
}

const sorted = (o: Record<string, number>) =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));

// shop lines name what they sold; the evening's catalogue has unique names
function productIdOf(name: string, record: EveningRecord) {
  return record.productNames[name] ?? name;
}
function subscriptionIdOf(name: string, record: EveningRecord) {
  return record.subscriptionProducts.find((s) => s.name === name)?.id ?? name;
}

/**
 * Money in − refunds = net, per method and in total, to the øre: the refunds the evening was
 * answered (or read back) must be exactly the ones made, a fully refunded order is
 * `refunded`, and the admin's kiosk report must say the same sums.
 */
async function reconcileRefunds(
  api: Api,
  admin: string,
  record: EveningRecord,
  orders: TOrder[],
  details: Map<number, TOrderDetail>,
  problem: (line: string) => void,
) {
  const inBy = new Map<string, number>();
  const backBy = new Map<string, number>();
  const add = (m: Map<string, number>, key: string, amount: number) => m.set(key, (m.get(key) ?? 0) + amount);
  for (const o of orders) {
    if (!['paid', 'approved', 'refunded'].includes(o.status) || o.method === null) continue;
    add(inBy, o.method, o.total);
    const d = details.get(o.id)!;
    const made = d.refunds.filter((r) => r.state === 'SUCCEEDED');
    const madeSum = made.reduce((s, r) => s + r.amount, 0);
    for (const r of made) {
      if (r.method !== o.method) problem(`order ${o.id} paid by ${o.method} refunded by ${r.method}`);
      add(backBy, o.method, r.amount);
    }
    const recorded = record.refunds[o.id] ?? [];
    if (JSON.stringify([...recorded].sort()) !== JSON.stringify(made.map((r) => r.amount).sort())) {
      problem(
        `order ${o.id}: refunds ${JSON.stringify(made.map((r) => r.amount))}, the evening made ${JSON.stringify(recorded)}`,
      );
    }
    if (madeSum > o.total) problem(`order ${o.id}: refunded ${madeSum} of ${o.total}`);
    if ((madeSum === o.total && o.total > 0) !== (o.status === 'refunded')) {
      problem(`order ${o.id}: ${madeSum} of ${o.total} refunded, but it is ${o.status}`);
    }
    const method = record.ackedPayments[o.id];
    if (method && method !== o.method) problem(`order ${o.id} was confirmed paid by ${method} but is ${o.method}`);
  }
  for (const id of Object.keys(record.refunds)) {
    if (!orders.some((o) => o.id === Number(id) && o.method !== null)) problem(`refunded order ${id} is not a sale`);
  }
  const sum = (m: Map<string, number>) => [...m.values()].reduce((s, v) => s + v, 0);
  const moneyIn = sum(inBy);
  const refunds = sum(backBy);
  const recordedRefunds = Object.values(record.refunds)
    .flat()
    .reduce((s, v) => s + v, 0);
  if (recordedRefunds !== refunds) problem(`the evening refunded ${recordedRefunds}, the orders show ${refunds}`);

  const day = (iso: string, offset: number) =>
    new Date(Date.parse(iso) + offset * 86_400_000).toISOString().slice(0, 10);
  const { report } = await api.get<{ report: TReport }>(
    `/v1/report/kiosk?from=${day(record.startedAt, -1)}&to=${day(record.endedAt, 1)}`,
    admin,
  );
  const t = report.totals;
  if (t.revenue !== moneyIn || t.refunds !== refunds || t.net !== moneyIn - refunds) {
    problem(
      `report: ${t.revenue} in − ${t.refunds} refunds = ${t.net}, the orders say ${moneyIn} − ${refunds} = ${moneyIn - refunds}`,
    );
  }
  const rows = report.sections.find((s) => s.id === 'by_method')?.rows ?? [];
  for (const method of new Set([...inBy.keys(), ...rows.map((r) => String(r.method))])) {
    const row = rows.find((r) => r.method === method);
    const got = row ? [Number(row.revenue), Number(row.refunds), Number(row.net)] : [0, 0, 0];
    const want = [inBy.get(method) ?? 0, backBy.get(method) ?? 0, (inBy.get(method) ?? 0) - (backBy.get(method) ?? 0)];
    if (got.join() !== want.join()) {
      problem(
        `report, ${method}: ${got[0]} in − ${got[1]} refunds = ${got[2]}, the orders say ${want.join(' − ').replace(/ − (\d+)$/, ' = $1')}`,
      );
    }
  }
  return { refunds, net: moneyIn - refunds };
}

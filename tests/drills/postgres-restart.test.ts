/**
 * Drill: PostgreSQL stops (fast shutdown) while players join, leave, buy
 * and register, and starts again. While it is down every API answer is a prompt 503
 * `error.service_unavailable`; the process stays up; afterwards it recovers by itself, and
 * every write it acknowledged is in the database exactly once.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPostgres, type TestPostgres } from '../support/postgres.ts';
import { type Answer, call, eventually, type KioskProcess, sleep, startKioskProcess } from './support.ts';

/** live events resume within this of the database's return (a lease would hold them 10 s) */
const LIVE_EVENTS_BACK_MS = 8000;
const ADMIN = { email: 'drill-admin@test.club', password: 'drill-admin-password' };
const PLAYERS = 6;
const STOCK = 100_000;
/** no answer may take longer than this, whatever the database does */
const BOUND_MS = 15_000;

type Phase = 'up' | 'stopping' | 'down' | 'starting' | 'recovered';
interface Logged extends Answer {
  who: string;
  what: string;
  from: Phase;
  to: Phase;
}

describe('PostgreSQL restart under load', () => {
  // a server of the drill's own: the one the other suites share must stay up
  let db: TestPostgres;
  let kiosk: KioskProcess;

  beforeAll(async () => {
    db = await startTestPostgres();
    kiosk = await startKioskProcess({
      DATABASE_URL: db.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
  }, 150_000);

  afterAll(async () => {
    await kiosk?.kill();
    await db?.stop();
  }, 60_000);

  it('answers 503 while it is down, recovers by itself and keeps every acknowledged write once', async () => {
    let phase: Phase = 'up';
    const log: Logged[] = [];
    const api = async (who: string, what: string, method: string, path: string, body?: unknown, token?: string) => {
      const from = phase;
      const started = Date.now();
      // no answer at all (a crash, a reset) is logged as status 0 and fails the drill below
      const answer = await call(kiosk.url, method, path, { body, token, timeoutMs: BOUND_MS + 5000 }).catch(
        (error: unknown): Answer => ({ status: 0, body: { error: String(error) }, ms: Date.now() - started }),
      );
      log.push({ ...answer, who, what, from, to: phase });
      if (answer.status === 0) await sleep(200);
      return answer;
    };

    // a club: tables, a well stocked product, players
    const login = async (email: string, password: string) => {
      const answer = await call(kiosk.url, 'POST', '/v1/auth/login', { body: { email, password } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.token as string;
    };
    const admin = await login(ADMIN.email, ADMIN.password);
    const tables: number[] = [];
    for (const name of ['A', 'B', 'C']) {
      const answer = await call(kiosk.url, 'POST', '/v1/table/create', {
        body: { name, capacity: 4, price_per_minute: 250 },
        token: admin,
      });
      tables.push((answer.body.table as { id: number }).id);
    }
    const product = (
      await call(kiosk.url, 'POST', '/v1/product/create', {
        body: { name: 'Cola', price: 3900, count: STOCK },
        token: admin,
      })
    ).body.product as { id: number };
    // the staff confirm each address at the counter: playing and paying need a proven one
    const confirm = async (user: unknown) => {
      const u = user as { id: number; name: string; surname: string; email: string; phone: string; role_id: number };
      const body = { id: u.id, name: u.name, surname: u.surname, email: u.email, phone: u.phone, role: u.role_id };
      const answer = await call(kiosk.url, 'POST', '/v1/user/update', {
        body: { ...body, email_verified: true },
        token: admin,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    const players: { id: number; token: string }[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const body = person(`p${i}`);
      const answer = await call(kiosk.url, 'POST', '/v1/auth/register', { body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      await confirm(answer.body.user);
      players.push({ id: (answer.body.user as { id: number }).id, token: await login(body.email, body.password) });
    }

    // a buyer who starts paying with Vipps before the outage and approves in the app during it
    const buyerBody = person('vipps');
    const buyerAnswer = await call(kiosk.url, 'POST', '/v1/auth/register', { body: buyerBody });
    expect(buyerAnswer.status).toBe(200);
    await confirm(buyerAnswer.body.user);
    const buyer = await login(buyerBody.email, buyerBody.password);
    await call(kiosk.url, 'POST', '/v1/cart/add', { body: { product_id: product.id, count: 2 }, token: buyer });
    const vippsOrder = (await call(kiosk.url, 'POST', '/v1/order/init', { body: {}, token: buyer })).body.order as {
      id: number;
      total: number;
    };
    const started = await call(kiosk.url, 'POST', '/v1/payment/vipps/init', {
      body: { order_id: vippsOrder.id, phone: '912 34 567' },
      token: buyer,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const vippsReference = new URL(started.body.redirect_url as string).searchParams.get('token')!;

    // what was acknowledged, and what was tried (an unanswered write may or may not have landed)
    const acked = {
      games: [] as number[],
      gameOrders: new Map<number, number>(),
      shopOrders: new Map<number, number>(),
    };
    const registered: string[] = [];
    const tried = new Map<number, { leave: number; init: number }>();
    let done = false;

    async function player(index: number) {
      const me = players[index]!;
      const who = `player${index}`;
      const attempts = { leave: 0, init: 0 };
      tried.set(me.id, attempts);
      let playing: number | undefined;
      const pause = (a: Answer) => sleep(a.status === 503 ? 100 : 10);
      while (!done) {
        if (playing === undefined) {
          const join = await api(who, 'join', 'POST', '/v1/game/join', { table_id: tables[index % 3] }, me.token);
          if (join.status === 200) {
            playing = (join.body.game as { id: number }).id;
            acked.games.push(playing);
          } else if (join.status !== 503) {
            // joined, but the answer was lost: ask where we are
            const active = await api(who, 'active', 'GET', '/v1/game/active', undefined, me.token);
            playing = (active.body.game as { id: number } | null | undefined)?.id;
          }
          await pause(join);
        } else {
          attempts.leave++;
          const leave = await api(who, 'leave', 'POST', '/v1/game/leave', { game_id: playing }, me.token);
          if (leave.status === 200) {
            if (typeof leave.body.order_id === 'number') acked.gameOrders.set(leave.body.order_id, me.id);
            playing = undefined;
          } else if (leave.status !== 503) playing = undefined; // left already, the answer was lost
          await pause(leave);
        }
        const add = await api(who, 'cart', 'POST', '/v1/cart/add', { product_id: product.id, count: 1 }, me.token);
        await pause(add);
        attempts.init++;
        const init = await api(who, 'checkout', 'POST', '/v1/order/init', {}, me.token);
        if (init.status === 200) acked.shopOrders.set((init.body.order as { id: number }).id, me.id);
        await pause(init);
        await pause(await api(who, 'tables', 'GET', '/v1/table/all', undefined, me.token));
        await pause(await api(who, 'orders', 'GET', '/v1/order/my', undefined, me.token));
      }
    }
    async function registrar() {
      let n = 0;
      while (!done) {
        const body = person(`r${n++}`);
        const answer = await api('registrar', 'register', 'POST', '/v1/auth/register', body);
        if (answer.status === 200) registered.push(body.email);
        await sleep(answer.status === 503 ? 100 : 20);
      }
    }
    const writes = () => log.filter((l) => l.status === 200 && l.what !== 'tables' && l.what !== 'orders').length;

    const dead = () => !kiosk.alive();
    const stillAlive = () => {
      if (dead()) throw new Error(`the kiosk process died:\n${kiosk.output().slice(-3000)}`);
    };
    const load = Promise.all([...players.map((_, i) => player(i)), registrar()]);
    try {
      await eventually(() => writes() >= 40 || dead(), 60_000, 'writes before the outage');

      phase = 'stopping';
      await db.halt();
      phase = 'down';
      const downAt = Date.now();
      await sleep(300);
      stillAlive();
      const health = await call(kiosk.url, 'GET', '/v1/health');
      expect(health).toMatchObject({ status: 200, body: { success: true, database: 'down' } });
      expect((await call(kiosk.url, 'GET', '/v1/ready')).body).toMatchObject({
        success: false,
        message: 'error.service_unavailable',
      });
      // the payer approves now: the webhook cannot settle it (the database is away)
      const approved = await fetch(`${kiosk.url}/vipps-sim/landing/approve`, {
        method: 'POST',
        body: new URLSearchParams({ token: vippsReference }),
        redirect: 'manual',
      });
      expect(approved.status).toBe(303);
      // every client meets the outage a few times, for a while
      await sleep(2500);
      await eventually(
        () =>
          dead() ||
          [...players.map((_, i) => `player${i}`), 'registrar'].every(
            (who) => log.filter((l) => l.who === who && l.from === 'down' && l.to === 'down').length >= 3,
          ),
        30_000,
        'every client answered while the database is down',
      );
      const downFor = Date.now() - downAt;
      stillAlive();

      phase = 'starting';
      await db.resume();
      phase = 'recovered';
      const upAt = Date.now();
      await eventually(async () => (await call(kiosk.url, 'GET', '/v1/ready')).status === 200, 30_000, 'ready again');
      stillAlive();
      const readyAfter = Date.now() - upAt;
      const before = writes();
      await eventually(
        () =>
          dead() ||
          (players.every((_, i) =>
            log.some(
              (l) => l.who === `player${i}` && l.from === 'recovered' && l.status === 200 && l.what === 'checkout',
            ),
          ) &&
            writes() >= before + 30),
        60_000,
        'writes again after the restart',
      );
      console.info(
        `[drill postgres-restart] ${log.length} answers; down ${downFor} ms; ready ${readyAfter} ms after start; ` +
          `slowest answer ${Math.max(...log.map((l) => l.ms))} ms; statuses while down: ` +
          JSON.stringify(
            countBy(
              log.filter((l) => l.from !== 'up' && l.to !== 'recovered'),
              (l) => `${l.what} ${l.status} ${l.body.message ?? ''}`,
            ),
          ),
      );
    } finally {
      done = true;
      await load;
    }

    // the process lived through it, and never failed unexpectedly
    expect(kiosk.alive(), kiosk.output().slice(-3000)).toBe(true);
    expect(kiosk.output()).not.toMatch(/"msg":"unexpected error"|uncaught|unhandled/i);
    expect(log.filter((l) => l.status === 0).slice(0, 3)).toEqual([]);
    // no 500, no other 5xx, and every 503 carries its key
    const failures = log.filter(
      (l) => l.status >= 500 && !(l.status === 503 && l.body.message === 'error.service_unavailable'),
    );
    expect(failures.slice(0, 5)).toEqual([]);
    // nothing hung
    expect(Math.max(...log.map((l) => l.ms))).toBeLessThan(BOUND_MS);
    // while it was down, every answer was 503 error.service_unavailable
    const whileDown = log.filter((l) => l.from === 'down' && l.to === 'down');
    expect(whileDown.length).toBeGreaterThan(10);
    expect(whileDown.filter((l) => !(l.status === 503 && l.body.message === 'error.service_unavailable'))).toEqual([]);

    // every acknowledged write is there, once
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const users = await client.query<{ email: string; n: number }>(
        'select email, count(*)::int as n from users where email = any($1) group by email',
        [registered],
      );
      expect(users.rows.length).toBe(registered.length);
      expect(users.rows.every((r) => r.n === 1)).toBe(true);

      const games = await client.query<{ id: number }>('select id from games where id = any($1)', [acked.games]);
      expect(games.rows.length).toBe(new Set(acked.games).size);

      const orders = await client.query<{ id: number; user_id: number; kind: string }>(
        'select id, user_id, kind from orders where user_id = any($1)',
        [players.map((p) => p.id)],
      );
      const byId = new Map(orders.rows.map((o) => [o.id, o]));
      for (const [id, userId] of acked.gameOrders)
        expect(byId.get(id)).toMatchObject({ user_id: userId, kind: 'game' });
      for (const [id, userId] of acked.shopOrders)
        expect(byId.get(id)).toMatchObject({ user_id: userId, kind: 'shop' });
      // nothing doubled: never more orders than attempts to make one
      for (const p of players) {
        const mine = orders.rows.filter((o) => o.user_id === p.id);
        const t = tried.get(p.id)!;
        expect(mine.filter((o) => o.kind === 'shop').length).toBeLessThanOrEqual(t.init);
        expect(mine.filter((o) => o.kind === 'game').length).toBeLessThanOrEqual(t.leave);
      }
      // and the stock adds up: what is left plus what was sold is what there was
      const [stock] = (
        await client.query<{ count: number; sold: number }>(
          `select p.count, coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
             where i.product_id = p.id and o.status not in ('canceled', 'deleted')), 0)::int as sold
           from products p where p.id = $1`,
          [product.id],
        )
      ).rows;
      expect(stock!.count + stock!.sold).toBe(STOCK);
      expect(stock!.sold).toBeGreaterThanOrEqual(acked.shopOrders.size);

      // the Vipps poller lived through it too: it settles the payment without anyone asking
      const paid = eventually(
        async () => {
          const rows = await client.query<{ status: string; method: string | null }>(
            'select status, method from orders where id = $1',
            [vippsOrder.id],
          );
          return rows.rows[0]?.status === 'paid' && rows.rows[0];
        },
        90_000,
        'the Vipps payment approved during the outage settled by polling',
      );
      // the background workers lived through it: every queued mail and live event goes out
      const drainFrom = Date.now();
      const waited = { mail: 0, events: 0 };
      await eventually(
        async () => {
          const mail = await client.query<{ n: number }>(
            'select count(*)::int as n from mail_outbox where sent_at is null',
          );
          const events = await client.query<{ n: number }>(
            'select count(*)::int as n from outbox where delivered_at is null',
          );
          if (mail.rows[0]!.n) waited.mail = Date.now() - drainFrom;
          if (events.rows[0]!.n) waited.events = Date.now() - drainFrom;
          return mail.rows[0]!.n === 0 && events.rows[0]!.n === 0;
        },
        90_000,
        'mail and realtime outboxes drained after the restart',
      );
      // a mail leased just before the outage waits for its lease (60 s); the realtime worker takes
      // its own leased rows again at once, so live events go on as soon as the database is back
      expect(waited.events, 'live events waited for a lease after the restart').toBeLessThan(LIVE_EVENTS_BACK_MS);
      console.info(`[drill postgres-restart] outboxes drained after the load stopped: ${JSON.stringify(waited)} ms`);
      const mails = await client.query<{ to: string }>('select "to" from mail_outbox where "to" = any($1)', [
        registered,
      ]);
      expect(mails.rows.length).toBe(registered.length);

      expect(await paid).toMatchObject({ status: 'paid', method: 'vipps' });
      // amounts are 64-bit columns: node-postgres reads them as text
      const vippsPayments = await client.query<{ state: string; amount: string }>(
        'select state, amount from payments where order_id = $1',
        [vippsOrder.id],
      );
      expect(vippsPayments.rows.map((r) => ({ state: r.state, amount: Number(r.amount) }))).toEqual([
        { state: 'CAPTURED', amount: vippsOrder.total },
      ]);
    } finally {
      await client.end();
    }
  }, 240_000);
});

let counter = 0;
function person(tag: string) {
  counter++;
  const n = `${process.pid % 1000}${String(counter).padStart(4, '0')}`;
  return {
    name: 'Drill',
    surname: tag,
    email: `drill.${tag}.${n}@example.no`,
    phone: `4${n.padStart(7, '0').slice(-7)}`,
    password: 'correct horse',
    password_confirmation: 'correct horse',
  };
}

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

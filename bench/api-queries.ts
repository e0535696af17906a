/**
 * How many database round trips each hot call of the kiosk API makes (`npm run bench -- api`
 * measures their speed; this says where that speed goes). The kiosk runs in this process on
 * a fresh database (PGlite in memory, and PostgreSQL: the server BENCH_DATABASE_URL or
 * TEST_DATABASE_URL names, else one started for the run), its outbox delivered to a gateway
 * that takes every batch, as main.ts wires it. Each call is counted twice: the queries until its answer, and those its
 * events cost the outbox worker afterwards. `QUERIES=1` prints each query too.
 *
 *   node --import tsx bench/api-queries.ts
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createKiosk, type Kiosk } from '@club/kiosk/app';
import { loadConfig } from '@club/kiosk/config';
import { openDatabase } from '@club/kiosk/db/client';
import { createLogger } from '@club/kiosk/logger';
import { outboxDeliveryOf } from '@club/kiosk/realtime/routes';
import pg from 'pg';
import { startTestPostgres } from '../tests/support/postgres.ts';
import { sleep, table } from './lib.ts';

const ADMIN = { email: 'queries-admin@club.test', password: 'queries-admin-password' };
const PASSWORD = 'queries player password';
const printEach = process.env.QUERIES === '1';

/** Which request a query belongs to: the one whose async context ran it. */
const current = new AsyncLocalStorage<string[]>();
const background: string[] = [];
const queryLogger = {
  logQuery(query: string) {
    (current.getStore() ?? background).push(query);
  },
};

interface Counted {
  call: string;
  engine: string;
  answer: number;
  after: number;
  status: number;
  queries: string[];
}

async function call(kiosk: Kiosk, method: string, path: string, body?: unknown, token?: string) {
  const queries: string[] = [];
  background.length = 0;
  const res = await current.run(queries, () =>
    kiosk.app.request(path, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const answered = queries.length;
  const json = (await res.json()) as Record<string, unknown>;
  // the outbox worker's send and its delivered mark (100 ms later on the embedded database)
  await sleep(250);
  return { res, json, answered, after: queries.length - answered + background.length, queries: [...queries] };
}

async function countOn(engine: 'pglite' | 'postgres', url?: string): Promise<Counted[]> {
  const database = await openDatabase({ url, dataDir: 'memory://', queryLogger });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    AUTH_RATE_LIMIT: '1000',
    LOG_LEVEL: 'silent',
  });
  const kiosk = await createKiosk({ config, logger: createLogger('silent'), database });
  outboxDeliveryOf(kiosk.app)?.deliverTo(async () => {});
  const out: Counted[] = [];
  const count = async (label: string, method: string, path: string, body?: unknown, token?: string) => {
    const r = await call(kiosk, method, path, body, token);
    if (printEach) console.log(`\n── ${engine} ${label}\n${r.queries.join('\n')}`);
    out.push({ call: label, engine, answer: r.answered, after: r.after, status: r.res.status, queries: r.queries });
    return r.json;
  };
  try {
    const admin = (await call(kiosk, 'POST', '/v1/auth/login', ADMIN)).json.token as string;
    const created = await call(
      kiosk,
      'POST',
      '/v1/table/create',
      { name: 'Bord', capacity: 4, price_per_minute: 250 },
      admin,
    );
    const tableId = (created.json.table as { id: number }).id;
    const tokens: string[] = [];
    for (const i of [1, 2]) {
      const email = `queries.${i}@club.test`;
      const person = { name: 'Q', surname: `P${i}`, email, phone: `4${String(2_000_000 + i)}` };
      const registered = await call(kiosk, 'POST', '/v1/auth/register', {
        ...person,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      });
      // confirmed by the staff: playing needs a proven address
      const { id, phone } = registered.json.user as { id: number; phone: string };
      await call(kiosk, 'POST', '/v1/user/update', { ...person, id, phone, role: 2, email_verified: true }, admin);
      tokens.push((await call(kiosk, 'POST', '/v1/auth/login', { email, password: PASSWORD })).json.token as string);
    }
    const [a, b] = tokens as [string, string];
    // b sits first, so a's join and leave are those of a running game; b reads it (only its players may)
    const first = await call(kiosk, 'POST', '/v1/game/join', { table_id: tableId }, b);
    if (!first.json.game) throw new Error(JSON.stringify(first.json));
    const game = (first.json.game as { id: number }).id;
    await count('GET /v1/table/all', 'GET', '/v1/table/all');
    await count('GET /v1/game/{id}', 'GET', `/v1/game/${game}`, undefined, b);
    await count('POST /v1/game/join', 'POST', '/v1/game/join', { table_id: tableId }, a);
    await count('POST /v1/game/pause', 'POST', '/v1/game/pause', { game_id: game }, a);
    await count('POST /v1/game/unpause', 'POST', '/v1/game/unpause', { game_id: game }, a);
    const left = await count('POST /v1/game/leave', 'POST', '/v1/game/leave', { game_id: game }, a);
    await count('POST /v1/order/pay', 'POST', '/v1/order/pay', { id: left.order_id, method: 'physical' }, a);
    return out;
  } finally {
    await kiosk.close();
    await database.close();
  }
}

async function main() {
  const rows = await countOn('pglite');
  const given = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const server = given ? undefined : await startTestPostgres();
  const serverUrl = given ?? server?.url;
  if (serverUrl) {
    const name = `bench_queries_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      rows.push(...(await countOn('postgres', url.toString())));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await server?.stop();
    }
  }
  console.log(
    table(
      ['call', 'engine', 'status', 'queries to the answer', 'queries after (outbox)'],
      rows.map((r) => [r.call, r.engine, r.status, r.answer, r.after]),
      ['l', 'l'],
    ),
  );
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

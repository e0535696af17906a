/**
 * The kiosk API under 200 concurrent players: autocannon on the hot calls
 * — `GET /v1/table/all`, `GET /v1/game/{id}` and a join/leave cycle (each player sits down
 * at their table and stands up again, which writes their waiting order) — against the real
 * kiosk (main.ts, its own process), each as a ratio to bare Hono handlers doing the same
 * database read or write on the same engine and data (bench/bare-api.ts), in the same run.
 *
 * PGlite always (the kiosk's folder is copied for the baseline: PGlite is one process's);
 * PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a fresh database on
 * that server, shared by both, dropped at the end).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import autocannon, { type Client, type Request } from 'autocannon';
import pg from 'pg';
import { freePort, machine, sleep, startScript, stopChild, table, waitHttp, writeResult } from './lib.ts';

const PLAYERS = Number(process.env.BENCH_API_PLAYERS ?? 200);
const SEATS = 4;
const TABLES = Math.ceil(PLAYERS / SEATS);
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const ADMIN = { email: 'bench-admin@club.test', password: 'bench-admin-password' };
const PASSWORD = 'bench player password';

interface Player {
  userId: number;
  token: string;
  tableId: number;
  gameId: number;
}

async function api(base: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Runs `work` over `items`, `width` at a time (argon2 hashing makes sign-ups CPU-bound). */
async function pool<T>(items: T[], width: number, work: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

/** A club of TABLES tables of four and PLAYERS signed-up players, each seated at their table. */
async function setUpClub(base: string): Promise<Player[]> {
  const admin = (await api(base, '/v1/auth/login', ADMIN)).token as string;
  const tableIds: number[] = [];
  for (let t = 0; t < TABLES; t++) {
    const created = await api(
      base,
      '/v1/table/create',
      { name: `Bord ${t + 1}`, capacity: SEATS, price_per_minute: 250 },
      admin,
    );
    tableIds.push((created.table as { id: number }).id);
  }
  const players: Player[] = new Array(PLAYERS);
  await pool(
    Array.from({ length: PLAYERS }, (_, i) => i),
    4,
    async (i) => {
      const email = `bench.player.${i}@club.test`;
      const person = { name: 'Bench', surname: `Player ${i}`, email, phone: `4${String(1_000_000 + i)}` };
      const registered = await api(base, '/v1/auth/register', {
        ...person,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      });
      // confirmed by the staff: playing needs a proven address
      const { id, phone } = registered.user as { id: number; phone: string };
      await api(base, '/v1/user/update', { ...person, id, phone, role: 2, email_verified: true }, admin);
      const login = await api(base, '/v1/auth/login', { email, password: PASSWORD });
      const user = login.user as { id: number };
      const tableId = tableIds[Math.floor(i / SEATS)]!;
      const joined = await api(base, '/v1/game/join', { table_id: tableId }, login.token as string);
      players[i] = {
        userId: user.id,
        token: login.token as string,
        tableId,
        gameId: (joined.game as { id: number }).id,
      };
    },
  );
  return players;
}

interface Run {
  req_per_s: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  errors: number;
}

/**
 * One autocannon run: one connection per player (so each has its own token and seat),
 * `requestsOf` giving that connection's request cycle.
 */
async function load(url: string, requestsOf: (p: Player) => Request[], players: Player[], seconds: number) {
  let n = 0;
  const result = await autocannon({
    url,
    connections: players.length,
    duration: seconds,
    timeout: 30,
    setupClient: (client: Client) => {
      client.setRequests(requestsOf(players[n++ % players.length]!));
    },
  });
  const run: Run = {
    req_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
  return run;
}

const auth = (p: Player) => ({ authorization: `Bearer ${p.token}`, 'content-type': 'application/json' });
const json = { 'content-type': 'application/json' };

/** What a connection remembers between the join and the leave. */
interface Cycle {
  gameId?: number;
}

/** The join/leave cycle of one player; the leave names the game the join answered. */
function cycle(p: Player, kiosk: boolean): Request[] {
  const prefix = kiosk ? '/v1' : '';
  const who = kiosk ? {} : { user_id: p.userId };
  return [
    {
      method: 'POST',
      path: `${prefix}/game/join`,
      headers: kiosk ? auth(p) : json,
      body: JSON.stringify({ ...who, table_id: p.tableId }),
      onResponse: (status: number, body: string, context: object) => {
        if (status === 200) (context as Cycle).gameId = (JSON.parse(body) as { game: { id: number } }).game.id;
      },
    },
    {
      method: 'POST',
      path: `${prefix}/game/leave`,
      headers: kiosk ? auth(p) : json,
      setupRequest: (req: Request, context: object) => ({
        ...req,
        body: JSON.stringify({ ...who, game_id: (context as Cycle).gameId ?? 0 }),
      }),
    },
  ];
}

interface Row {
  engine: string;
  call: string;
  ours: Run;
  bare: Run;
  throughput_ratio: number;
  p99_ratio: number;
}

async function benchEngine(engine: 'pglite' | 'postgres', serverUrl?: string): Promise<Row[]> {
  const kioskPort = await freePort();
  const barePort = await freePort();
  const kioskUrl = `http://127.0.0.1:${kioskPort}`;
  const bareUrl = `http://127.0.0.1:${barePort}`;
  const dir = mkdtempSync(join(os.tmpdir(), 'bench-api-'));
  let database: { url?: string; dataDir?: string; drop?: () => Promise<void> } = {};
  if (engine === 'postgres' && serverUrl) {
    const name = `bench_api_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = {
      url: url.toString(),
      drop: async () => {
        const c = new pg.Client({ connectionString: serverUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  } else {
    database = { dataDir: join(dir, 'kiosk') };
  }
  const kioskEnv = {
    PORT: String(kioskPort),
    HOST: '127.0.0.1',
    ...(database.url ? { DATABASE_URL: database.url } : { DATA_DIR: database.dataDir! }),
    DEMO: '0',
    // not 'production': that refuses the plain-http address, the demo and the payment simulators a bench uses
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    AUTH_RATE_LIMIT: '1000000',
    // the API alone: no web app to serve
    WEB_DIST: join(dir, 'no-web'),
  };
  // e.g. BENCH_KIOSK_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to see where the kiosk spends its time
  const nodeArgs = process.env.BENCH_KIOSK_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  try {
    let kiosk = startScript('main.ts', kioskEnv, nodeArgs);
    await waitHttp(`${kioskUrl}/v1/health`);
    console.error(`[api:${engine}] setting up ${TABLES} tables and ${PLAYERS} seated players…`);
    const players = await setUpClub(kioskUrl);

    let bareData: Record<string, string>;
    if (database.url) {
      bareData = { DATABASE_URL: database.url };
    } else {
      // PGlite belongs to one process: the baseline gets a copy of the same data
      await stopChild(kiosk);
      cpSync(database.dataDir!, join(dir, 'bare'), { recursive: true });
      bareData = { DATA_DIR: join(dir, 'bare') };
      kiosk = startScript('main.ts', kioskEnv, nodeArgs);
      await waitHttp(`${kioskUrl}/v1/health`);
    }
    const bare = startScript('bench/bare-api.ts', { PORT: String(barePort), ...bareData });
    await waitHttp(`${bareUrl}/health`);

    const rows: Row[] = [];
    const measure = async (call: string, ours: () => Promise<Run>, base: () => Promise<Run>) => {
      console.error(`[api:${engine}] ${call}…`);
      const o = await ours();
      const b = await base();
      rows.push({
        engine,
        call,
        ours: o,
        bare: b,
        throughput_ratio: +(b.req_per_s / Math.max(1, o.req_per_s)).toFixed(2),
        p99_ratio: +(o.p99_ms / Math.max(1, b.p99_ms)).toFixed(2),
      });
    };
    const twice = (url: string, requestsOf: (p: Player) => Request[]) => async () => {
      await load(url, requestsOf, players, 2); // warm-up: JIT, caches, connections
      return load(url, requestsOf, players, SECONDS);
    };

    await measure(
      'GET /v1/table/all',
      twice(kioskUrl, () => [{ method: 'GET', path: '/v1/table/all' }]),
      twice(bareUrl, () => [{ method: 'GET', path: '/table/all' }]),
    );
    await measure(
      'GET /v1/game/{id}',
      twice(kioskUrl, (p) => [{ method: 'GET', path: `/v1/game/${p.gameId}`, headers: auth(p) }]),
      twice(bareUrl, (p) => [{ method: 'GET', path: `/game/${p.gameId}` }]),
    );
    await measure(
      'join + leave (per request)',
      async () => {
        // everyone stands up first (each leave writes an order), so every cycle starts standing
        await pool(players, 8, async (p) => {
          await api(kioskUrl, '/v1/game/leave', { game_id: p.gameId }, p.token);
        });
        return load(kioskUrl, (p) => cycle(p, true), players, SECONDS);
      },
      async () => {
        // the kiosk may still be finishing joins autocannon left in flight (PostgreSQL: the same rows)
        await sleep(2000);
        await api(bareUrl, '/unseat-all', {});
        return load(bareUrl, (p) => cycle(p, false), players, SECONDS);
      },
    );
    await stopChild(bare);
    await stopChild(kiosk);
    return rows;
  } finally {
    await database.drop?.().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  // BENCH_API_ENGINES=postgres skips PGlite
  const engines = (process.env.BENCH_API_ENGINES ?? 'pglite,postgres').split(',');
  const rows: Row[] = [];
  if (engines.includes('pglite')) rows.push(...(await benchEngine('pglite')));
  if (pgUrl && engines.includes('postgres')) rows.push(...(await benchEngine('postgres', pgUrl)));

  const path = writeResult('api', {
    ...machine(),
    note: `${PLAYERS} connections (one per player, each with its own session), ${SECONDS} s per run after a 2 s warm-up; kiosk = main.ts; bare = Hono + Drizzle handlers doing the same reads/writes without auth, validation, billing, event log or outbox (bench/bare-api.ts); throughput_ratio = bare req/s ÷ ours, p99_ratio = ours ÷ bare; errors = socket errors + timeouts + non-2xx`,
    players: PLAYERS,
    seconds: SECONDS,
    results: rows,
  });
  console.log(
    `\nkiosk API, ${PLAYERS} concurrent players, ${SECONDS} s per run (ms; ratio = how many times the bare handler)\n`,
  );
  console.log(
    table(
      [
        'call',
        'engine',
        'ours req/s',
        'ours p50',
        'ours p99',
        'ours errors',
        'bare req/s',
        'bare p50',
        'bare p99',
        'bare errors',
        'req/s ratio',
        'p99 ratio',
      ],
      rows.map((r) => [
        r.call,
        r.engine,
        r.ours.req_per_s,
        r.ours.p50_ms,
        r.ours.p99_ms,
        r.ours.errors,
        r.bare.req_per_s,
        r.bare.p50_ms,
        r.bare.p99_ms,
        r.bare.errors,
        `${r.throughput_ratio}×`,
        `${r.p99_ratio}×`,
      ]),
      ['l', 'l'],
    ),
  );
  console.log(`\n${path}`);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

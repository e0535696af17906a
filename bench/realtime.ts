/**
 * `npm run bench -- realtime` (not a test): the gateway's fan-out against a bare Socket.IO
 * server, at each size of BENCH_SIZES, for both deployments (BENCH_REALTIME_MODES), then the
 * scaled shape (3 gateways on PostgreSQL, `realtime-scaled.ts`). The clients run in processes of
 * their own (`realtime-clients.ts`); the rounds alternate ours and bare (`realtime-rounds.ts`).
 * Writes bench/results/realtime.json and prints its tables; exits non-zero when a goal is missed.
 */
import { writeFileSync } from 'node:fs';
import { machine, openFileLimit, sleep, stopChild, writeResult } from './lib.ts';
import { createClientPool } from './realtime-clients.ts';
import { type Mode, setUpGames, startServers, usage } from './realtime-processes.ts';
import { clientSpecs, runRounds } from './realtime-rounds.ts';
import { measureScaled, type ShapeRow } from './realtime-scaled.ts';
import { compare, type Row, roundSpreads } from './realtime-stats.ts';
import { startWriter } from './realtime-writer.ts';

const SIZES = (process.env.BENCH_SIZES ?? '1000,5000,10000,20000').split(',').filter(Boolean).map(Number);
/** empty: only the scaled shape */
const MODES = (process.env.BENCH_REALTIME_MODES ?? 'embedded,split').split(',').filter(Boolean) as Mode[];
// a round's clients are late together, so one slow round is 1/ROUNDS of the samples; at 40
// rounds the p99 was the luck of a single round, at 100 the ratio still moved by ±0.2
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
// a block is a fifth of the rounds, and its p99 at 200 rounds is its slowest round or two: at
// 1 000 sockets a round is cheap and a spell of the machine its size, so there it counts 1 000
const roundsAt = (size: number) => (process.env.BENCH_ROUNDS === undefined && size <= 1000 ? 1000 : ROUNDS);
/** clients on each gateway of the scaled shape; 0 leaves it out */
const PER_GATEWAY = Number(process.env.BENCH_SCALED ?? 10_000);
const GOAL_P99_RATIO = 1.1;
/** the files a server holds besides its sockets (its database, logs, pipes), kept free */
const SERVER_FILES = 150;

async function measure(mode: Mode): Promise<Row[]> {
  const servers = await startServers(mode);
  const bare = servers.bare!;
  const gateway = servers.gateways[0]!;
  const games = await setUpGames(servers.kioskUrl);
  const writer = startWriter();
  const rows: Row[] = [];
  for (const asked of SIZES) {
    // a server holds one file per socket: past the open-file limit it cannot take the size
    const size = Math.min(asked, openFileLimit() - SERVER_FILES);
    if (size < asked)
      console.error(`${asked} connections do not fit a server process here (ulimit -n ${openFileLimit()}): ${size}`);
    console.error(`${mode}, ${size} connections: connecting (${new Date().toISOString().slice(11, 19)})…`);
    const pool = createClientPool();
    const ours = clientSpecs(size, 'ours', [gateway.url], games);
    const base = clientSpecs(size, 'bare', [bare.url], games);
    // both sets of clients stay connected and the rounds alternate: both see the same machine
    const before = usage(gateway.process.pid!).rss;
    await pool.add(ours);
    await sleep(1000);
    const connected = usage(gateway.process.pid!).rss;
    const bareBefore = usage(bare.process.pid!).rss;
    await pool.add(base);
    await sleep(1000);
    const bareConnected = usage(bare.process.pid!).rss;
    const run = await runRounds({ servers, games, pool, writer, rounds: roundsAt(size) });
    const processes = pool.processes;
    await pool.close();
    await sleep(1000);
    if (process.env.BENCH_DUMP_ROUNDS)
      writeFileSync(`${process.env.BENCH_DUMP_ROUNDS}-${mode}-${size}.json`, JSON.stringify(roundSpreads(run.rounds)));
    rows.push({
      ...compare(mode, size, run, { rss: { before, connected, bareBefore, bareConnected } }),
      client_processes: processes,
    } as Row);
    console.error(`done: ${mode}, ${size} connections`);
  }
  await writer.close();
  await Promise.all([...new Set([servers.kiosk, gateway.process, bare.process])].map((c) => stopChild(c)));
  return rows;
}

const f = (n: number) => n.toFixed(1);
const count = (byReason: Record<string, number>) => Object.values(byReason).reduce((a, b) => a + b, 0);

function printComparison(rows: Row[]) {
  console.log(
    '\n| gateway | connections | rounds | ours p50 | ours p99 | bare p50 | bare p99 | **p99 ratio, median of blocks** | p99 ratio, pooled | p99 ratio from the answer | p99 ratio from the request | gateway CPU µs/delivery | bare CPU µs/delivery | gateway RSS KB/conn | bare RSS KB/conn | connections dropped, ours / bare |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.mode} | ${r.connections} | ${r.rounds} | ${f(r.gateway.p50)} | ${f(r.gateway.p99)} | ${f(r.bare.p50)} | ${f(r.bare.p99)} | **${r.ratio.p99_block_median}×** (${r.ratio.p99_blocks.join(', ')}) | ${r.ratio.p99}× | ${r.ratio_from_answer.p99}× | ${r.ratio_from_request.p99}× | ${r.gateway.cpu_us_per_delivery} | ${r.bare.cpu_us_per_delivery} | ${r.gateway.rss_kb_per_connection} | ${r.bare.rss_kb_per_connection} | ${count(r.gateway.dropped)} / ${count(r.bare.dropped)} |`,
    );
}

function printScaled(rows: ShapeRow[]) {
  console.log(
    '\n| gateways on PostgreSQL | connections | rounds | p50 to a client | p99 to a client | p50 to the last client | p99 to the last client | missed | dropped | gateways CPU µs/delivery | gateway RSS KB/conn |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.gateways} | ${r.connections} | ${r.rounds} | ${f(r.client.p50)} | ${f(r.client.p99)} | ${f(r.last_client.p50)} | ${f(r.last_client.p99)} | ${r.missed} | ${count(r.dropped)} | ${r.cpu_us_per_delivery} | ${r.rss_kb_per_connection} |`,
    );
}

async function main() {
  const started = Date.now();
  const rows: Row[] = [];
  for (const mode of MODES) rows.push(...(await measure(mode)));
  const scaled = PER_GATEWAY > 0 ? await measureScaled(PER_GATEWAY, ROUNDS) : [];
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);

  writeResult('realtime', {
    ...machine(),
    minutes: Number(minutes),
    note: 'embedded: the gateway in the kiosk’s process (npm start), its CPU and RSS those of that process; split: the gateway as its own process, fed by the webhook. Latency in ms to each client’s receipt, stamped in the client processes on the shared clock (performance.timeOrigin + performance.now()): ours from the kiosk’s state change (its Server-Timing `events`), also from the request and from the answer; bare from its broadcast request. ratio.p99_blocks: the p99 ratio of each block of consecutive rounds; the goal is judged on their median. scaled: gateways on PostgreSQL through @socket.io/postgres-adapter, 1 then 3, each with its clients; last_client: per round, the time until its last client had the event.',
    goal: { p99_ratio_median_of_blocks: GOAL_P99_RATIO },
    results: rows,
    scaled,
  });
  if (rows.length) printComparison(rows);
  if (scaled.length) printScaled(scaled);
  // a client that lost its connection or an event is a failure, whichever side it was on
  const missed = rows.filter(
    (r) =>
      r.ratio.p99_block_median > GOAL_P99_RATIO ||
      r.gateway.missed + r.bare.missed + count(r.gateway.dropped) + count(r.bare.dropped) > 0,
  );
  console.log(
    `\nrealtime: ${minutes} min, ${ROUNDS} rounds a size (${roundsAt(1000)} at 1 000 sockets); the goal: p99 ratio (median of blocks) ≤ ${GOAL_P99_RATIO}×`,
  );
  if (missed.length)
    console.log(
      `goal missed at ${missed.map((r) => `${r.connections} connections (${r.mode}; receipts missing: ${r.gateway.missed} ours, ${r.bare.missed} bare; dropped: ${JSON.stringify(r.gateway.dropped)} ours, ${JSON.stringify(r.bare.dropped)} bare)`).join(', ')}`,
    );
  process.exit(missed.length ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

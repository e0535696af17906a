/**
 * The realtime bench's numbers from its rounds: latency percentiles on each side, the p99
 * ratio per block of consecutive rounds and their median (the goal), CPU per delivery and
 * memory per connection.
 */
import type { Round, RoundsRun } from './realtime-rounds.ts';

/**
 * The rounds in a row fall into this many blocks, each with its own p99 ratio; the goal is
 * judged on their median. A spell of the machine (a few seconds when everything on it is late)
 * takes a block's worst rounds, and at 200 rounds the pooled p99 is those rounds: whichever
 * side a spell lands on moved the pooled ratio by ±0.3 between runs. A difference of our own
 * shows in every block, so in their median too; the pooled ratio is reported beside it.
 */
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 5);

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export function summary(samples: number[]) {
  const s = Float64Array.from(samples).sort();
  const sorted = Array.from(s);
  return {
    samples: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}
export type Stat = ReturnType<typeof summary>;

const ratio = (a: number, b: number) => +(a / b).toFixed(2);
const since = (times: number[], from: number) => times.map((t) => t - from);

/** Consecutive rounds in BLOCKS blocks of (nearly) one size. */
function blocksOf<T>(rounds: T[]): T[][] {
  const size = Math.ceil(rounds.length / BLOCKS);
  return Array.from({ length: Math.ceil(rounds.length / size) }, (_, i) => rounds.slice(i * size, (i + 1) * size));
}

/** Per round, the time to its last client: what one change takes to reach everyone. */
export const lastClient = (rounds: Round[]) =>
  summary(rounds.flatMap((r) => (r.ours.length ? [Math.max(...since(r.ours, r.changed))] : [])));

export interface Usage {
  /** RSS (bytes) of the gateways and bare before and after the size's clients connected */
  rss: { before: number; connected: number; bareBefore: number; bareConnected: number };
}

/** One size's row: ours against bare, CPU and memory. */
export function compare(mode: string, size: number, run: RoundsRun, u: Usage) {
  const { rounds } = run;
  const fromChange = rounds.flatMap((r) => since(r.ours, r.changed));
  const o = summary(fromChange);
  const fromRequest = summary(rounds.flatMap((r) => since(r.ours, r.start)));
  const fromAnswer = summary(rounds.flatMap((r) => since(r.ours, r.answered)));
  const b = summary(rounds.flatMap((r) => since(r.bare ?? [], r.bareStart ?? 0)));
  const blocks = blocksOf(rounds).map((block) =>
    ratio(
      summary(block.flatMap((r) => since(r.ours, r.changed))).p99,
      summary(block.flatMap((r) => since(r.bare ?? [], r.bareStart ?? 0))).p99,
    ),
  );
  const deliveries = fromChange.length || 1;
  const missed = rounds.reduce((n, r) => n + r.oursExpected - r.ours.length, 0);
  return {
    mode,
    connections: size,
    rounds: rounds.length,
    gateway: {
      ...o,
      missed,
      dropped: run.dropped.ours,
      last_client: lastClient(rounds),
      from_request: fromRequest,
      from_answer: fromAnswer,
      kiosk_write_ms: summary(rounds.map((r) => r.answered - r.start)),
      cpu_ms: Math.round(run.cpu.gateways),
      cpu_us_per_delivery: Math.round((run.cpu.gateways * 1000) / deliveries),
      kiosk_cpu_ms: Math.round(run.cpu.kiosk),
      rss_mb: Math.round(u.rss.connected / 2 ** 20),
      rss_kb_per_connection: Math.round((u.rss.connected - u.rss.before) / 1024 / size),
    },
    bare: {
      ...b,
      missed: rounds.reduce((n, r) => n + (r.bareExpected ?? 0) - (r.bare?.length ?? 0), 0),
      dropped: run.dropped.bare,
      cpu_ms: Math.round(run.cpu.bare),
      cpu_us_per_delivery: Math.round((run.cpu.bare * 1000) / (b.samples || 1)),
      rss_mb: Math.round(u.rss.bareConnected / 2 ** 20),
      rss_kb_per_connection: Math.round((u.rss.bareConnected - u.rss.bareBefore) / 1024 / size),
    },
    ratio: {
      p50: ratio(o.p50, b.p50),
      p99: ratio(o.p99, b.p99),
      max: ratio(o.max, b.max),
      p99_blocks: blocks,
      p99_block_median: percentile(
        [...blocks].sort((x, y) => x - y),
        50,
      ),
    },
    ratio_from_answer: { p50: ratio(fromAnswer.p50, b.p50), p99: ratio(fromAnswer.p99, b.p99) },
    ratio_from_request: { p50: ratio(fromRequest.p50, b.p50), p99: ratio(fromRequest.p99, b.p99) },
  };
}
export type Row = ReturnType<typeof compare>;

/**
 * BENCH_DUMP_ROUNDS=<path prefix>: each round's first, median and last receipt, ours and bare,
 * and the write's time to its answer: to tell a machine's noisy spell from our own tail.
 */
export function roundSpreads(rounds: Round[]) {
  const spread = (times: number[], from: number) => {
    const s = summary(since(times, from));
    return { first: Math.min(...since(times, from)), p50: s.p50, last: s.max };
  };
  return rounds.map((r) => ({
    ours: spread(r.ours, r.changed),
    ...(r.bare ? { bare: spread(r.bare, r.bareStart ?? 0) } : {}),
    write_ms: r.answered - r.start,
  }));
}

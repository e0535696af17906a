/**
 * The realtime bench's rounds: each pauses or unpauses a game through the kiosk API and waits
 * until every client watching it has the event; with a bare server, the same payloads are then
 * broadcast by it to its own clients, so the two sides alternate round by round on the same
 * machine. Latency is each receipt's time less the round's start on the shared clock.
 */
import type { ClientPool, ClientSpec, Side } from './realtime-clients.ts';
import { type BenchGame, type Servers, usage } from './realtime-processes.ts';
import { eventsWrittenAfter, type Writer } from './realtime-writer.ts';

/** rounds first run and not counted, both ours and bare: the first ones pay for compiling their code paths */
const WARMUP = 5;
/**
 * The pause after a round outlasts both sides' trailing work (the kiosk marks what went out
 * delivered 100 ms after the gateway's acknowledgement), so neither pays for the other's.
 */
const SETTLE_MS = 150;

/** `size` clients on these servers: half watch the floor, half a table (spread evenly over the games). */
export function clientSpecs(size: number, side: Side, urls: string[], games: BenchGame[]): ClientSpec[] {
  return Array.from({ length: size }, (_, i) => {
    const g = i % 2 === 0 ? null : games[Math.floor(i / 2) % games.length]!;
    return {
      side,
      // consecutive blocks per server, so each client process talks to one server
      url: urls[Math.floor((i * urls.length) / size)]!,
      room: g ? `table:${g.tableId}` : 'floor',
      tableId: g?.tableId ?? null,
      ...(side === 'ours' && g ? { token: g.token } : {}),
    };
  });
}

/** One counted round: its times on the shared clock and every watching client's receipt. */
export interface Round {
  tableId: number;
  /** the pause request's start, the kiosk's answer, and the state change (commit) between them */
  start: number;
  answered: number;
  changed: number;
  ours: number[];
  /** the connected clients that watched the round: each should have a receipt */
  oursExpected: number;
  bareStart?: number;
  bare?: number[];
  bareExpected?: number;
  /** rounds that ran out of time before every client had the event */
  incomplete: Side[];
}

export interface RoundsRun {
  rounds: Round[];
  /** CPU ms over the counted rounds: the gateways' (the kiosk's when embedded), the kiosk's, bare's */
  cpu: { gateways: number; kiosk: number; bare: number };
  /** connections closed before the end, per side and reason */
  dropped: Record<Side, Record<string, number>>;
}

export async function runRounds(o: {
  servers: Servers;
  games: BenchGame[];
  pool: ClientPool;
  writer: Writer;
  rounds: number;
  /** the first round's number: a pool's clients count each round number once */
  firstRound?: number;
}): Promise<RoundsRun> {
  const { servers, games, pool, writer } = o;
  const gatewayPids = [...new Set(servers.gateways.map((g) => g.process.pid!))];
  const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + usage(pid).cpuMs, 0);
  const cpu = { gateways: 0, kiosk: 0, bare: 0 };
  const times: Omit<Round, 'ours' | 'bare' | 'oursExpected' | 'bareExpected'>[] = [];

  const first = o.firstRound ?? 0;
  for (let r = first; r < first + WARMUP + o.rounds; r++) {
    const counted = r >= first + WARMUP;
    const g = games[r % games.length]!;
    await pool.arm('ours', r, g.tableId);
    const cpu0 = cpuOf(gatewayPids);
    const kiosk0 = usage(servers.kiosk.pid!).cpuMs;
    const write = await writer.write(
      `${servers.kioskUrl}${g.paused ? '/v1/game/unpause' : '/v1/game/pause'}`,
      { game_id: g.gameId },
      g.token,
    );
    g.paused = !g.paused;
    const ours = await pool.settled();
    if (counted) {
      cpu.gateways += cpuOf(gatewayPids) - cpu0;
      cpu.kiosk += usage(servers.kiosk.pid!).cpuMs - kiosk0;
    }
    const round: (typeof times)[number] = {
      tableId: g.tableId,
      start: write.start,
      answered: write.answered,
      // the kiosk's clock starts a little after ours: the state change is placed early, if anything
      changed: write.start + eventsWrittenAfter(write.serverTiming),
      incomplete: ours.complete ? [] : ['ours'],
    };
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

    if (servers.bare) {
      // bare: the same payloads, broadcast to the same rooms
      await pool.arm('bare', r, g.tableId);
      const bare0 = usage(servers.bare.process.pid!).cpuMs;
      round.bareStart = (
        await writer.write(`${servers.bare.url}/emit`, [
          { room: 'floor', event: 'table:updated', payload: { ...(ours.floor as object), bench_round: r } },
          { room: `table:${g.tableId}`, event: 'game:updated', payload: { ...(ours.table as object), bench_round: r } },
        ])
      ).start;
      const bare = await pool.settled();
      if (!bare.complete) round.incomplete.push('bare');
      if (counted) cpu.bare += usage(servers.bare.process.pid!).cpuMs - bare0;
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    }
    if (counted) times.push(round);
    if ((r - first + 1) % 50 === 0) console.error(`  round ${r - first + 1} of ${WARMUP + o.rounds}`);
  }

  const receipts = await pool.receipts();
  return {
    cpu,
    dropped: receipts.dropped,
    rounds: times.map((t, i) => {
      const r = first + WARMUP + i;
      return {
        ...t,
        ours: receipts.ours.get(r) ?? [],
        oursExpected: receipts.expected.ours.get(r) ?? 0,
        ...(t.bareStart === undefined
          ? {}
          : { bare: receipts.bare.get(r) ?? [], bareExpected: receipts.expected.bare.get(r) ?? 0 }),
      };
    }),
  };
}

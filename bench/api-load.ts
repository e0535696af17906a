/** Load for the API bench: one autocannon connection per player, each with its request cycle, and the numbers of a run. */
import autocannon, { type Client, type Request } from 'autocannon';
import type { Player } from './api-club.ts';

export interface Run {
  req_per_s: number;
  /** over the answers on open connections: each connection's first answer, which waited for its connect, left out */
  p50_ms: number;
  p99_ms: number;
  /** autocannon's p99, the connections' first answers counted */
  p99_with_connects_ms: number;
  requests: number;
  errors: number;
}

/** The nearest-rank percentile of sorted latencies, in whole ms as autocannon gives them. */
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return Math.round(sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!);
}

/**
 * One autocannon run: one connection per player (so each has its own token and seat),
 * `requestsOf` giving that connection's request cycle.
 *
 * The latencies leave out each connection's first answer. All connections open at once, and
 * a server accepts a burst of them over up to a second and a half (seen on both sides, by
 * the connect, accept and answer times of each): those first answers are 4 % of a 5-s
 * block's, more than the 1 % above its p99, which then measured how fast one burst of
 * connects was accepted rather than the call.
 */
export async function load(url: string, requestsOf: (p: Player) => Request[], players: Player[], seconds: number) {
  if (!players.length) throw new Error('no players to load with');
  let n = 0;
  const latencies: number[] = [];
  const result = await autocannon({
    url,
    connections: players.length,
    duration: seconds,
    timeout: 30,
    setupClient: (client: Client) => {
      let opening = true;
      client.on('response', (_status: number, _bytes: number, ms: number) => {
        if (!opening) latencies.push(ms);
        opening = false;
      });
      client.setRequests(requestsOf(players[n++ % players.length]!));
    },
  });
  latencies.sort((a, b) => a - b);
  const run: Run = {
    // answered requests over the run's length (autocannon's per-second average drops a last
    // partial second), failed answers not counted: a handler that fails fast (the bare join
    // losing a race for a table's new game) must not count as doing the work
    req_per_s: Math.round((result.requests.total - result.non2xx) / Math.max(1, result.duration)),
    p50_ms: percentile(latencies, 50),
    p99_ms: percentile(latencies, 99),
    p99_with_connects_ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
  // what the errors were: answers by status (not 2xx), and timeouts
  const failed = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => !code.startsWith('2'));
  if (failed.length || result.timeouts)
    console.error(
      `[api] ${url}: ${JSON.stringify(Object.fromEntries(failed.map(([code, s]) => [code, s.count])))} timeouts ${result.timeouts}`,
    );
  return run;
}

export const auth = (p: Player) => ({ authorization: `Bearer ${p.token}`, 'content-type': 'application/json' });
export const json = { 'content-type': 'application/json' };

/** What a connection remembers between the join and the leave. */
export interface Cycle {
  gameId?: number;
}

/** The join/leave cycle of one player; the leave names the game the join answered. */
export function cycle(p: Player, kiosk: boolean): Request[] {
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

/** A table's pause and resume, by its first player; the bare handler is told which. */
export function pauseCycle(p: Player, kiosk: boolean): Request[] {
  return [true, false].map((paused) => ({
    method: 'POST',
    path: kiosk ? `/v1/game/${paused ? 'pause' : 'unpause'}` : '/game/pause',
    headers: kiosk ? auth(p) : json,
    body: JSON.stringify(kiosk ? { game_id: p.gameId } : { game_id: p.gameId, paused }),
  }));
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
export const round2 = (x: number) => Math.round(x * 100) / 100;

export function pooled(runs: Run[]): Run {
  const requests = runs.reduce((n, r) => n + r.requests, 0);
  return {
    req_per_s: Math.round(runs.reduce((n, r) => n + r.req_per_s, 0) / runs.length),
    p50_ms: median(runs.map((r) => r.p50_ms)),
    p99_ms: Math.max(...runs.map((r) => r.p99_ms)),
    p99_with_connects_ms: Math.max(...runs.map((r) => r.p99_with_connects_ms)),
    requests,
    errors: runs.reduce((n, r) => n + r.errors, 0),
  };
}

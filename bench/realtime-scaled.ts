/**
 * The scaled shape: gateways as their own processes on PostgreSQL, joined by
 * @socket.io/postgres-adapter, PER_GATEWAY clients on each. First one gateway alone; then two
 * more join the adapter with as many clients each, and one change reaches all of them. Both
 * report the time to a client and to a round's last client from the state change.
 */
import { benchDatabase, postgresServer } from './api-database.ts';
import { sleep, stopChild } from './lib.ts';
import { createClientPool } from './realtime-clients.ts';
import { setUpGames, startGateway, startServers, usage } from './realtime-processes.ts';
import { clientSpecs, type RoundsRun, runRounds } from './realtime-rounds.ts';
import { lastClient, summary } from './realtime-stats.ts';
import { startWriter } from './realtime-writer.ts';

function shapeRow(gateways: number, connections: number, run: RoundsRun, rssPerConnection: number) {
  const fromChange = run.rounds.flatMap((r) => r.ours.map((t) => t - r.changed));
  return {
    gateways,
    connections,
    rounds: run.rounds.length,
    client: summary(fromChange),
    last_client: lastClient(run.rounds),
    missed: run.rounds.reduce((n, r) => n + r.oursExpected - r.ours.length, 0),
    dropped: run.dropped.ours,
    cpu_us_per_delivery: Math.round((run.cpu.gateways * 1000) / (fromChange.length || 1)),
    rss_kb_per_connection: rssPerConnection,
  };
}
export type ShapeRow = ReturnType<typeof shapeRow>;

export async function measureScaled(perGateway: number, rounds: number): Promise<ShapeRow[]> {
  const server = await postgresServer();
  const db = await benchDatabase('postgres', '', server.url);
  const servers = await startServers('split', { bare: false, databaseUrl: db.url! });
  const pool = createClientPool();
  const writer = startWriter();
  try {
    const games = await setUpGames(servers.kioskUrl);
    const first = servers.gateways[0]!;
    const alone = clientSpecs(perGateway, 'ours', [first.url], games);
    const before = usage(first.process.pid!).rss;
    await pool.add(alone);
    await sleep(1000);
    const perConnection = Math.round((usage(first.process.pid!).rss - before) / 1024 / perGateway);
    const one = await runRounds({ servers, games, pool, writer, rounds });
    console.error(`done: 1 gateway on PostgreSQL, ${perGateway} connections`);

    const more = [await startGateway(servers.kioskUrl, db.url), await startGateway(servers.kioskUrl, db.url)];
    servers.gateways.push(...more);
    const joined = clientSpecs(
      2 * perGateway,
      'ours',
      more.map((g) => g.url),
      games,
    );
    await pool.add(joined);
    await sleep(1000);
    const three = await runRounds({
      servers,
      games,
      pool,
      writer,
      rounds,
      firstRound: 1_000_000,
    });
    console.error(`done: 3 gateways on PostgreSQL, ${3 * perGateway} connections`);
    return [shapeRow(1, perGateway, one, perConnection), shapeRow(3, 3 * perGateway, three, perConnection)];
  } finally {
    await pool.close();
    await writer.close();
    await Promise.all([servers.kiosk, ...servers.gateways.map((g) => g.process)].map((c) => stopChild(c)));
    await db.drop?.();
    await server.stop();
  }
}

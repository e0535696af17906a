/**
 * The kill -9 drill: the club evening plays while the server
 * process is SIGKILLed at seeded points — in the middle of a round, with requests in flight —
 * and started again on the same data and port. Every answered write must survive, the socket
 * clients reconnect and get a snapshot at least as new as what they saw, and at the end the
 * books still balance.
 *
 * Storage: file-backed PGlite, the embedded shape `npm start` runs (it has come through every
 * kill so far); `SIM_DRILL_DB=postgres` runs it on a fresh PostgreSQL database from
 * TEST_DATABASE_URL instead.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runEvening } from './evening.ts';
import type { EveningResult } from './evening-model.ts';
import { createRandom } from './prng.ts';
import { reconcile } from './reconcile.ts';
import { type ClubProcess, SIM_ADMIN, startClub } from './server.ts';

const SEED = Number(process.env.SIM_SEED ?? 20261121) + 9;
const KILLS = Number(process.env.SIM_KILLS ?? 3);
const adminUrl = process.env.TEST_DATABASE_URL;
const storage = process.env.SIM_DRILL_DB ?? 'pglite';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let club: ClubProcess;
let evening: EveningResult | undefined;
let database: string | undefined;

async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  let databaseUrl: string | undefined;
  if (storage === 'postgres') {
    if (!adminUrl) throw new Error('SIM_DRILL_DB=postgres needs TEST_DATABASE_URL');
    database = `club_sim_${randomBytes(6).toString('hex')}`;
    await admin((c) => c.query(`create database ${database}`));
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  }
  club = await startClub({ databaseUrl });
});
afterAll(async () => {
  evening?.close();
  await club?.stop();
  if (database) await admin((c) => c.query(`drop database if exists ${database} with (force)`));
});

it(`kill -9 at ${KILLS} seeded points of the evening (seed ${SEED}, ${storage}): nothing answered is lost`, async () => {
  const started = Date.now();
  // where to kill: rounds and how far into them, from their own dice (the evening keeps its)
  const dice = createRandom(SEED * 31 + 7);
  const rounds = new Map<number, number>();
  while (rounds.size < KILLS) rounds.set(dice.int(3, 34), dice.int(0, 120));
  const killedIn = new Set<number>();
  const restarts: number[] = [];
  let lastRestart = 0;

  evening = await runEvening({
    url: club.url,
    admin: SIM_ADMIN,
    seed: SEED,
    log: process.env.SIM_LOG ? (line) => console.log(line) : undefined,
    async duringRound(round) {
      const delay = rounds.get(round);
      if (delay === undefined) return;
      await sleep(delay);
      await club.kill9();
      killedIn.add(round);
      const down = Date.now();
      await club.restart();
      restarts.push(Date.now() - down);
      lastRestart = Date.now();
    },
    afterRound: async (round) => killedIn.has(round),
  });
  const books = await reconcile(evening.api, evening.adminToken, evening.record);
  console.log(
    `kill -9 drill (seed ${SEED}, ${storage}) in ${Math.round((Date.now() - started) / 1000)} s: killed in rounds ${[...killedIn].join(', ')}, restarts took ${restarts.join(', ')} ms;`,
    JSON.stringify(evening.stats),
    JSON.stringify(books.totals),
    JSON.stringify(evening.api.counts),
  );
  expect(killedIn.size).toBe(KILLS);
  expect(evening.problems).toEqual([]);
  expect(books.problems).toEqual([]);
  // every socket resynced after every restart
  for (const w of evening.sockets) expect(w.resyncs, w.name).toBe(KILLS);
  // and live events flow again after the last restart (the TV and the admin see every table).
  // Not at once: a batch the killed process had leased waits for its lease (30 s) to run out.
  for (const w of evening.sockets.slice(0, 2)) {
    const until = Date.now() + 90_000;
    const after = () => w.client.received.find((r) => r.payload.seq > w.resyncSeq);
    while (!after() && Date.now() < until) await sleep(200);
    const first = after();
    expect(
      first,
      `${w.name} got no event after the last restart (snapshot seq ${w.resyncSeq}; last received: ${JSON.stringify(
        w.client.received.slice(-5).map((r) => [r.event, r.payload.seq, r.payload.prev_seq]),
      )})`,
    ).toBeDefined();
    console.log(
      `${w.name}: live events again ${((first!.at - lastRestart) / 1000).toFixed(1)} s after the last restart`,
    );
  }
});

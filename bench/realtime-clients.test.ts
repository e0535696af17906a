/**
 * The realtime bench's client processes against the real bare Socket.IO server: clients spread
 * over several processes, a round armed, broadcast and settled, and every receipt stamped on
 * the clock the bench shares with them.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort, sharedNow, startScript, stopChild } from './lib.ts';
import type { ClientPool } from './realtime-clients.ts';
import type { BenchGame } from './realtime-processes.ts';

let bare: ChildProcess;
let url: string;
let pool: ClientPool;
const games: BenchGame[] = [1, 2].map((tableId) => ({ tableId, gameId: tableId, token: '', paused: false }));

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  bare = startScript('bench/bare-server.ts', { PORT: String(port) });
  await new Promise<void>((resolve) =>
    bare.stdout?.on('data', (chunk: Buffer) => chunk.includes('BARE_PORT=') && resolve()),
  );
  // three processes of ten, as the bench spreads thousands
  process.env.BENCH_CLIENTS_PER_PROCESS = '10';
  pool = (await import('./realtime-clients.ts')).createClientPool();
});
afterAll(async () => {
  await pool?.close();
  if (bare) await stopChild(bare);
});

const emit = (round: number, tableId: number) =>
  fetch(`${url}/emit`, {
    method: 'POST',
    body: JSON.stringify([
      { room: 'floor', event: 'table:updated', payload: { table: { id: tableId }, bench_round: round } },
      { room: `table:${tableId}`, event: 'game:updated', payload: { game: { table_id: tableId }, bench_round: round } },
    ]),
  });

it('counts each watching client once per round, across processes, on the shared clock', async () => {
  const { clientSpecs } = await import('./realtime-rounds.ts');
  const specs = clientSpecs(30, 'bare', [url], games);
  await pool.add(specs);
  expect(pool.processes).toBe(3);
  // 15 on the floor, 8 following table 1 and 7 table 2
  const watching = specs.filter((s) => s.tableId === null || s.tableId === 1).length;
  expect(watching).toBe(23);

  await pool.arm('bare', 0, 1);
  const before = sharedNow();
  await emit(0, 1);
  await emit(0, 1); // a repeat is not a second receipt
  expect((await pool.settled()).complete).toBe(true);
  const after = sharedNow();

  // nobody gets a round that was never sent: it runs out of time instead
  await pool.arm('bare', 1, 2);
  expect((await pool.settled(300)).complete).toBe(false);

  const receipts = await pool.receipts();
  const times = receipts.bare.get(0) ?? [];
  expect(times).toHaveLength(watching);
  for (const t of times) {
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(after);
  }
  expect(receipts.expected.bare.get(0)).toBe(watching);
  expect(receipts.bare.get(1)).toBeUndefined();
  expect(receipts.dropped.bare).toEqual({});
  // collected once: the next size starts from nothing
  expect((await pool.receipts()).bare.size).toBe(0);
});

/**
 * The database round trips of the hot calls (docs/performance.md, "Kiosk API: where the time
 * goes"): each call's queries, counted by a Drizzle logger in the request's async context, stay
 * within what the lean versions need, on either engine, with the outbox delivered in-process as
 * main.ts does (its read of what changed is part of a write's cost). A transaction's `begin` and
 * `commit` are not counted: on PostgreSQL they travel with its first and last statements
 * (`fewerTrips` in kiosk/src/db/commit-with.ts), and PGlite's do not go through the logger.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { TGame, TTable } from '@club/shared/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDeliveryOf } from '../src/realtime/routes.ts';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from './harness.ts';

const mine = new AsyncLocalStorage<string[]>();
const queryLogger = {
  logQuery(query: string) {
    if (query !== 'begin' && query !== 'commit') mine.getStore()?.push(query);
  },
};

let k: TestKiosk;
let admin: string;

beforeAll(async () => {
  k = await startTestKiosk({ queryLogger });
  outboxDeliveryOf(k.kiosk.app)?.deliverTo(async () => {});
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

/** The answer and the queries made in the request's context until it answered. */
async function counted(method: string, path: string, body?: unknown, token?: string) {
  const queries: string[] = [];
  const res = await mine.run(queries, () =>
    k.kiosk.app.request(path, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  const answer = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(answer)).toBe(200);
  return { answer, queries: [...queries] };
}

describe('queries per hot call', () => {
  it('reads a game in one query and the table list in one, the session known', async () => {
    const table = (await k.post('/v1/table/create', { name: 'Budsjett', capacity: 4, price_per_minute: 200 }, admin))
      .body.table as TTable;
    const player = await newPlayer(k);
    const game = (await k.post('/v1/game/join', { table_id: table.id }, player.token)).body.game as TGame;
    await counted('GET', `/v1/game/${game.id}`, undefined, player.token);
    expect((await counted('GET', `/v1/game/${game.id}`, undefined, player.token)).queries).toHaveLength(1);
    expect((await counted('GET', '/v1/table/all')).queries).toHaveLength(1);
  });

  it('joins, pauses, resumes, leaves and pays within their budgets', async () => {
    const table = (await k.post('/v1/table/create', { name: 'Budsjett 2', capacity: 4, price_per_minute: 200 }, admin))
      .body.table as TTable;
    const first = await newPlayer(k);
    const player = await newPlayer(k);
    const game = (await k.post('/v1/game/join', { table_id: table.id }, first.token)).body.game as TGame;
    await k.get('/v1/user/profile', player.token);
    // two more than the lean versions need: a kept read (prices, settings, discounts) may be
    // read again when its 5 s are up on a slow machine
    const budget = async (most: number, method: string, path: string, body: unknown) => {
      const { answer, queries } = await counted(method, path, body, player.token);
      expect(queries.length, `${path}:\n${queries.join('\n')}`).toBeLessThanOrEqual(most);
      return answer;
    };
    await budget(7, 'POST', '/v1/game/join', { table_id: table.id });
    await budget(5, 'POST', '/v1/game/pause', { game_id: game.id });
    await budget(5, 'POST', '/v1/game/unpause', { game_id: game.id });
    // a minute played, so the order is not settled at once as free
    await advance(k, 60_000);
    const left = await budget(9, 'POST', '/v1/game/leave', { game_id: game.id });
    await budget(7, 'POST', '/v1/order/pay', { id: left.order_id, method: 'physical' });
  });
});

import type { TTable } from '@club/shared/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';

let k: TestKiosk;
let admin: string;

beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

describe('predicted free time on the tables API', () => {
  it('gives a busy table the end its game is expected at, and a free one none', async () => {
    const table = (await k.post('/v1/table/create', { name: 'Spå', capacity: 4, price_per_minute: 100 }, admin)).body
      .table as TTable;
    expect(table.predicted_free_at).toBeNull();
    const p = await newPlayer(k);
    const game = (await k.post('/v1/game/join', { table_id: table.id }, p.token)).body.game as {
      id: number;
      started_at: string;
    };
    await advance(k, 10 * 60_000);
    const busy = ((await k.get('/v1/table/all')).body.data as TTable[]).find((t) => t.id === table.id)!;
    // no history yet: the fixed guess of an hour from the start
    expect(Date.parse(busy.predicted_free_at!) - Date.parse(game.started_at)).toBe(60 * 60_000);
    await k.post('/v1/game/leave', { game_id: game.id }, p.token);
    const free = ((await k.get('/v1/table/all')).body.data as TTable[]).find((t) => t.id === table.id)!;
    expect(free.predicted_free_at).toBeNull();
  });
});

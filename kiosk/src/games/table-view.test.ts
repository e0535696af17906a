import type { TTable } from '@club/shared/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { onEvents } from '../outbox/committed-events.ts';

const MIN = 60_000;
const QUARTER = 15 * MIN;
let k: TestKiosk;
let admin: string;

beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
  // open round the clock, so a booking can be made whatever the hour the test runs at
  const allDay = { open: '00:00', close: '00:00' };
  const saved = await k.post('/v1/settings/opening-hours', { week: Array(7).fill(allDay), exceptions: [] }, admin);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(() => k.close());

// staff's list: the writer's view is the whole table, its light's wiring too (`tableFor`)
const tableNow = async (id: number) =>
  ((await k.get('/v1/table/all', admin)).body.data as TTable[]).find((t) => t.id === id)!;
// the free-time guess moves with the clock between the writer's view and the read after it
const steady = ({ predicted_free_at, ...rest }: TTable) => ({ ...rest, predicted: predicted_free_at !== null });

describe('the table a change of its game tells the floor of', () => {
  it('is the table the list reads after the change: joins, pause, resume and leaves, with a booking ahead', async () => {
    const created = await k.post('/v1/table/create', { name: 'Bord V', capacity: 4, price_per_minute: 250 }, admin);
    const table = created.body.table as TTable;
    const a = await newPlayer(k);
    const b = await newPlayer(k);
    const now = Date.parse((await k.get('/v1/health')).body.server_time as string);
    const starts_at = new Date(Math.ceil((now + 24 * 60 * MIN) / QUARTER) * QUARTER).toISOString();
    const booked = await k.post(
      '/v1/reservation/create',
      { table_id: table.id, starts_at, minutes: 60, party_size: 2 },
      b.token,
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);

    const told: TTable[][] = [];
    const stop = onEvents((written) => told.push((written.known?.tables ?? []).filter((t) => t.id === table.id)));
    try {
      const step = async (path: string, body: Record<string, unknown>, token: string) => {
        told.length = 0;
        const answer = await k.post(path, body, token);
        expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(200);
        const made = told.flat();
        expect(made, `${path}: the writer made the table's view`).toHaveLength(1);
        expect(steady(made[0]!)).toEqual(steady(await tableNow(table.id)));
        return answer.body;
      };
      const game = (await step('/v1/game/join', { table_id: table.id }, a.token)).game as { id: number };
      await step('/v1/game/join', { table_id: table.id }, b.token);
      await step('/v1/game/pause', { game_id: game.id }, a.token);
      await step('/v1/game/unpause', { game_id: game.id }, a.token);
      await step('/v1/game/leave', { game_id: game.id }, b.token);
      await step('/v1/game/leave', { game_id: game.id }, a.token);
      const free = await tableNow(table.id);
      expect(free).toMatchObject({ status: 'free', game_id: null, players_count: 0, reserved_from: starts_at });
    } finally {
      stop();
    }
  });
});

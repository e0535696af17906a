/**
 * The kiosk keeps sessions, role prices, billing settings and discounts in memory: each
 * change made through the API is seen by the very next request, the cache warm before it.
 */
import type { TGame, TTable } from '@club/shared/tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from './harness.ts';

let k: TestKiosk;
let admin: string;

beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

async function newTable(price: number) {
  const answer = await k.post(
    '/v1/table/create',
    { name: `Cache ${Math.random().toString(36).slice(2, 6)}`, capacity: 4, price_per_minute: price },
    admin,
  );
  return answer.body.table as TTable;
}

const userUpdate = (user: { id: number; email: string; phone: string }, fields: Record<string, unknown>) =>
  k.post(
    '/v1/user/update',
    { id: user.id, name: 'Kari', surname: 'Nordmann', email: user.email, phone: user.phone, role: 2, ...fields },
    admin,
  );

/** The caller's game after joining `tableId`, and their leave at once. */
async function joinAndLeave(tableId: number, token: string) {
  const joined = await k.post('/v1/game/join', { table_id: tableId }, token);
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  const game = joined.body.game as TGame;
  expect((await k.post('/v1/game/leave', { game_id: game.id }, token)).status).toBe(200);
  return game;
}

describe('sessions', () => {
  it('refuses a token at once after its logout, though it was used a moment before', async () => {
    const player = await newPlayer(k);
    for (let i = 0; i < 3; i++) expect((await k.get('/v1/user/profile', player.token)).status).toBe(200);
    const second = await k.login(player.body.email, player.body.password);
    expect((await k.get('/v1/user/profile', second)).status).toBe(200);
    expect((await k.post('/v1/auth/logout', {}, player.token)).status).toBe(200);
    expect((await k.get('/v1/user/profile', player.token)).status).toBe(401);
    // only that session ended
    expect((await k.get('/v1/user/profile', second)).status).toBe(200);
  });

  it('sees an admin flag granted and taken away on the next request', async () => {
    const player = await newPlayer(k);
    expect((await k.get('/v1/user/all', player.token)).status).toBe(403);
    expect((await userUpdate(player.user, { is_admin: true })).status).toBe(200);
    expect((await k.get('/v1/user/all', player.token)).status).toBe(200);
    expect((await userUpdate(player.user, { is_admin: false })).status).toBe(200);
    // losing the flag ends the sessions
    expect((await k.get('/v1/user/all', player.token)).status).toBe(401);
  });

  it('refuses the token of a deleted account at once', async () => {
    const player = await newPlayer(k);
    expect((await k.get('/v1/user/profile', player.token)).status).toBe(200);
    expect((await k.post(`/v1/user/delete/${player.user.id}`, {}, admin)).status).toBe(200);
    expect((await k.get('/v1/user/profile', player.token)).status).toBe(401);
  });

  it('lets a session lapse at its expiry even while it is kept in memory', async () => {
    const player = await newPlayer(k);
    expect((await k.get('/v1/user/profile', player.token)).status).toBe(200);
    await advance(k, 24 * 60 * 60 * 1000 + 1000);
    expect((await k.get('/v1/user/profile', player.token)).status).toBe(401);
    admin = await k.login(ADMIN.email, ADMIN.password);
  });
});

describe('prices, settings and discounts', () => {
  it('prices the next join with a role price set a moment before', async () => {
    const table = await newTable(300);
    const player = await newPlayer(k);
    expect((await joinAndLeave(table.id, player.token)).players[0]!.price_per_minute).toBe(300);
    const set = await k.post('/v1/pricing/update', { role_id: 2, table_id: table.id, price_per_minute: 90 }, admin);
    expect(set.status).toBe(200);
    expect((await joinAndLeave(table.id, player.token)).players[0]!.price_per_minute).toBe(90);
    await k.post('/v1/pricing/update', { role_id: 2, table_id: table.id, price_per_minute: null }, admin);
    expect((await joinAndLeave(table.id, player.token)).players[0]!.price_per_minute).toBe(300);
  });

  it('bills a running game with billing settings and discounts changed a moment before', async () => {
    const table = await newTable(100);
    const player = await newPlayer(k);
    const joined = await k.post('/v1/game/join', { table_id: table.id }, player.token);
    const gameId = (joined.body.game as TGame).id;
    await advance(k, 3 * 60_000);
    const total = async () => ((await k.get(`/v1/game/${gameId}`, player.token)).body.game as TGame).players[0]!.total;
    expect(await total()).toBe(300);

    const settings = { rounding_minutes: 1, minimum_charge: 1000, grace_minutes: 0 };
    expect((await k.post('/v1/settings/billing', settings, admin)).status).toBe(200);
    expect(await total()).toBe(1000);
    await k.post('/v1/settings/billing', { ...settings, minimum_charge: 0 }, admin);
    expect(await total()).toBe(300);

    const discount = await k.post(
      '/v1/discount/create',
      { name: 'Alltid', kind: 'percent', value: 50, applies_to: 'table_time', valid_from: '2000-01-01T00:00:00Z' },
      admin,
    );
    expect(discount.status, JSON.stringify(discount.body)).toBe(200);
    expect(await total()).toBe(150);
    const id = (discount.body.discount as { id: number }).id;
    expect((await k.post(`/v1/discount/delete/${id}`, {}, admin)).status).toBe(200);
    expect(await total()).toBe(300);
    await k.post('/v1/game/leave', { game_id: gameId }, player.token);
  });
});

import { type APIRequestContext, expect } from '@playwright/test';
import { uniquePerson } from './fixtures.ts';
import { waitForLink } from './mail.ts';

export interface Player {
  id: number;
  token: string;
  phone: string;
  name: string;
  email: string;
  password: string;
}

/** A verified player (role 2) made by the admin, with a password set from the mailed link. */
export async function newPlayer(api: APIRequestContext, adminToken: string, name = 'Pia', role = 2): Promise<Player> {
  const person = { ...uniquePerson(), name };
  const created = await api.post('/v1/user/create', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { ...person, role, email_verified: true, locale: 'nb' },
  });
  expect(created.ok(), 'create a player').toBe(true);
  const link = await waitForLink(person.email, '/reset-password-continue/');
  const token = decodeURIComponent(link.split('/reset-password-continue/')[1] ?? '');
  const set = await api.post('/v1/auth/reset-password/continue', {
    data: { token, password: person.password, password_confirmation: person.password },
  });
  expect(set.ok(), 'choose the player’s password').toBe(true);
  const login = await api.post('/v1/auth/login', { data: { email: person.email, password: person.password } });
  expect(login.ok(), 'log the player in').toBe(true);
  const answer = (await login.json()) as { token: string; user: { id: number } };
  return {
    id: answer.user.id,
    token: answer.token,
    phone: person.phone,
    name: `${person.name} ${person.surname}`,
    email: person.email,
    password: person.password,
  };
}

/** Moves (or freezes) the server's test clock. */
export async function moveClock(api: APIRequestContext, body: { advance_ms?: number; freeze?: boolean }) {
  const answer = await api.post('/v1/test/clock', { data: body });
  expect(answer.ok(), 'the test clock answers').toBe(true);
}

/** A table of the test's own, so other specs' games never get in the way. */
export async function newTable(
  api: APIRequestContext,
  adminToken: string,
  fields: { name?: string; price_per_minute?: number; x?: number; y?: number } = {},
): Promise<{ id: number; name: string }> {
  const answer = await api.post('/v1/table/create', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      name: fields.name ?? `Bord ${Math.random().toString(36).slice(2, 6)}`,
      capacity: 4,
      price_per_minute: fields.price_per_minute ?? 250,
      x: fields.x ?? 50,
      y: fields.y ?? 50,
    },
  });
  expect(answer.ok(), 'create a table').toBe(true);
  return ((await answer.json()) as { table: { id: number; name: string } }).table;
}

/** The player plays `minutes` at the table and leaves: the id of their waiting order. */
export async function playAndLeave(
  api: APIRequestContext,
  player: Player,
  tableId: number,
  minutes: number,
): Promise<number> {
  const auth = { authorization: `Bearer ${player.token}` };
  const joined = await api.post('/v1/game/join', { headers: auth, data: { table_id: tableId } });
  expect(joined.ok(), 'join').toBe(true);
  const { game } = (await joined.json()) as { game: { id: number } };
  await moveClock(api, { advance_ms: minutes * 60_000 });
  const left = await api.post('/v1/game/leave', { headers: auth, data: { game_id: game.id } });
  expect(left.ok(), 'leave').toBe(true);
  return ((await left.json()) as { order_id: number }).order_id;
}

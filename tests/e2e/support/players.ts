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
export async function newPlayer(api: APIRequestContext, adminToken: string, name = 'Pia'): Promise<Player> {
  const person = { ...uniquePerson(), name };
  const created = await api.post('/v1/user/create', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { ...person, role: 2, email_verified: true, locale: 'nb' },
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

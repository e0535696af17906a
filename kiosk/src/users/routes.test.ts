import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, linkIn, newPlayer, person, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import {
  games,
  mailOutbox,
  orders,
  players,
  poolTables,
  subscriptionProducts,
  userSubscriptions,
} from '../db/schema.ts';

let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk({ smtp: true });
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

async function player(overrides: Record<string, unknown> = {}) {
  const body = person(overrides);
  const answer = await k.post('/v1/auth/register', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const user = answer.body.user as { id: number; email: string; phone: string; role_id: number };
  return { user, body, token: await k.login(body.email, body.password) };
}

const editable = (u: { id: number; email: string; phone: string; role_id: number }) => ({
  id: u.id,
  name: 'Ola',
  surname: 'Hansen',
  email: u.email,
  phone: u.phone,
  role: u.role_id,
});

describe('GET /v1/user/all', () => {
  it('pages through users and searches name, surname, e-mail and phone', async () => {
    const marker = `Zyx${Date.now() % 100000}`;
    const made = [];
    for (let i = 0; i < 22; i++) made.push(await player({ surname: `${marker}${String(i).padStart(2, '0')}` }));
    const first = await k.get(`/v1/user/all?user=${marker}`, admin);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, current_page: 1, last_page: 2, per_page: 20, total: 22 });
    expect((first.body.data as unknown[]).length).toBe(20);
    const second = await k.get(`/v1/user/all?user=${marker}&page=2`, admin);
    expect((second.body.data as unknown[]).length).toBe(2);

    const one = made[5]!.user;
    const byEmail = await k.get(`/v1/user/all?user=${encodeURIComponent(one.email.toUpperCase())}`, admin);
    expect((byEmail.body.data as { id: number }[]).map((u) => u.id)).toEqual([one.id]);
    const byPhone = await k.get(`/v1/user/all?user=${one.phone.slice(-8)}`, admin);
    expect((byPhone.body.data as { id: number }[]).map((u) => u.id)).toEqual([one.id]);
    const byFullName = await k.get(`/v1/user/all?user=${encodeURIComponent(`Kari ${marker}05`)}`, admin);
    expect((byFullName.body.data as { id: number }[]).map((u) => u.id)).toEqual([one.id]);
    const none = await k.get('/v1/user/all?user=%25_no-such-person', admin);
    expect(none.body).toMatchObject({ total: 0, data: [], last_page: 1 });
    // "%" and "_" are searched for as typed, never as wildcards matching everyone
    expect((await k.get('/v1/user/all?user=%25', admin)).body).toMatchObject({ total: 0 });
    expect((await k.get('/v1/user/all?user=_', admin)).body).toMatchObject({ total: 0 });
  });

  it('refuses a page that is not a positive number', async () => {
    expect((await k.get('/v1/user/all?page=0', admin)).body).toMatchObject({
      message: 'error.validation_failed',
      errors: { page: 'validation.min' },
    });
    expect((await k.get('/v1/user/all?page=abc', admin)).body.message).toBe('error.validation_failed');
  });

  it('is for admins only', async () => {
    const { token } = await player();
    expect(await k.get('/v1/user/all', token)).toMatchObject({ status: 403, body: { message: 'error.forbidden' } });
    expect(await k.get('/v1/user/all')).toMatchObject({ status: 401, body: { message: 'error.auth_required' } });
  });
});

describe('GET /v1/user/all-without-pagination', () => {
  it('lists every user for admins only', async () => {
    const answer = await k.get('/v1/user/all-without-pagination', admin);
    expect(answer.status).toBe(200);
    expect((answer.body.data as { email: string }[]).some((u) => u.email === ADMIN.email)).toBe(true);
    expect(Object.keys(answer.body)).not.toContain('current_page');
    const { token } = await player();
    expect((await k.get('/v1/user/all-without-pagination', token)).status).toBe(403);
    expect((await k.get('/v1/user/all-without-pagination')).status).toBe(401);
  });
});

describe('GET /v1/user/{id}', () => {
  it('answers a user to admins and to the user themself', async () => {
    const { user, token } = await player();
    expect((await k.get(`/v1/user/${user.id}`, admin)).body).toMatchObject({ success: true, user: { id: user.id } });
    expect((await k.get(`/v1/user/${user.id}`, token)).body).toMatchObject({ success: true, user: { id: user.id } });
  });

  it('answers user null with the reason otherwise', async () => {
    const { token } = await player();
    const { user: other } = await player();
    expect(await k.get(`/v1/user/${other.id}`, token)).toMatchObject({
      status: 403,
      body: { success: false, user: null, message: 'error.forbidden' },
    });
    expect(await k.get('/v1/user/999999', admin)).toMatchObject({
      status: 404,
      body: { success: false, user: null, message: 'error.user_not_found' },
    });
    expect(await k.get('/v1/user/abc', admin)).toMatchObject({
      status: 422,
      body: { message: 'error.validation_failed', errors: { id: 'validation.number' } },
    });
    expect((await k.get(`/v1/user/${other.id}`)).status).toBe(401);
  });
});

describe('GET /v1/user/profile', () => {
  it('answers the logged-in user with the fields the web app routes on', async () => {
    const { user, token } = await player();
    const answer = await k.get('/v1/user/profile', token);
    expect(answer.body.user).toMatchObject({ id: user.id, role_id: 2, is_admin: false, is_verified: false });
  });
});

describe('POST /v1/user/update', () => {
  it('lets a player edit their own account but not their role', async () => {
    const { user, token } = await player();
    const saved = await k.post('/v1/user/update', { ...editable(user), locale: 'en' }, token);
    expect(saved.body).toMatchObject({ success: true, user: { name: 'Ola', surname: 'Hansen', locale: 'en' } });
    expect((await k.post('/v1/user/update', { ...editable(user), role: 1 }, token)).body.message).toBe(
      'error.forbidden',
    );
    expect((await k.post('/v1/user/update', { ...editable(user), is_admin: true }, token)).body.message).toBe(
      'error.forbidden',
    );
    const { user: other } = await player();
    expect(await k.post('/v1/user/update', editable(other), token)).toMatchObject({
      status: 403,
      body: { message: 'error.forbidden' },
    });
  });

  it('lets an admin change anyone’s role and admin flag', async () => {
    const { user, token } = await player();
    const saved = await k.post('/v1/user/update', { ...editable(user), role: 3, is_admin: true }, admin);
    expect(saved.body.user).toMatchObject({ role_id: 3, is_admin: true });
    expect((await k.get('/v1/user/profile', token)).body.user).toMatchObject({ role_id: 3 });
  });

  it('makes a changed e-mail address unverified again', async () => {
    const { user, token, body } = await player();
    const link = linkIn(await k.mailbox!.next(body.email));
    await k.post('/v1/auth/verify', { token: link.token });
    const answer = await k.post('/v1/user/update', { ...editable(user), email: `new.${body.email}` }, token);
    expect(answer.body.user).toMatchObject({ email: `new.${body.email}`, is_verified: false });
    // the verification screen says a link went to the new address: it did, and it proves it
    const sent = linkIn(await k.mailbox!.next(`new.${body.email}`));
    expect((await k.post('/v1/auth/verify', { token: sent.token }, token)).body.user).toMatchObject({
      email: `new.${body.email}`,
      is_verified: true,
    });
  });

  it('lets an admin confirm an address, never the player themselves', async () => {
    const { user, token, body } = await player();
    await k.mailbox!.next(body.email);
    expect(await k.post('/v1/user/update', { ...editable(user), email_verified: true }, token)).toMatchObject({
      status: 403,
      body: { message: 'error.forbidden' },
    });
    expect((await k.get('/v1/user/profile', token)).body.user).toMatchObject({ is_verified: false });
    const confirmed = await k.post('/v1/user/update', { ...editable(user), email_verified: true }, admin);
    expect(confirmed.body.user).toMatchObject({ is_verified: true });
    // a player saving their own form with the flag as it is changes nothing
    expect((await k.post('/v1/user/update', { ...editable(user), email_verified: true }, token)).status).toBe(200);
    expect(
      (await k.post('/v1/user/update', { ...editable(user), email_verified: false }, admin)).body.user,
    ).toMatchObject({ is_verified: false });
  });

  it('answers the catalogue keys for unknown users, roles and taken addresses', async () => {
    const { user } = await player();
    const { user: other } = await player();
    expect((await k.post('/v1/user/update', { ...editable(user), id: 999999 }, admin)).body.message).toBe(
      'error.user_not_found',
    );
    expect((await k.post('/v1/user/update', { ...editable(user), role: 999 }, admin)).body.message).toBe(
      'error.role_not_found',
    );
    expect(await k.post('/v1/user/update', { ...editable(user), email: other.email }, admin)).toMatchObject({
      status: 409,
      body: { message: 'error.email_or_phone_already_in_use' },
    });
    const missing = await k.post('/v1/user/update', { id: user.id }, admin);
    expect(missing.body.errors).toMatchObject({ name: 'validation.required', role: 'validation.required' });
    expect((await k.post('/v1/user/update', editable(user))).status).toBe(401);
  });
});

describe('POST /v1/user/update mails a changed address', () => {
  it('as many links as asking for one gives: one over is refused, changes nothing and mails nothing', async () => {
    // its own club, with an allowance of three
    const limited = await startTestKiosk({ env: { AUTH_RATE_LIMIT: '3' } });
    try {
      const p = await newPlayer(limited);
      const change = (email: string) => limited.post('/v1/user/update', { ...editable(p.user), email }, p.token);
      const mailsTo = async (to: string) =>
        (await limited.kiosk.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).length;
      const [one, two] = [`one.${p.body.email}`, `two.${p.body.email}`];
      for (const email of [one, two, one]) expect((await change(email)).status).toBe(200);
      expect(await change(two)).toMatchObject({ status: 429, body: { message: 'error.rate_limited' } });
      expect((await limited.get('/v1/user/profile', p.token)).body.user).toMatchObject({ email: one, name: 'Ola' });
      expect([await mailsTo(one), await mailsTo(two)]).toEqual([2, 1]);
      // an edit that mails no one is not counted, and another person has an allowance of their own
      expect(
        (await limited.post('/v1/user/update', { ...editable(p.user), email: one, name: 'Per' }, p.token)).status,
      ).toBe(200);
      const q = await newPlayer(limited);
      expect(
        (await limited.post('/v1/user/update', { ...editable(q.user), email: `new.${q.body.email}` }, q.token)).status,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /v1/user/create', () => {
  it('creates a user who chooses a password through the mailed link', async () => {
    const body = person();
    const answer = await k.post(
      '/v1/user/create',
      { name: body.name, surname: body.surname, email: body.email, phone: body.phone, email_verified: true, role: 1 },
      admin,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.user).toMatchObject({ email: body.email, role_id: 1, is_verified: true });
    const mail = await k.mailbox!.next(body.email);
    expect(mail.subject).toBe('Din nye konto hos Cue Club');
    const { token } = linkIn(mail);
    expect((await k.post('/v1/auth/login', { email: body.email, password: 'chosen password' })).status).toBe(401);
    await k.post('/v1/auth/reset-password/continue', {
      token,
      password: 'chosen password',
      password_confirmation: 'chosen password',
    });
    await k.login(body.email, 'chosen password');
  });

  it('refuses unknown roles, taken addresses, missing fields and non-admins', async () => {
    const body = person();
    const base = {
      name: body.name,
      surname: body.surname,
      email: body.email,
      phone: body.phone,
      email_verified: false,
      role: 2,
    };
    expect((await k.post('/v1/user/create', { ...base, role: 999 }, admin)).body.message).toBe('error.role_not_found');
    expect((await k.post('/v1/user/create', { ...base, email: ADMIN.email }, admin)).body.message).toBe(
      'error.email_or_phone_already_in_use',
    );
    expect((await k.post('/v1/user/create', { name: 'x' }, admin)).body).toMatchObject({
      message: 'error.validation_failed',
      errors: { surname: 'validation.required', email: 'validation.required', role: 'validation.required' },
    });
    const { token } = await player();
    expect((await k.post('/v1/user/create', base, token)).status).toBe(403);
  });
});

describe('POST /v1/user/delete/{id}', () => {
  it('deletes a user and their sessions', async () => {
    const { user, token } = await player();
    expect((await k.post(`/v1/user/delete/${user.id}`, {}, admin)).body).toMatchObject({ success: true });
    expect((await k.get('/v1/user/profile', token)).status).toBe(401);
    expect((await k.get(`/v1/user/${user.id}`, admin)).body.message).toBe('error.user_not_found');
    expect((await k.post(`/v1/user/delete/${user.id}`, {}, admin)).body.message).toBe('error.user_not_found');
  });

  it('refuses while the user owes money, and refuses to delete oneself', async () => {
    const { user } = await player();
    await k.kiosk.database.db
      .insert(orders)
      .values({ userId: user.id, kind: 'shop', status: 'waiting', subtotal: 100, total: 100 });
    expect(await k.post(`/v1/user/delete/${user.id}`, {}, admin)).toMatchObject({
      status: 409,
      body: { message: 'error.user_has_open_orders' },
    });
    const me = (await k.get('/v1/user/profile', admin)).body.user as { id: number };
    expect(await k.post(`/v1/user/delete/${me.id}`, {}, admin)).toMatchObject({
      status: 403,
      body: { message: 'error.cannot_delete_self' },
    });
  });

  it('refuses while the user is playing at a table', async () => {
    const { user } = await player();
    const db = k.kiosk.database.db;
    const [table] = await db
      .insert(poolTables)
      .values({ name: 'Delete test', capacity: 4, pricePerMinute: 100 })
      .returning();
    const now = new Date();
    const [game] = await db.insert(games).values({ tableId: table!.id, status: 'playing', startedAt: now }).returning();
    await db.insert(players).values({
      gameId: game!.id,
      userId: user.id,
      name: 'Kari',
      roleId: 2,
      pricePerMinute: 100,
      joinedAt: now,
      status: 'joined',
    });
    expect(await k.post(`/v1/user/delete/${user.id}`, {}, admin)).toMatchObject({
      status: 409,
      body: { message: 'error.user_already_playing' },
    });
  });

  it('is for admins only', async () => {
    const { user, token } = await player();
    expect((await k.post(`/v1/user/delete/${user.id}`, {}, token)).status).toBe(403);
    expect((await k.post(`/v1/user/delete/${user.id}`)).status).toBe(401);
  });
});

describe('subscriptions and guests of the logged-in user', () => {
  it('answers the active subscription (or null) and the list', async () => {
    const { user, token } = await player();
    expect((await k.get('/v1/user/my-active-subscription', token)).body).toMatchObject({
      success: true,
      subscription: null,
    });
    expect((await k.get('/v1/user/my-subscriptions', token)).body).toMatchObject({ success: true, data: [] });

    const db = k.kiosk.database.db;
    const [product] = await db
      .insert(subscriptionProducts)
      .values({ name: '10 timer', durationHours: 10, price: 120000 })
      .returning();
    await db.insert(userSubscriptions).values([
      {
        userId: user.id,
        subscriptionId: product!.id,
        name: '10 timer',
        durationHours: 10,
        usedMinutes: 600,
        status: 'active',
      },
      {
        userId: user.id,
        subscriptionId: product!.id,
        name: '10 timer',
        durationHours: 10,
        usedMinutes: 90,
        status: 'active',
      },
      {
        userId: user.id,
        subscriptionId: product!.id,
        name: '10 timer',
        durationHours: 10,
        usedMinutes: 0,
        status: 'deleted',
      },
    ]);
    const active = await k.get('/v1/user/my-active-subscription', token);
    expect(active.body.subscription).toMatchObject({
      name: '10 timer',
      duration: 10,
      remaining_minutes: 510,
      status: 'active',
    });
    const mine = await k.get('/v1/user/my-subscriptions', token);
    expect((mine.body.data as unknown[]).length).toBe(2);
    expect((await k.get('/v1/user/my-subscriptions')).status).toBe(401);
  });

  it('answers the guests the user brought before, latest first', async () => {
    const { user, token } = await player();
    const db = k.kiosk.database.db;
    const [table] = await db.insert(poolTables).values({ name: 'T', capacity: 4, pricePerMinute: 100 }).returning();
    const t0 = new Date('2026-01-01T18:00:00Z');
    const [game] = await db.insert(games).values({ tableId: table!.id, status: 'ended', startedAt: t0 }).returning();
    const [host] = await db
      .insert(players)
      .values({
        gameId: game!.id,
        userId: user.id,
        name: 'Kari',
        roleId: 2,
        pricePerMinute: 100,
        joinedAt: t0,
        status: 'left',
      })
      .returning();
    await db.insert(players).values([
      {
        gameId: game!.id,
        name: 'Per',
        guestOf: host!.id,
        roleId: 3,
        pricePerMinute: 100,
        joinedAt: t0,
        status: 'left',
      },
      {
        gameId: game!.id,
        name: 'Pål',
        guestOf: host!.id,
        roleId: 3,
        pricePerMinute: 100,
        joinedAt: new Date('2026-01-02T18:00:00Z'),
        status: 'left',
      },
    ]);
    const answer = await k.get('/v1/user/guests', token);
    expect(answer.body.data).toEqual([
      { name: 'Pål', last_played_at: '2026-01-02T18:00:00.000Z' },
      { name: 'Per', last_played_at: '2026-01-01T18:00:00.000Z' },
    ]);
    expect((await k.get('/v1/user/guests')).status).toBe(401);
  });
});

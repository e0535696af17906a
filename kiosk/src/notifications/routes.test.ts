import type { Paginated } from '@club/shared/api';
import type { TNotification, TNotificationAdmin } from '@club/shared/notifications';
import type { TRolePricing } from '@club/shared/tables';
import type { TRole } from '@club/shared/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';

let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

describe('roles', () => {
  it('are listed, created, edited and deleted; the built-in ones stay', async () => {
    const p = await newPlayer(k);
    expect(((await k.get('/v1/role/all', p.token)).body.data as TRole[]).map((r) => r.name)).toEqual([
      'Medlem',
      'Spiller',
      'Gjest',
    ]);
    const created = (
      await k.post('/v1/role/create', { name: 'Junior', can_pay_later: true, home_page: '/shop' }, admin)
    ).body.role as TRole;
    expect(created).toMatchObject({ name: 'Junior', can_pay_later: true, home_page: '/shop' });
    expect((await k.get(`/v1/role/${created.id}`, p.token)).body.role).toEqual(created);
    expect(
      (await k.post('/v1/role/update', { id: created.id, name: 'Junior U18', can_pay_later: false }, admin)).body.role,
    ).toMatchObject({ name: 'Junior U18', can_pay_later: false, home_page: null });
    expect(await k.post('/v1/role/update', { name: 'Uten id' }, admin)).toMatchObject({
      status: 400,
      body: { message: 'error.id_required' },
    });
    expect((await k.post('/v1/role/update', { id: 999, name: 'x' }, admin)).body.message).toBe('error.role_not_found');
    expect((await k.get('/v1/role/999', p.token)).body.message).toBe('error.role_not_found');
    expect(
      (await k.post('/v1/role/create', { name: 'x', home_page: 'javascript:alert(1)' }, admin)).body.errors,
    ).toMatchObject({ home_page: 'validation.invalid' });
    expect((await k.post('/v1/role/create', { name: 'x' }, p.token)).status).toBe(403);

    await k.post(
      '/v1/user/update',
      { id: p.user.id, name: 'a', surname: 'b', email: p.user.email, phone: p.user.phone, role: created.id },
      admin,
    );
    expect(await k.post(`/v1/role/delete/${created.id}`, {}, admin)).toMatchObject({
      status: 409,
      body: { message: 'error.role_in_use' },
    });
    expect((await k.post('/v1/role/delete/3', {}, admin)).body.message).toBe('error.role_in_use');
    await k.post(
      '/v1/user/update',
      { id: p.user.id, name: 'a', surname: 'b', email: p.user.email, phone: p.user.phone, role: 2 },
      admin,
    );
    expect((await k.post(`/v1/role/delete/${created.id}`, {}, admin)).body.success).toBe(true);
  });
});

describe('a role’s name', () => {
  it('is refused when another role has it, in any case or spacing, on create and on rename', async () => {
    const refused = { status: 409, body: { message: 'error.role_name_taken', errors: { name: 'validation.taken' } } };
    expect(await k.post('/v1/role/create', { name: ' medlem ' }, admin)).toMatchObject(refused);
    const senior = (await k.post('/v1/role/create', { name: 'Senior  60+' }, admin)).body.role as TRole;
    expect(await k.post('/v1/role/update', { id: senior.id, name: 'spiller' }, admin)).toMatchObject(refused);
    expect((await k.post('/v1/role/update', { id: senior.id, name: 'senior 60+' }, admin)).status).toBe(200);
    const both = await Promise.all([1, 2].map(() => k.post('/v1/role/create', { name: 'Samtidig' }, admin)));
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});

describe('role pricing', () => {
  it('sets, reads and removes prices per role and table, and a player pays the new price', async () => {
    const table = (await k.post('/v1/table/create', { name: 'Pris', capacity: 2, price_per_minute: 300 }, admin)).body
      .table as { id: number };
    expect((await k.get('/v1/pricing/2', admin)).body.message).toBe('error.role_configs_not_found');
    const set = await k.post('/v1/pricing/update', { role_id: 2, table_id: table.id, price_per_minute: 150 }, admin);
    expect((set.body.data as TRolePricing[]).filter((p) => p.role_id === 2)).toEqual([
      expect.objectContaining({ table_id: table.id, price_per_minute: 150 }),
    ]);
    await k.post('/v1/pricing/update', { role_id: 2, table_id: table.id, price_per_minute: 180 }, admin);
    expect(((await k.get('/v1/pricing/2', admin)).body.data as TRolePricing[]).map((p) => p.price_per_minute)).toEqual([
      180,
    ]);

    const p = await newPlayer(k);
    const game = (await k.post('/v1/game/join', { table_id: table.id }, p.token)).body.game as {
      id: number;
      players: { price_per_minute: number }[];
    };
    expect(game.players[0]!.price_per_minute).toBe(180);
    await advance(k, 60_000);
    await k.post('/v1/game/leave', { game_id: game.id }, p.token);

    expect(
      (await k.post('/v1/pricing/update', { role_id: 2, table_id: table.id, price_per_minute: null }, admin)).status,
    ).toBe(200);
    expect(
      (await k.post('/v1/pricing/update', { role_id: 2, table_id: table.id, price_per_minute: null }, admin)).body
        .message,
    ).toBe('error.role_configs_not_found');
    expect((await k.post('/v1/pricing/update', { role_id: 999, price_per_minute: 1 }, admin)).body.message).toBe(
      'error.role_not_found',
    );
    expect(
      (await k.post('/v1/pricing/update', { role_id: 2, table_id: 999999, price_per_minute: 1 }, admin)).body.message,
    ).toBe('error.table_not_found');
    expect((await k.post('/v1/pricing/update', { role_id: 2, price_per_minute: 1 }, p.token)).status).toBe(403);
  });
});

describe('notifications', () => {
  it('reach everyone, a role or one person, within their time, with read state', async () => {
    const p = await newPlayer(k);
    const other = await newPlayer(k);
    const mine = async (token: string) =>
      (await k.get('/v1/notification/my', token)).body as unknown as { data: TNotification[]; unread: number };
    const create = (body: Record<string, unknown>) => k.post('/v1/notification/create', body, admin);
    const all = (
      await create({ message: 'Stengt 17. mai', audience: 'all', url: 'https://example.no/info', link_text: 'Les mer' })
    ).body.notification as { id: number };
    await create({ message: 'Medlemskveld', audience: 'role', role_id: 1 });
    await create({ message: 'Bare til deg', audience: 'user', user_id: p.user.id, url: '/shop' });
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await create({ message: 'Senere', audience: 'all', starts_at: future });

    const seen = await mine(p.token);
    expect(seen.data.map((n) => n.message)).toEqual(expect.arrayContaining(['Stengt 17. mai', 'Bare til deg']));
    expect(seen.data.map((n) => n.message)).not.toContain('Medlemskveld');
    expect(seen.data.map((n) => n.message)).not.toContain('Senere');
    expect(seen.unread).toBe(seen.data.length);
    expect((await mine(other.token)).data.map((n) => n.message)).not.toContain('Bare til deg');

    expect((await k.post(`/v1/notification/read/${all.id}`, {}, p.token)).status).toBe(200);
    expect((await mine(p.token)).unread).toBe(seen.unread - 1);
    expect((await k.post('/v1/notification/read/999999', {}, p.token)).body.message).toBe('error.not_found');
    const listed = (await k.get('/v1/notification/all', admin)).body.data as { id: number; read_count: number }[];
    expect(listed.find((n) => n.id === all.id)?.read_count).toBe(1);
  });

  it('only link to https: addresses or pages in the app, and need their audience', async () => {
    const bad = async (body: Record<string, unknown>) =>
      (await k.post('/v1/notification/create', { message: 'x', audience: 'all', ...body }, admin)).body.errors;
    expect(await bad({ url: 'javascript:alert(1)' })).toMatchObject({ url: 'validation.url' });
    expect(await bad({ url: 'http://example.no' })).toMatchObject({ url: 'validation.url' });
    expect(await bad({ url: '//evil.example' })).toMatchObject({ url: 'validation.url' });
    expect(await bad({ url: 'data:text/html,<script>alert(1)</script>' })).toMatchObject({ url: 'validation.url' });
    expect(await bad({ url: ' JavaScript:alert(1)' })).toMatchObject({ url: 'validation.url' });
    expect(await bad({ url: '/\\evil.example' })).toMatchObject({ url: 'validation.url' });
    // an edit is held to the same rule, and a refused edit leaves the link as it was
    const safe = (await k.post('/v1/notification/create', { message: 'Lenke', audience: 'all', url: '/shop' }, admin))
      .body.notification as { id: number };
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'http://example.no', '//evil.example']) {
      const edited = await k.post(
        '/v1/notification/update',
        { id: safe.id, message: 'Lenke', audience: 'all', url },
        admin,
      );
      expect(edited, url).toMatchObject({ status: 422, body: { errors: { url: 'validation.url' } } });
    }
    const kept = (await k.get('/v1/notification/all', admin)).body.data as { id: number; url: string | null }[];
    expect(kept.find((n) => n.id === safe.id)?.url).toBe('/shop');
    expect(await bad({ audience: 'role' })).toMatchObject({ role_id: 'validation.required' });
    expect(await bad({ audience: 'user' })).toMatchObject({ user_id: 'validation.required' });
    expect(await bad({ starts_at: '2026-02-01T00:00:00Z', ends_at: '2026-01-01T00:00:00Z' })).toMatchObject({
      ends_at: 'validation.invalid',
    });
  });

  it('are listed for admins a page at a time, newest first, each with its own read count', async () => {
    const page = async (n: number) =>
      (await k.get(`/v1/notification/all?page=${n}`, admin)).body as unknown as Paginated<TNotificationAdmin>;
    const p = await newPlayer(k);
    const sent: number[] = [];
    for (let i = 0; i < 21; i++) {
      const made = await k.post('/v1/notification/create', { message: `Melding ${i}`, audience: 'all' }, admin);
      sent.push((made.body.notification as { id: number }).id);
    }
    // the oldest of these falls on the second page: its read is counted there
    await k.post(`/v1/notification/read/${sent[0]}`, {}, p.token);
    const first = await page(1);
    expect(first).toMatchObject({ current_page: 1, per_page: 20 });
    expect(first.total).toBeGreaterThanOrEqual(21);
    expect(first.last_page).toBe(Math.ceil(first.total / 20));
    expect(first.data.map((n) => n.id)).toEqual(sent.slice(1).reverse().slice(0, 20));
    const second = await page(2);
    expect(second).toMatchObject({ current_page: 2, total: first.total });
    expect(second.data[0]).toMatchObject({ id: sent[0], read_count: 1 });
    expect(first.data.every((n) => n.read_count === 0)).toBe(true);
    expect((await k.get('/v1/notification/all?page=0', admin)).status).toBe(422);
  });

  it('are edited and deleted by admins only', async () => {
    const created = (await k.post('/v1/notification/create', { message: 'Før', audience: 'all' }, admin)).body
      .notification as { id: number };
    const edited = await k.post(
      '/v1/notification/update',
      { id: created.id, message: 'Etter', audience: 'all' },
      admin,
    );
    expect(edited.body.notification).toMatchObject({ message: 'Etter' });
    const p = await newPlayer(k);
    expect((await k.post(`/v1/notification/delete/${created.id}`, {}, p.token)).status).toBe(403);
    expect((await k.post(`/v1/notification/delete/${created.id}`, {}, admin)).body.success).toBe(true);
    expect((await k.post(`/v1/notification/delete/${created.id}`, {}, admin)).body.message).toBe('error.not_found');
  });
});

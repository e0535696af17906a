import type { TCart, TProduct, TSubscriptionProduct, TUserSubscription } from '@club/shared/shop';
import type { TGame } from '@club/shared/tables';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk } from '../../tests/harness.ts';
import { notifications } from '../db/schema.ts';
import { sendSubscriptionAlerts } from './subscriptions.ts';

let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

const newProduct = async (fields: Record<string, unknown> = {}) =>
  (await k.post('/v1/product/create', { name: 'Cola', price: 3900, count: 10, ...fields }, admin)).body
    .product as TProduct;
const newCatalogueItem = async (fields: Record<string, unknown> = {}) =>
  (await k.post('/v1/subscription/create', { name: '10 timer', duration: 10, price: 120000, ...fields }, admin)).body
    .subscription as TSubscriptionProduct;

async function upload(productId: number, data: Buffer, type = 'image/png', token = admin) {
  const form = new FormData();
  form.set('id', String(productId));
  form.set('image', new Blob([new Uint8Array(data)], { type }), 'photo.png');
  const res = await fetch(`${k.url}/v1/product/image`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('products', () => {
  it('are created, listed in order, moved, edited and deleted by admins', async () => {
    const a = await newProduct({ name: 'A' });
    const b = await newProduct({ name: 'B' });
    const hidden = await newProduct({ name: 'Hidden', active: false });
    const ids = async (query = '', token?: string) =>
      ((await k.get(`/v1/product/all${query}`, token)).body.data as TProduct[]).map((p) => p.id);
    expect((await ids()).indexOf(a.id)).toBeLessThan((await ids()).indexOf(b.id));
    expect(await ids()).not.toContain(hidden.id);
    expect(await ids('?all=1', admin)).toContain(hidden.id);
    expect((await k.get('/v1/product/all?all=1')).body.message).toBe('error.forbidden');

    expect((await k.post('/v1/product/move', { id: b.id, direction: 'up' }, admin)).status).toBe(200);
    expect((await ids()).indexOf(b.id)).toBeLessThan((await ids()).indexOf(a.id));
    const first = (await ids('?all=1', admin))[0]!;
    expect(await k.post('/v1/product/move', { id: first, direction: 'up' }, admin)).toMatchObject({
      status: 409,
      body: { message: 'error.product_at_top' },
    });

    const edited = await k.post(
      '/v1/product/update',
      { id: a.id, name: 'A2', description: 'Ny', price: 4500, count: 3, active: true },
      admin,
    );
    expect(edited.body.product).toMatchObject({ name: 'A2', description: 'Ny', price: 4500, count: 3 });
    expect(
      (await k.post('/v1/product/update', { id: 999999, name: 'x', price: 1, count: 1 }, admin)).body.message,
    ).toBe('error.unable_to_find_product');
    expect((await k.post(`/v1/product/delete/${a.id}`, {}, admin)).body.success).toBe(true);
    expect((await k.get(`/v1/product/${a.id}`)).body.message).toBe('error.unable_to_find_product');
    expect((await k.post('/v1/product/create', { name: '', price: -1 }, admin)).body.errors).toMatchObject({
      name: 'validation.required',
      price: 'validation.min',
      count: 'validation.required',
    });
    const p = await newPlayer(k);
    expect((await k.post('/v1/product/create', { name: 'x', price: 1, count: 1 }, p.token)).status).toBe(403);
  });

  it('take a photo checked by its content, stored with a thumbnail and cached for ever', async () => {
    const product = await newProduct();
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const saved = await upload(product.id, png);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stored = saved.body.product as TProduct;
    expect(stored.image).toMatch(/^\/uploads\/products\/\d+-[0-9a-f]{16}\.webp$/);
    expect(stored.thumbnail).toBe(stored.image!.replace('.webp', '-thumb.webp'));
    const image = await fetch(`${k.url}${stored.image}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toContain('immutable');
    const thumb = await sharp(Buffer.from(await (await fetch(`${k.url}${stored.thumbnail}`)).arrayBuffer())).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 400, 400]);

    const fake = await upload(product.id, Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(fake).toMatchObject({ status: 400, body: { message: 'error.image_upload_not_successful' } });
    const huge = await upload(product.id, Buffer.alloc(6 * 1024 * 1024, 1));
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    expect((await upload(999999, png)).body.message).toBe('error.unable_to_find_product');
    const p = await newPlayer(k);
    expect((await upload(product.id, png, 'image/png', p.token)).status).toBe(403);
    expect((await fetch(`${k.url}/uploads/../package.json`)).status).toBe(404);
  });
});

describe('the cart', () => {
  it('is kept on the server: add, change, remove, and check out', async () => {
    const p = await newPlayer(k);
    const cola = await newProduct({ price: 3900, count: 5 });
    const hours = await newCatalogueItem({ price: 100000 });
    expect((await k.get('/v1/cart', p.token)).body.cart).toEqual({ items: [], total: 0 });
    await k.post('/v1/cart/add', { product_id: cola.id, count: 2 }, p.token);
    const added = (await k.post('/v1/cart/add', { product_id: cola.id }, p.token)).body.cart as TCart;
    expect(added.items).toEqual([
      expect.objectContaining({ product_id: cola.id, name: 'Cola', count: 3, unit_price: 3900, total: 11700 }),
    ]);
    const withHours = (await k.post('/v1/cart/add', { subscription_id: hours.id, count: 1 }, p.token)).body
      .cart as TCart;
    expect(withHours.total).toBe(111700);
    const colaItem = withHours.items.find((i) => i.product_id === cola.id)!;
    expect(
      ((await k.post('/v1/cart/update', { item_id: colaItem.id, count: 1 }, p.token)).body.cart as TCart).total,
    ).toBe(103900);
    const hoursItem = withHours.items.find((i) => i.subscription_id === hours.id)!;
    expect(
      ((await k.post('/v1/cart/remove', { item_id: hoursItem.id }, p.token)).body.cart as TCart).items,
    ).toHaveLength(1);

    const other = await newPlayer(k);
    expect((await k.post('/v1/cart/remove', { item_id: colaItem.id }, other.token)).body.message).toBe(
      'error.items_not_found',
    );
    expect((await k.post('/v1/cart/add', { product_id: 999999 }, p.token)).body.message).toBe(
      'error.unable_to_find_product',
    );
    expect((await k.post('/v1/cart/add', { subscription_id: 999999 }, p.token)).body.message).toBe(
      'error.subscription_not_found',
    );
    expect((await k.post('/v1/cart/add', {}, p.token)).body.message).toBe('error.validation_failed');
    // never more than the stock (5 colas, 1 in the cart)
    expect(await k.post('/v1/cart/add', { product_id: cola.id, count: 5 }, p.token)).toMatchObject({
      status: 409,
      body: { message: 'error.out_of_stock' },
    });
    expect((await k.post('/v1/cart/update', { item_id: colaItem.id, count: 6 }, p.token)).body.message).toBe(
      'error.out_of_stock',
    );
    expect((await k.post('/v1/cart/add', { product_id: cola.id, count: 0 }, p.token)).body.errors).toMatchObject({
      count: 'validation.min',
    });

    const order = await k.post('/v1/order/init', {}, p.token);
    expect(order.body.order).toMatchObject({ kind: 'shop', total: 3900 });
    expect(((await k.get('/v1/cart', p.token)).body.cart as TCart).items).toEqual([]);
  });
});

describe('subscriptions', () => {
  it('are sold from a catalogue that admins keep', async () => {
    const item = await newCatalogueItem({ name: '25 timer', duration: 25, price: 270000 });
    expect((await k.get('/v1/subscription/all')).body.data).toContainEqual(item);
    const edited = await k.post(
      '/v1/subscription/update',
      { id: item.id, name: '25 t', duration: 25, price: 250000, active: false },
      admin,
    );
    expect(edited.body.subscription).toMatchObject({ name: '25 t', price: 250000, active: false });
    expect((await k.get('/v1/subscription/all')).body.data).not.toContainEqual(
      expect.objectContaining({ id: item.id }),
    );
    expect(
      (await k.post('/v1/subscription/update', { id: 999999, name: 'x', duration: 1, price: 1 }, admin)).body.message,
    ).toBe('error.subscription_not_found');
    expect((await k.post(`/v1/subscription/delete/${item.id}`, {}, admin)).body.success).toBe(true);
    expect((await k.post(`/v1/subscription/delete/${item.id}`, {}, admin)).body.message).toBe(
      'error.subscription_not_found',
    );
  });

  it('are paused, resumed and deleted by their owner as the machine allows', async () => {
    const p = await newPlayer(k);
    const item = await newCatalogueItem();
    const mine = (await k.post('/v1/subscription/add', { user_id: p.user.id, subscription_id: item.id }, admin)).body
      .subscription as TUserSubscription;
    expect(mine).toMatchObject({ status: 'active', remaining_minutes: 600 });
    expect((await k.post('/v1/subscription/pause', { id: mine.id }, p.token)).body.subscription).toMatchObject({
      status: 'paused',
    });
    expect(await k.post('/v1/subscription/pause', { id: mine.id }, p.token)).toMatchObject({
      status: 409,
      body: { message: 'error.subscription_already_paused' },
    });
    expect((await k.get('/v1/user/my-active-subscription', p.token)).body.subscription).toBeNull();
    expect((await k.post('/v1/subscription/unpause', { id: mine.id }, p.token)).body.subscription).toMatchObject({
      status: 'active',
    });
    const stranger = await newPlayer(k);
    expect((await k.post('/v1/subscription/pause', { id: mine.id }, stranger.token)).body.message).toBe(
      'error.subscription_not_found',
    );
    expect((await k.post('/v1/subscription/pause', { id: mine.id }, admin)).body.subscription).toMatchObject({
      status: 'paused',
    });
    expect((await k.post('/v1/subscription/remove', { id: mine.id }, p.token)).body.subscription).toMatchObject({
      status: 'deleted',
    });
    expect((await k.post('/v1/subscription/unpause', { id: mine.id }, p.token)).body.message).toBe(
      'error.nothing_happened',
    );
    expect(
      (await k.post('/v1/subscription/add', { user_id: 999999, subscription_id: item.id }, admin)).body.message,
    ).toBe('error.user_not_found');
    expect(
      (await k.post('/v1/subscription/add', { user_id: p.user.id, subscription_id: 999999 }, admin)).body.message,
    ).toBe('error.subscription_not_found');
    expect(
      (await k.post('/v1/subscription/add', { user_id: p.user.id, subscription_id: item.id }, p.token)).status,
    ).toBe(403);
  });

  it('pay minutes at the table first, and a pause mid-game charges the normal price', async () => {
    const p = await newPlayer(k);
    const item = await newCatalogueItem({ duration: 1 });
    const mine = (await k.post('/v1/subscription/add', { user_id: p.user.id, subscription_id: item.id }, admin)).body
      .subscription as TUserSubscription;
    const table = (await k.post('/v1/table/create', { name: 'Abo', capacity: 2, price_per_minute: 200 }, admin)).body
      .table as { id: number };
    const game = (await k.post('/v1/game/join', { table_id: table.id }, p.token)).body.game as TGame;
    expect(game.players[0]!.billing.subscription_minutes).toBe(60);
    await advance(k, 20 * 60_000);
    const view = async () => ((await k.get(`/v1/game/${game.id}`, p.token)).body.game as TGame).players[0]!;
    expect(await view()).toMatchObject({ minutes: 20, total: 0 });
    // the time left counts the game in progress, for the player and for admins
    expect(((await k.get('/v1/user/my-subscriptions', p.token)).body.data as TUserSubscription[])[0]).toMatchObject({
      remaining_minutes: 40,
    });
    expect((await k.get('/v1/user/my-active-subscription', p.token)).body.subscription).toMatchObject({
      remaining_minutes: 40,
    });
    expect(
      ((await k.get(`/v1/user/${p.user.id}/subscriptions`, admin)).body.data as TUserSubscription[])[0],
    ).toMatchObject({ remaining_minutes: 40 });
    expect((await k.get(`/v1/user/${p.user.id}/subscriptions`, p.token)).status).toBe(403);
    await k.post('/v1/subscription/pause', { id: mine.id }, p.token);
    await advance(k, 10 * 60_000);
    expect(await view()).toMatchObject({ minutes: 30, total: 10 * 200 });
    await k.post('/v1/subscription/unpause', { id: mine.id }, p.token);
    await advance(k, 10 * 60_000);
    expect(await view()).toMatchObject({ minutes: 40, total: 10 * 200 });
    const left = await k.post('/v1/game/leave', { game_id: game.id }, p.token);
    const order = (await k.get(`/v1/order/${left.body.order_id}`, p.token)).body.order as {
      total: number;
      items: { subscription_minutes: number }[];
    };
    expect(order.total).toBe(2000);
    expect(order.items[0]?.subscription_minutes).toBe(30);
    expect(((await k.get('/v1/user/my-subscriptions', p.token)).body.data as TUserSubscription[])[0]).toMatchObject({
      remaining_minutes: 30,
    });
  });

  it('warn the player at 10 minutes left and when the time is out', async () => {
    const p = await newPlayer(k);
    const item = await newCatalogueItem({ duration: 1 });
    await k.post('/v1/subscription/add', { user_id: p.user.id, subscription_id: item.id }, admin);
    const table = (await k.post('/v1/table/create', { name: 'Varsel', capacity: 2, price_per_minute: 100 }, admin)).body
      .table as { id: number };
    await k.post('/v1/game/join', { table_id: table.id }, p.token);
    const mine = () => k.kiosk.database.db.select().from(notifications).where(eq(notifications.userId, p.user.id));
    await sendSubscriptionAlerts(k.kiosk.database.db);
    expect(await mine()).toHaveLength(0);
    await advance(k, 51 * 60_000);
    await sendSubscriptionAlerts(k.kiosk.database.db);
    await sendSubscriptionAlerts(k.kiosk.database.db);
    expect((await mine()).map((n) => n.message)).toEqual([expect.stringContaining('9 forhåndsbetalte minutter')]);
    await advance(k, 10 * 60_000);
    await sendSubscriptionAlerts(k.kiosk.database.db);
    const all = await mine();
    expect(all).toHaveLength(2);
    expect(all[1]?.message).toContain('brukt opp');
    expect(all[1]?.url).toBe(`/table/${table.id}`);
  });
});

import type { TOrder, TOrderDetail } from '@club/shared/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, advance, newPlayer, startTestKiosk, type TestKiosk, tableName } from '../../tests/harness.ts';
import { notifications, orders, outbox } from '../db/schema.ts';
import { TRANSFER_RETOLD_AFTER_MS } from './transfer-order.ts';

/**
 * Handing an order to someone else needs their yes: until they accept, the order stays the
 * sender's (waiting or on their tab) and the sender still owes it; the receiver is told and
 * accepts or declines; the sender may take the request back.
 */
let k: TestKiosk;
let admin: string;
beforeAll(async () => {
  k = await startTestKiosk();
  admin = await k.login(ADMIN.email, ADMIN.password);
});
afterAll(() => k.close());

type Player = Awaited<ReturnType<typeof newPlayer>>;

/** A player who played 10 minutes at 250 øre: a waiting game order of 2 500 øre. */
async function gameOrder() {
  const p = await newPlayer(k, { name: 'Sverre', surname: 'Sender' });
  const table = (await k.post('/v1/table/create', { name: tableName('T'), capacity: 4, price_per_minute: 250 }, admin))
    .body.table as { id: number };
  const game = (await k.post('/v1/game/join', { table_id: table.id }, p.token)).body.game as { id: number };
  await advance(k, 10 * 60_000);
  const orderId = (await k.post('/v1/game/leave', { game_id: game.id }, p.token)).body.order_id as number;
  return { p, orderId };
}
const detail = async (id: number, token: string) => (await k.get(`/v1/order/${id}`, token)).body.order as TOrderDetail;
const waiting = async (who: Player) => (await k.get('/v1/order/waiting', who.token)).body.data as TOrder[];
const incoming = async (who: Player) => (await k.get('/v1/order/transfer/incoming', who.token)).body.data as TOrder[];
const ask = (orderId: number, from: Player, to: Player) =>
  k.post('/v1/order/transfer', { id: orderId, user_id: to.user.id }, from.token);
const noticesOf = (userId: number) =>
  k.kiosk.database.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('a transfer waits for the receiver', () => {
  it('stays the sender’s order until the receiver accepts; the receiver is told and sees it', async () => {
    const { p, orderId } = await gameOrder();
    const friend = await newPlayer(k, { name: 'Frida', surname: 'Venn' });
    const asked = await ask(orderId, p, friend);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.order).toMatchObject({
      id: orderId,
      status: 'waiting',
      pending_transfer: { user_id: friend.user.id, name: 'Frida Venn' },
    });
    // no debt for the receiver yet; the sender still owes it
    expect(await waiting(friend)).toEqual([]);
    expect((await waiting(p)).map((o) => o.id)).toContain(orderId);
    expect(await detail(orderId, p.token)).toMatchObject({ status: 'waiting', total: 2500 });
    // the receiver is told, in the app and on their socket room
    const [note] = await noticesOf(friend.user.id);
    expect(note?.message).toContain('Sverre Sender');
    const events = await k.kiosk.database.db.select().from(outbox).where(eq(outbox.type, 'notification.created'));
    expect(events.some((e) => (e.payload as { user_id: number }).user_id === friend.user.id)).toBe(true);
    expect(await incoming(friend)).toEqual([
      expect.objectContaining({ id: orderId, total: 2500, user_name: 'Sverre Sender' }),
    ]);
    expect(await incoming(p)).toEqual([]);

    const accepted = await k.post('/v1/order/transfer/accept', { id: orderId }, friend.token);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const copy = accepted.body.order as TOrder;
    expect(copy).toMatchObject({ status: 'waiting', total: 2500, user_id: friend.user.id });
    expect(await detail(orderId, p.token)).toMatchObject({ status: 'transferred', pending_transfer: null });
    expect((await waiting(friend)).map((o) => o.id)).toEqual([copy.id]);
    expect(await incoming(friend)).toEqual([]);
    expect((await noticesOf(p.user.id)).some((n) => n.message.includes('Frida Venn'))).toBe(true);
  });

  it('lets the receiver decline: nothing moves, the sender is told and may ask someone else', async () => {
    const { p, orderId } = await gameOrder();
    const friend = await newPlayer(k, { name: 'Nora', surname: 'Nei' });
    await ask(orderId, p, friend);
    expect((await k.post('/v1/order/transfer/decline', { id: orderId }, friend.token)).status).toBe(200);
    expect(await detail(orderId, p.token)).toMatchObject({ status: 'waiting', pending_transfer: null });
    expect(await waiting(friend)).toEqual([]);
    expect(await incoming(friend)).toEqual([]);
    expect((await noticesOf(p.user.id)).some((n) => n.message.includes('Nora Nei'))).toBe(true);
    expect((await k.post('/v1/order/transfer/accept', { id: orderId }, friend.token)).body.message).toBe(
      'error.transfer_not_found',
    );
    const other = await newPlayer(k);
    expect((await ask(orderId, p, other)).status).toBe(200);
  });

  it('lets the sender take the request back, and asks one person at a time', async () => {
    const { p, orderId } = await gameOrder();
    const friend = await newPlayer(k);
    const other = await newPlayer(k);
    await ask(orderId, p, friend);
    expect(await ask(orderId, p, other)).toMatchObject({ status: 409, body: { message: 'error.transfer_pending' } });
    expect((await k.post('/v1/order/transfer/cancel', { id: orderId }, friend.token)).body.message).toBe(
      'error.order_not_found',
    );
    expect((await k.post('/v1/order/transfer/cancel', { id: orderId }, p.token)).body.order).toMatchObject({
      status: 'waiting',
      pending_transfer: null,
    });
    expect(await incoming(friend)).toEqual([]);
    expect((await k.post('/v1/order/transfer/accept', { id: orderId }, friend.token)).body.message).toBe(
      'error.transfer_not_found',
    );
    expect(await waiting(friend)).toEqual([]);
  });

  it('answers only the person asked', async () => {
    const { p, orderId } = await gameOrder();
    const friend = await newPlayer(k);
    const stranger = await newPlayer(k);
    await ask(orderId, p, friend);
    for (const path of ['/v1/order/transfer/accept', '/v1/order/transfer/decline']) {
      for (const who of [stranger, p]) {
        expect((await k.post(path, { id: orderId }, who.token)).body.message, path).toBe('error.transfer_not_found');
      }
    }
    expect(await detail(orderId, p.token)).toMatchObject({
      status: 'waiting',
      pending_transfer: { user_id: friend.user.id },
    });
  });

  it('refuses oneself, unknown people, and a transfer of someone else’s order', async () => {
    const { p, orderId } = await gameOrder();
    expect((await k.post('/v1/order/transfer', { id: orderId, user_id: p.user.id }, p.token)).body.message).toBe(
      'error.unable_to_update_order',
    );
    expect((await k.post('/v1/order/transfer', { id: orderId, user_id: 999999 }, p.token)).body.message).toBe(
      'error.user_not_found',
    );
    const stranger = await newPlayer(k);
    expect(
      (await k.post('/v1/order/transfer', { id: orderId, user_id: stranger.user.id }, stranger.token)).body.message,
    ).toBe('error.order_not_found');
  });

  it('is over once the sender pays: a late accept changes nothing', async () => {
    const { p, orderId } = await gameOrder();
    const friend = await newPlayer(k);
    await ask(orderId, p, friend);
    expect((await k.post('/v1/payment/system', { order_id: orderId }, admin)).status).toBe(200);
    expect(await incoming(friend)).toEqual([]);
    expect(await k.post('/v1/order/transfer/accept', { id: orderId }, friend.token)).toMatchObject({
      status: 409,
      body: { message: 'error.order_completed' },
    });
    expect(await waiting(friend)).toEqual([]);
  });
});

describe('a transfer asked again', () => {
  const toldOf = async (who: Player) => {
    const events = await k.kiosk.database.db.select().from(outbox).where(eq(outbox.type, 'notification.created'));
    return {
      notices: (await noticesOf(who.user.id)).length,
      pushes: events.filter((e) => (e.payload as { user_id: number }).user_id === who.user.id).length,
    };
  };
  const takeBack = (orderId: number, p: Player) => k.post('/v1/order/transfer/cancel', { id: orderId }, p.token);

  it('after taking it back tells the receiver once within ten minutes, and again after them', async () => {
    const { p, orderId } = await gameOrder();
    const friend = await newPlayer(k);
    expect((await ask(orderId, p, friend)).status).toBe(200);
    expect(await toldOf(friend)).toEqual({ notices: 1, pushes: 1 });
    expect((await takeBack(orderId, p)).status).toBe(200);
    // asked again: in their list as before, but their phone is not rung again
    expect((await ask(orderId, p, friend)).status).toBe(200);
    expect((await incoming(friend)).map((o) => o.id)).toEqual([orderId]);
    expect(await toldOf(friend)).toEqual({ notices: 1, pushes: 1 });
    expect((await takeBack(orderId, p)).status).toBe(200);
    await advance(k, TRANSFER_RETOLD_AFTER_MS - 60_000);
    expect((await ask(orderId, p, friend)).status).toBe(200);
    expect(await toldOf(friend)).toEqual({ notices: 1, pushes: 1 });
    expect((await takeBack(orderId, p)).status).toBe(200);
    await advance(k, 60_000 + 1);
    expect((await ask(orderId, p, friend)).status).toBe(200);
    expect(await toldOf(friend)).toEqual({ notices: 2, pushes: 2 });
    // another order of the same sender is news at once
    const next = await gameOrder();
    expect((await ask(next.orderId, next.p, friend)).status).toBe(200);
    expect(await toldOf(friend)).toEqual({ notices: 3, pushes: 3 });
  });

  it('is limited per sender: one ask over the allowance is refused and asks no one', async () => {
    // its own club, with an allowance of three
    const limited = await startTestKiosk({ env: { AUTH_RATE_LIMIT: '3' } });
    try {
      const staff = await limited.login(ADMIN.email, ADMIN.password);
      const p = await newPlayer(limited);
      const friend = await newPlayer(limited);
      const table = (
        await limited.post('/v1/table/create', { name: tableName('T'), capacity: 4, price_per_minute: 250 }, staff)
      ).body.table as { id: number };
      const game = (await limited.post('/v1/game/join', { table_id: table.id }, p.token)).body.game as { id: number };
      await advance(limited, 10 * 60_000);
      const orderId = (await limited.post('/v1/game/leave', { game_id: game.id }, p.token)).body.order_id as number;
      const askIt = () => limited.post('/v1/order/transfer', { id: orderId, user_id: friend.user.id }, p.token);
      const takeIt = () => limited.post('/v1/order/transfer/cancel', { id: orderId }, p.token);
      for (let i = 0; i < 3; i++) {
        expect((await askIt()).status).toBe(200);
        expect((await takeIt()).status).toBe(200);
      }
      expect(await askIt()).toMatchObject({ status: 429, body: { message: 'error.rate_limited' } });
      const [row] = await limited.kiosk.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(row).toMatchObject({ status: 'waiting', transferToUserId: null });
      expect((await limited.get('/v1/order/transfer/incoming', friend.token)).body.data).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});

describe('a transfer and another action at once', () => {
  it.each([
    ['accept and payment', (id: number) => k.post('/v1/payment/system', { order_id: id }, admin)],
    ['accept and decline', (id: number, friend: Player) => k.post('/v1/order/transfer/decline', { id }, friend.token)],
    [
      'accept and take back',
      (id: number, _: Player, p: Player) => k.post('/v1/order/transfer/cancel', { id }, p.token),
    ],
  ])('%s: exactly one wins', async (_, other) => {
    const { p, orderId } = await gameOrder();
    const friend = await newPlayer(k);
    await ask(orderId, p, friend);
    const answers = await Promise.all([
      k.post('/v1/order/transfer/accept', { id: orderId }, friend.token),
      other(orderId, friend, p),
    ]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200 || (a.status >= 400 && a.status < 500))).toBe(true);
    const copies = await k.kiosk.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, friend.user.id), eq(orders.status, 'waiting')));
    const accepted = answers[0]!.status === 200;
    expect(copies).toHaveLength(accepted ? 1 : 0);
    expect((await detail(orderId, p.token)).status).toBe(
      accepted ? 'transferred' : _ === 'accept and payment' ? 'paid' : 'waiting',
    );
  });
});

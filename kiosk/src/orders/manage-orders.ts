import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import type { TPaymentMethod } from '@club/shared/orders';
import { and, asc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { registrar } from '../cash/operator-sessions.ts';
import type { Db, Executor } from '../db/client.ts';
import {
  cartItems,
  orderEvents,
  type orderItems,
  orders,
  products,
  roles,
  subscriptionProducts,
  users,
} from '../db/schema.ts';
import { refusePayLaterUnstaffed } from '../devices/unstaffed.ts';
import type { AuthInfo } from '../http/context.ts';
import { type Emit, knownOrder, withEvents } from '../outbox/with-events.ts';
import { requirePaymentMethod } from '../settings/payment-methods.ts';
import { changeOrder, lockOrder, type OrderRow } from './change-order.ts';
import { insertShopOrder } from './insert-shop-order.ts';
import { toOrder } from './to-order.ts';

/** An order its owner or an admin may act on; anyone else learns nothing (404). */
export async function ownedOrder(tx: Executor, by: AuthInfo, id: number): Promise<OrderRow> {
  const order = await lockOrder(tx, id);
  if (!by.isAdmin && order.userId !== by.userId) throw new AppError('error.order_not_found');
  return order;
}

export async function readOrder(db: Executor, by: AuthInfo, id: number): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order || (!by.isAdmin && order.userId !== by.userId)) throw new AppError('error.order_not_found');
  return order;
}

/** The owner drops a shop order they have not paid; its stock is released. */
export function cancelOrder(db: Db, by: AuthInfo, id: number) {
  return withEvents(db, async (tx, emit) => {
    const order = await ownedOrder(tx, by, id);
    return changeOrder(tx, emit, order, { type: 'CANCEL', kind: order.kind }, { actorUserId: by.userId });
  });
}

/**
 * Settles without an online payment: `physical` marks the order for the card terminal
 * (it stays waiting until staff approve), `system` is an admin paying as admin, and
 * `pay_later` moves it to the owner's tab where their role allows it.
 */
export function payOrder(db: Db, by: AuthInfo, input: { id: number; method: 'physical' | 'system' | 'pay_later' }) {
  return withEvents(db, async (tx, emit) => {
    if (input.method === 'physical') return payPhysical(tx, emit, by, input.id);
    const order = await ownedOrder(tx, by, input.id);
    if (input.method === 'system') {
      if (!by.isAdmin) throw new AppError('error.forbidden');
      return changeOrder(tx, emit, order, { type: 'PAY' }, { ...(await registrar(tx, by)), method: 'system' });
    }
    if (input.method === 'pay_later') {
      await refusePayLaterUnstaffed(tx);
      const [role] = await tx
        .select({ canPayLater: roles.canPayLater })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.id, order.userId ?? -1));
      return changeOrder(
        tx,
        emit,
        order,
        { type: 'PAY_LATER', allowed: role?.canPayLater ?? false },
        { actorUserId: by.userId, refusal: 'error.payment_method_not_found' },
      );
    }
    return choosePhysical(tx, emit, order, by.userId);
  });
}

/**
 * `choosePhysical` on an order of the caller's (or any, for an admin) in one statement, which
 * takes the row's lock itself; when it changes nothing, the order is read to say why.
 */
async function payPhysical(tx: Executor, emit: Emit, by: AuthInfo, id: number): Promise<OrderRow> {
  await requirePaymentMethod(tx, 'physical');
  const [updated] = await tx
    .update(orders)
    .set({ method: 'physical', updatedAt: clock.now() })
    .where(
      and(
        eq(orders.id, id),
        inArray(orders.status, ['waiting', 'pay_later']),
        by.isAdmin ? undefined : eq(orders.userId, by.userId),
      ),
    )
    .returning();
  if (!updated) return choosePhysical(tx, emit, await ownedOrder(tx, by, id), by.userId);
  await logPhysical(tx, emit, updated, by.userId);
  // the answer and the phones' event both show the order: read once, here
  knownOrder(tx, await toOrder(tx, updated));
  return updated;
}

/** The player will pay with a card at the kiosk: staff see it in their queue. */
export async function choosePhysical(
  tx: Executor,
  emit: Emit,
  order: OrderRow,
  actorUserId: number,
): Promise<OrderRow> {
  await requirePaymentMethod(tx, 'physical');
  if (order.status !== 'waiting' && order.status !== 'pay_later') throw new AppError('error.order_completed');
  const [updated] = await tx
    .update(orders)
    .set({ method: 'physical', updatedAt: clock.now() })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (!updated) throw new AppError('error.order_completed');
  await logPhysical(tx, emit, updated, actorUserId);
  return updated;
}

/** The timeline's entry of a card payment chosen (the status stays), and the owner's phone told. */
async function logPhysical(tx: Executor, emit: Emit, order: OrderRow, actorUserId: number): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId: order.id,
    actorUserId,
    fromStatus: order.status,
    toStatus: order.status,
    method: 'physical',
    at: clock.now(),
  });
  await emit({
    type: 'order.updated',
    payload: { order_id: order.id, user_id: order.userId, status: order.status },
  });
}

/** Staff confirm a card payment made at the terminal. */
export function approveOrder(db: Db, by: AuthInfo, id: number) {
  return withEvents(db, async (tx, emit) => {
    const order = await lockOrder(tx, id);
    return changeOrder(tx, emit, order, { type: 'APPROVE' }, { ...(await registrar(tx, by)), method: 'physical' });
  });
}

export function deleteOrder(db: Db, by: AuthInfo, id: number) {
  return withEvents(db, async (tx, emit) => {
    const order = await lockOrder(tx, id);
    return changeOrder(tx, emit, order, { type: 'DELETE' }, { actorUserId: by.userId });
  });
}

/** Online payments confirm through here (Vipps capture, or an admin's `system`). */
export function markPaid(
  tx: Executor,
  emit: Emit,
  order: OrderRow,
  method: TPaymentMethod,
  actorUserId: number | null,
) {
  return changeOrder(tx, emit, order, { type: 'PAY' }, { actorUserId, method });
}

/**
 * Turns the user's cart into a waiting shop order. Stock is taken now, by a conditional
 * update per product, so two buyers can never both get the last item.
 */
export function initOrder(db: Db, userId: number) {
  return withEvents(db, async (tx, emit) => {
    const cart = await tx
      .select({ item: cartItems, product: products, subscription: subscriptionProducts })
      .from(cartItems)
      .leftJoin(products, eq(products.id, cartItems.productId))
      .leftJoin(subscriptionProducts, eq(subscriptionProducts.id, cartItems.subscriptionId))
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.id));
    if (!cart.length) throw new AppError('error.items_not_found');
    const lines: (Omit<typeof orderItems.$inferInsert, 'orderId'> & { vatRate: number })[] = [];
    for (const { item, product, subscription } of cart) {
      if (product) {
        const [taken] = await tx
          .update(products)
          .set({ count: sql`${products.count} - ${item.count}` })
          .where(and(eq(products.id, product.id), eq(products.active, true), gte(products.count, item.count)))
          .returning({ id: products.id });
        if (!taken) throw new AppError('error.unable_to_create_order');
        lines.push({
          kind: 'product',
          description: product.name,
          quantity: item.count,
          unitPrice: product.price,
          total: product.price * item.count,
          productId: product.id,
          vatRate: product.vatRate,
        });
      } else if (subscription?.active) {
        lines.push({
          kind: 'subscription',
          description: subscription.name,
          quantity: item.count,
          unitPrice: subscription.price,
          total: subscription.price * item.count,
          subscriptionId: subscription.id,
          vatRate: subscription.vatRate,
        });
      } else {
        throw new AppError('error.unable_to_create_order');
      }
    }
    const [buyer] = await tx.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId));
    await tx.delete(cartItems).where(eq(cartItems.userId, userId));
    const orderId = await insertShopOrder(tx, emit, {
      userId,
      actorUserId: userId,
      roleId: buyer?.roleId ?? null,
      lines,
    });
    return (await tx.select().from(orders).where(eq(orders.id, orderId)))[0]!;
  });
}

/** Players find the person to hand an order to by name or phone: names only, ten at most. */
export async function searchUsers(db: Executor, q: string) {
  const digits = q.replace(/\D/g, '');
  const like = `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const rows = await db
    .select({ id: users.id, name: users.name, surname: users.surname })
    .from(users)
    .where(
      and(
        isNotNull(users.emailVerifiedAt),
        digits.length >= 8
          ? sql`right(${users.phone}, 8) = right(${digits}, 8)`
          : sql`${users.name} || ' ' || ${users.surname} ilike ${like}`,
      ),
    )
    .orderBy(asc(users.name), asc(users.surname))
    .limit(10);
  return rows;
}

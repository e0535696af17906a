import { isFinalOrderStatus, nextOrderStatus } from '@club/machines/order';
import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { translate } from '@club/shared/i18n/resources';
import { formatMoney } from '@club/shared/money';
import { OPEN_ORDER_STATUSES, orderReference } from '@club/shared/orders';
import { and, asc, eq, gte, inArray, isNotNull, like } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.ts';
import { notifications, orderEvents, orderItems, orders, users } from '../db/schema.ts';
import type { AuthInfo } from '../http/context.ts';
import { tellUser } from '../notifications/tell-user.ts';
import { feedChanged } from '../outbox/feed-changed.ts';
import { type Emit, withEvents } from '../outbox/with-events.ts';
import { changeOrder, lockOrder, type OrderRow } from './change-order.ts';
import { ownedOrder } from './owned-order.ts';

type UserRow = typeof users.$inferSelect;
const fullName = (u: Pick<UserRow, 'name' | 'surname'>) => `${u.name} ${u.surname}`;

async function findPerson(tx: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  return row;
}

/** The owner hears of their order's change; the receiver, that the requests to them changed. */
async function announce(emit: Emit, order: OrderRow, receiverId: number | null): Promise<void> {
  if (order.userId !== null)
    await emit({ type: 'order.updated', payload: { order_id: order.id, user_id: order.userId, status: order.status } });
  if (receiverId !== null && receiverId !== order.userId) await emit(feedChanged('transfers', [receiverId]));
}

/**
 * How long a receiver is not told again that the same order is asked of them: asking, taking
 * it back and asking again would otherwise ring their phone as often as the sender likes.
 */
export const TRANSFER_RETOLD_AFTER_MS = 10 * 60_000;

// stands for the name and amount in the text a notice is matched by: no catalogue text has it
const HOLE = '\uE000';

/**
 * Whether the receiver was told of this order's request within the quiet time. A notice keeps
 * only its text, so it is matched as the request's text for this order in their language,
 * whatever name and amount it gave: a sender renaming themself between asks is the same ask.
 */
async function toldOfLately(tx: Executor, receiver: UserRow, orderId: number): Promise<boolean> {
  const text = translate(receiver.locale === 'en' ? 'en' : 'nb', 'notice.transfer_requested', {
    name: HOLE,
    amount: HOLE,
    reference: orderReference(orderId),
  });
  const pattern = text.replace(/[\\%_]/g, '\\$&').replaceAll(HOLE, '%');
  const [told] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, receiver.id),
        gte(notifications.createdAt, new Date(clock.now().getTime() - TRANSFER_RETOLD_AFTER_MS)),
        like(notifications.message, pattern),
      ),
    )
    .limit(1);
  return told !== undefined;
}

/**
 * The owner asks another person to take an unpaid order over. Nothing moves yet: the order
 * stays the owner's (and they may still pay it) until the receiver accepts. One person at a
 * time (`error.transfer_pending`). The receiver is told once per `TRANSFER_RETOLD_AFTER_MS`
 * for the same order; a request asked again sooner is in their list all the same.
 */
export function requestTransfer(db: Db, by: AuthInfo, input: { id: number; userId: number }) {
  return withEvents(db, async (tx, emit) => {
    const order = await ownedOrder(tx, by, input.id);
    if (isFinalOrderStatus(order.status)) throw new AppError('error.order_completed');
    if (!nextOrderStatus(order.status, { type: 'TRANSFER' }) || order.userId === input.userId)
      throw new AppError('error.unable_to_update_order');
    if (order.transferToUserId !== null) throw new AppError('error.transfer_pending');
    const receiver = await findPerson(tx, input.userId);
    // only people others can find (a proven address) can be asked
    if (!receiver?.emailVerifiedAt) throw new AppError('error.user_not_found');
    const [asked] = await tx
      .update(orders)
      .set({ transferToUserId: receiver.id, transferRequestedAt: clock.now(), updatedAt: clock.now() })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning();
    if (!asked) throw new AppError('error.order_completed');
    const sender = await findPerson(tx, order.userId ?? by.userId);
    if (!(await toldOfLately(tx, receiver, order.id)))
      await tellUser(tx, emit, receiver, {
        key: 'notice.transfer_requested',
        values: {
          name: sender ? fullName(sender) : '',
          amount: formatMoney(order.total, receiver.locale === 'en' ? 'en' : 'nb'),
          reference: orderReference(order.id),
        },
        link: 'notice.transfer_requested_link',
        url: '/',
      });
    await announce(emit, asked, receiver.id);
    return asked;
  });
}

/** The order with a transfer waiting for this person; anyone else learns nothing. */
async function askedOf(tx: Executor, by: AuthInfo, id: number): Promise<OrderRow> {
  const order = await lockOrder(tx, id).catch(() => {
    throw new AppError('error.transfer_not_found');
  });
  if (order.transferToUserId !== by.userId) throw new AppError('error.transfer_not_found');
  if (isFinalOrderStatus(order.status)) throw new AppError('error.order_completed');
  return order;
}

/**
 * The receiver says yes: the order becomes `transferred` and they get a new waiting order
 * with the same lines. The row lock and the conditional status change let only one of an
 * accept and a payment, decline or take-back win.
 */
export function acceptTransfer(db: Db, by: AuthInfo, id: number) {
  return withEvents(db, async (tx, emit) => {
    const order = await askedOf(tx, by, id);
    await changeOrder(tx, emit, order, { type: 'TRANSFER' }, { actorUserId: by.userId });
    const now = clock.now();
    const [copy] = await tx
      .insert(orders)
      .values({
        userId: by.userId,
        kind: order.kind,
        status: 'waiting',
        subtotal: order.subtotal,
        discountAmount: order.discountAmount,
        total: order.total,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!copy) throw new AppError('error.unable_to_create_order');
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    if (items.length)
      await tx.insert(orderItems).values(items.map(({ id: _id, ...i }) => ({ ...i, orderId: copy.id })));
    await tx.update(orders).set({ transferredToOrderId: copy.id }).where(eq(orders.id, order.id));
    await tx
      .insert(orderEvents)
      .values({ orderId: copy.id, actorUserId: by.userId, fromStatus: null, toStatus: 'waiting', at: now });
    await emit(
      { type: 'order.created', payload: { order_id: copy.id, user_id: by.userId } },
      feedChanged('transfers', [by.userId]),
    );
    await answerSender(tx, emit, order, by.userId, 'notice.transfer_accepted');
    return copy;
  });
}

/** The receiver says no: nothing moves, the owner is told and may ask someone else. */
export function declineTransfer(db: Db, by: AuthInfo, id: number) {
  return withEvents(db, async (tx, emit) => {
    const order = await askedOf(tx, by, id);
    const cleared = await clearRequest(tx, order);
    await answerSender(tx, emit, cleared, by.userId, 'notice.transfer_declined');
    await announce(emit, cleared, by.userId);
  });
}

/** The owner takes the request back before it is answered. */
export function cancelTransfer(db: Db, by: AuthInfo, id: number) {
  return withEvents(db, async (tx, emit) => {
    const order = await ownedOrder(tx, by, id);
    if (isFinalOrderStatus(order.status)) throw new AppError('error.order_completed');
    if (order.transferToUserId === null) throw new AppError('error.transfer_not_found');
    const cleared = await clearRequest(tx, order);
    await announce(emit, cleared, order.transferToUserId);
    return cleared;
  });
}

async function clearRequest(tx: Executor, order: OrderRow): Promise<OrderRow> {
  const [cleared] = await tx
    .update(orders)
    .set({ transferToUserId: null, transferRequestedAt: null, updatedAt: clock.now() })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (!cleared) throw new AppError('error.order_completed');
  return cleared;
}

async function answerSender(tx: Executor, emit: Emit, order: OrderRow, receiverId: number, key: string): Promise<void> {
  if (order.userId === null) return;
  const [sender, receiver] = [await findPerson(tx, order.userId), await findPerson(tx, receiverId)];
  if (!sender) return;
  await tellUser(tx, emit, sender, {
    key,
    values: { name: receiver ? fullName(receiver) : '', reference: orderReference(order.id) },
    link: 'notice.transfer_answer_link',
    url: `/payment/overview/${order.id}`,
  });
}

/** Orders others have asked this person to take over, oldest request first. */
export function incomingTransfers(db: Executor, userId: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.transferToUserId, userId),
        isNotNull(orders.userId),
        inArray(orders.status, [...OPEN_ORDER_STATUSES]),
      ),
    )
    .orderBy(asc(orders.transferRequestedAt), asc(orders.id));
}

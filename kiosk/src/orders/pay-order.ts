import { clock } from '@club/shared/clock';
import { AppError } from '@club/shared/errors';
import { OPEN_ORDER_STATUSES } from '@club/shared/orders';
import { and, eq, inArray } from 'drizzle-orm';
import { registrar } from '../cash/operator-sessions.ts';
import type { Db, Executor } from '../db/client.ts';
import { orders, roles, users } from '../db/schema.ts';
import { refusePayLaterUnstaffed } from '../devices/unstaffed.ts';
import type { AuthInfo } from '../http/context.ts';
import { type Emit, knownOrder, withEvents } from '../outbox/with-events.ts';
import { requirePaymentMethod } from '../settings/payment-methods.ts';
import { changeOrder, type OrderRow } from './change-order.ts';
import { choosePhysical, logPhysical } from './choose-physical.ts';
import { ownedOrder } from './owned-order.ts';
import { toOrder } from './to-order.ts';

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
        inArray(orders.status, OPEN_ORDER_STATUSES),
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

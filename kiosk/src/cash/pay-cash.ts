import { cashRounding, type TCashPayment } from '@club/shared/cash';
import { AppError } from '@club/shared/errors';
import type { Db } from '../db/client.ts';
import type { AuthInfo } from '../http/context.ts';
import { changeOrder, lockOrder } from '../orders/change-order.ts';
import { withEvents } from '../outbox/with-events.ts';
import { cashRegistrar } from './operator-sessions.ts';

/**
 * Staff take cash for an order at the counter: it becomes paid with method `cash` (and so a
 * journaled, signed sale); the answer is what was due in whole kroner and the change to give.
 * Less than what is due is refused,
 * and of two concurrent payments only one succeeds. The sale names the counter's signed-in
 * operator and is journaled at their cash point; one who went idle refuses it (`cashRegistrar`).
 */
export async function payCash(
  db: Db,
  by: AuthInfo,
  input: { order_id: number; received: number },
): Promise<TCashPayment> {
  const registrar = await cashRegistrar(db, by);
  return withEvents(db, async (tx, emit) => {
    const order = await lockOrder(tx, input.order_id);
    const rounding = cashRounding(order.total);
    const due = order.total + rounding;
    if (input.received < due) throw new AppError('error.validation_failed', { fields: { received: 'validation.min' } });
    await changeOrder(tx, emit, order, { type: 'PAY' }, { ...registrar, method: 'cash' });
    return {
      order_id: order.id,
      total: order.total,
      rounding,
      due,
      received: input.received,
      change: input.received - due,
    };
  });
}

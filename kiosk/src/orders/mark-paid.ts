import type { TPaymentMethod } from '@club/shared/orders';
import type { Executor } from '../db/client.ts';
import type { Emit } from '../outbox/with-events.ts';
import { changeOrder, type OrderRow } from './change-order.ts';

/** Online payments confirm through here (Vipps capture, a card checkout, an admin's `system`). */
export function markPaid(
  tx: Executor,
  emit: Emit,
  order: OrderRow,
  method: TPaymentMethod,
  actorUserId: number | null,
) {
  return changeOrder(tx, emit, order, { type: 'PAY' }, { actorUserId, method });
}

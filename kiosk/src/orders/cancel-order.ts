import type { Db } from '../db/client.ts';
import type { AuthInfo } from '../http/context.ts';
import { withEvents } from '../outbox/with-events.ts';
import { changeOrder } from './change-order.ts';
import { ownedOrder } from './owned-order.ts';

/** The owner drops a shop order they have not paid; its stock is released. */
export function cancelOrder(db: Db, by: AuthInfo, id: number) {
  return withEvents(db, async (tx, emit) => {
    const order = await ownedOrder(tx, by, id);
    return changeOrder(tx, emit, order, { type: 'CANCEL', kind: order.kind }, { actorUserId: by.userId });
  });
}

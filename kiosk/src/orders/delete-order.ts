import type { Db } from '../db/client.ts';
import type { AuthInfo } from '../http/context.ts';
import { withEvents } from '../outbox/with-events.ts';
import { changeOrder, lockOrder } from './change-order.ts';

/** An admin deletes an unfinished order; shop stock is released. */
export function deleteOrder(db: Db, by: AuthInfo, id: number) {
  return withEvents(db, async (tx, emit) => {
    const order = await lockOrder(tx, id);
    return changeOrder(tx, emit, order, { type: 'DELETE' }, { actorUserId: by.userId });
  });
}

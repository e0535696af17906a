import { registrar } from '../cash/operator-sessions.ts';
import type { Db } from '../db/client.ts';
import type { AuthInfo } from '../http/context.ts';
import { withEvents } from '../outbox/with-events.ts';
import { changeOrder, lockOrder } from './change-order.ts';

/** Staff confirm a card payment made at the terminal. */
export function approveOrder(db: Db, by: AuthInfo, id: number) {
  return withEvents(db, async (tx, emit) => {
    const order = await lockOrder(tx, id);
    return changeOrder(tx, emit, order, { type: 'APPROVE' }, { ...(await registrar(tx, by)), method: 'physical' });
  });
}

import type { TOrderStatus } from '@club/shared/orders';
import { getNextSnapshot, setup } from 'xstate';
import { remembered } from './remembered.ts';
import { type StatesAre, statesAre } from './states-are.ts';

/**
 * An order's life (DESIGN §7). Created `waiting`; paid online or by an admin (`paid`),
 * confirmed by staff after the card terminal (`approved`), given back in full (`refunded`), left for later where the role
 * allows it (`pay_later`), handed to someone else (`transferred`), dropped by its owner
 * while it is a shop order (`canceled`), or removed by an admin (`deleted`). Every state
 * but waiting and pay_later is settled; a paid or approved order can still be refunded in
 * full, and nothing happens to any other settled order again.
 */
export type OrderStatus = TOrderStatus;

export type OrderEvent =
  | { type: 'PAY' }
  | { type: 'APPROVE' }
  | { type: 'PAY_LATER'; allowed: boolean }
  | { type: 'TRANSFER' }
  | { type: 'CANCEL'; kind: 'game' | 'shop' }
  | { type: 'DELETE' }
  | { type: 'REFUND' };

export const orderMachine = setup({
  types: { events: {} as OrderEvent },
  guards: {
    roleMayPayLater: ({ event }) => event.type === 'PAY_LATER' && event.allowed,
    isShopOrder: ({ event }) => event.type === 'CANCEL' && event.kind === 'shop',
  },
}).createMachine({
  id: 'order',
  initial: 'waiting',
  states: {
    waiting: {
      on: {
        PAY: 'paid',
        APPROVE: 'approved',
        PAY_LATER: { guard: 'roleMayPayLater', target: 'pay_later' },
        TRANSFER: 'transferred',
        CANCEL: { guard: 'isShopOrder', target: 'canceled' },
        DELETE: 'deleted',
      },
    },
    pay_later: {
      on: {
        PAY: 'paid',
        APPROVE: 'approved',
        TRANSFER: 'transferred',
        DELETE: 'deleted',
      },
    },
    // settled; the one thing still possible is giving all the money back
    paid: { on: { REFUND: 'refunded' } },
    approved: { on: { REFUND: 'refunded' } },
    refunded: { type: 'final' },
    transferred: { type: 'final' },
    canceled: { type: 'final' },
    deleted: { type: 'final' },
  },
});

/** Settled: nothing about what is owed changes again (a paid order may still be refunded). */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = [
  'paid',
  'approved',
  'transferred',
  'canceled',
  'deleted',
  'refunded',
];

export function isFinalOrderStatus(status: OrderStatus): boolean {
  return FINAL_ORDER_STATUSES.includes(status);
}

/** The status an event leads to, or null when the machine refuses it. */
export const nextOrderStatus = remembered((current: OrderStatus, event: OrderEvent): OrderStatus | null => {
  const snapshot = orderMachine.resolveState({ value: current, context: undefined });
  if (!snapshot.can(event)) return null;
  return getNextSnapshot(orderMachine, snapshot, event).value as OrderStatus;
});

statesAre<StatesAre<typeof orderMachine, TOrderStatus>>(true);

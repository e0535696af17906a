import type { TUserSubscriptionStatus } from '@club/shared/shop';
import { getNextSnapshot, setup } from 'xstate';
import { remembered } from './remembered.ts';
import { type StatesAre, statesAre } from './states-are.ts';

/**
 * A user's prepaid hours (DESIGN §7): active ⇄ paused → expired (no minutes left) | deleted |
 * refunded (the money that bought what was left was given back). All three are final.
 */
export type SubscriptionStatus = TUserSubscriptionStatus;
export type SubscriptionEvent =
  | { type: 'PAUSE' }
  | { type: 'UNPAUSE' }
  | { type: 'USE_UP' }
  | { type: 'DELETE' }
  | { type: 'REFUND' };

export const subscriptionMachine = setup({ types: { events: {} as SubscriptionEvent } }).createMachine({
  id: 'subscription',
  initial: 'active',
  states: {
    active: { on: { PAUSE: 'paused', USE_UP: 'expired', DELETE: 'deleted', REFUND: 'refunded' } },
    paused: { on: { UNPAUSE: 'active', USE_UP: 'expired', DELETE: 'deleted', REFUND: 'refunded' } },
    expired: { type: 'final' },
    deleted: { type: 'final' },
    refunded: { type: 'final' },
  },
});

export const nextSubscriptionStatus = remembered(
  (current: SubscriptionStatus, event: SubscriptionEvent): SubscriptionStatus | null => {
    const snapshot = subscriptionMachine.resolveState({ value: current, context: undefined });
    if (!snapshot.can(event)) return null;
    return getNextSnapshot(subscriptionMachine, snapshot, event).value as SubscriptionStatus;
  },
);

statesAre<StatesAre<typeof subscriptionMachine, TUserSubscriptionStatus>>(true);

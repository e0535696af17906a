import { getNextSnapshot, setup } from 'xstate';
import { remembered } from './remembered.ts';

/**
 * A user's prepaid hours (DESIGN §7): active ⇄ paused → expired (no minutes left) | deleted.
 * Expired and deleted are final.
 */
export type SubscriptionStatus = 'active' | 'paused' | 'expired' | 'deleted';
export type SubscriptionEvent = { type: 'PAUSE' } | { type: 'UNPAUSE' } | { type: 'USE_UP' } | { type: 'DELETE' };

export const subscriptionMachine = setup({ types: { events: {} as SubscriptionEvent } }).createMachine({
  id: 'subscription',
  initial: 'active',
  states: {
    active: { on: { PAUSE: 'paused', USE_UP: 'expired', DELETE: 'deleted' } },
    paused: { on: { UNPAUSE: 'active', USE_UP: 'expired', DELETE: 'deleted' } },
    expired: { type: 'final' },
    deleted: { type: 'final' },
  },
});

export const nextSubscriptionStatus = remembered(
  (current: SubscriptionStatus, event: SubscriptionEvent): SubscriptionStatus | null => {
    const snapshot = subscriptionMachine.resolveState({ value: current, context: undefined });
    if (!snapshot.can(event)) return null;
    return getNextSnapshot(subscriptionMachine, snapshot, event).value as SubscriptionStatus;
  },
);

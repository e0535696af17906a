import { describe, expect, it } from 'vitest';
import { nextSubscriptionStatus, type SubscriptionEvent, type SubscriptionStatus } from './subscription.ts';

const all: SubscriptionEvent['type'][] = ['PAUSE', 'UNPAUSE', 'USE_UP', 'DELETE', 'REFUND'];

describe('subscription machine', () => {
  it.each<[SubscriptionStatus, SubscriptionEvent['type'], SubscriptionStatus]>([
    ['active', 'PAUSE', 'paused'],
    ['paused', 'UNPAUSE', 'active'],
    ['active', 'USE_UP', 'expired'],
    ['paused', 'USE_UP', 'expired'],
    ['active', 'DELETE', 'deleted'],
    ['paused', 'DELETE', 'deleted'],
    ['active', 'REFUND', 'refunded'],
    ['paused', 'REFUND', 'refunded'],
  ])('%s + %s → %s', (from, type, to) => {
    expect(nextSubscriptionStatus(from, { type })).toBe(to);
  });

  it.each<[SubscriptionStatus, SubscriptionEvent['type']]>([
    ['paused', 'PAUSE'],
    ['active', 'UNPAUSE'],
  ])('refuses %s + %s', (from, type) => {
    expect(nextSubscriptionStatus(from, { type })).toBeNull();
  });

  it.each<SubscriptionStatus>(['expired', 'deleted', 'refunded'])('a %s subscription refuses everything', (status) => {
    for (const type of all) expect(nextSubscriptionStatus(status, { type })).toBeNull();
  });
});

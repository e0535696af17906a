import { OPEN_ORDER_STATUSES, ORDER_STATUSES } from '@club/shared/orders';
import { describe, expect, it } from 'vitest';
import { isFinalOrderStatus, nextOrderStatus, type OrderEvent, type OrderStatus } from './order.ts';

const PAY: OrderEvent = { type: 'PAY' };
const APPROVE: OrderEvent = { type: 'APPROVE' };
const LATER: OrderEvent = { type: 'PAY_LATER', allowed: true };
const LATER_NO: OrderEvent = { type: 'PAY_LATER', allowed: false };
const TRANSFER: OrderEvent = { type: 'TRANSFER' };
const CANCEL_SHOP: OrderEvent = { type: 'CANCEL', kind: 'shop' };
const CANCEL_GAME: OrderEvent = { type: 'CANCEL', kind: 'game' };
const DELETE: OrderEvent = { type: 'DELETE' };
const REFUND: OrderEvent = { type: 'REFUND' };
const ALL = [PAY, APPROVE, LATER, LATER_NO, TRANSFER, CANCEL_SHOP, CANCEL_GAME, DELETE, REFUND];

describe('order machine: allowed', () => {
  it.each<[OrderStatus, OrderEvent, OrderStatus]>([
    ['waiting', PAY, 'paid'],
    ['waiting', APPROVE, 'approved'],
    ['waiting', LATER, 'pay_later'],
    ['waiting', TRANSFER, 'transferred'],
    ['waiting', CANCEL_SHOP, 'canceled'],
    ['waiting', DELETE, 'deleted'],
    ['pay_later', PAY, 'paid'],
    ['pay_later', APPROVE, 'approved'],
    ['pay_later', TRANSFER, 'transferred'],
    ['pay_later', DELETE, 'deleted'],
    ['paid', REFUND, 'refunded'],
    ['approved', REFUND, 'refunded'],
  ])('%s + %o → %s', (from, event, to) => {
    expect(nextOrderStatus(from, event)).toBe(to);
  });
});

describe('order machine: refused', () => {
  it.each<[OrderStatus, OrderEvent]>([
    ['waiting', LATER_NO],
    ['waiting', CANCEL_GAME],
    ['pay_later', LATER],
    ['pay_later', CANCEL_SHOP],
    ['pay_later', CANCEL_GAME],
    ['waiting', REFUND],
    ['pay_later', REFUND],
  ])('%s + %o', (from, event) => {
    expect(nextOrderStatus(from, event)).toBeNull();
  });

  it.each<OrderStatus>(['transferred', 'canceled', 'deleted', 'refunded'])(
    'a %s order refuses everything',
    (status) => {
      expect(isFinalOrderStatus(status)).toBe(true);
      for (const event of ALL) expect(nextOrderStatus(status, event)).toBeNull();
    },
  );

  it.each<OrderStatus>(['paid', 'approved'])('a %s order is settled and refuses everything but a refund', (status) => {
    expect(isFinalOrderStatus(status)).toBe(true);
    for (const event of ALL.filter((e) => e !== REFUND)) expect(nextOrderStatus(status, event)).toBeNull();
  });

  it('knows the open states are not final', () => {
    expect(isFinalOrderStatus('waiting')).toBe(false);
    expect(isFinalOrderStatus('pay_later')).toBe(false);
  });
});

describe('order statuses', () => {
  it('are open exactly while the machine lets them be paid', () => {
    const payable = ORDER_STATUSES.filter((s) => nextOrderStatus(s, PAY) !== null);
    expect(OPEN_ORDER_STATUSES).toEqual(payable);
    expect(OPEN_ORDER_STATUSES.filter(isFinalOrderStatus)).toEqual([]);
  });
});

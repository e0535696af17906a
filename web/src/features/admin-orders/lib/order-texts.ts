import type { PAYMENT_STATES, TOrder, TRefund } from '@club/shared/orders';
import type { TextKey } from '../../../lib/text-keys.ts';

/** What an order is for, in words. */
export const ORDER_KIND_TEXT = {
  game: 'pay.kind.game',
  shop: 'pay.kind.shop',
} as const satisfies Record<TOrder['kind'], TextKey>;

/** A Vipps payment's state as the order's history shows it. */
export const VIPPS_STATE_TEXT = {
  CREATED: 'pay.vipps_state.CREATED',
  AUTHORIZED: 'pay.vipps_state.AUTHORIZED',
  CAPTURED: 'pay.vipps_state.CAPTURED',
  ABORTED: 'pay.vipps_state.ABORTED',
  EXPIRED: 'pay.vipps_state.EXPIRED',
  TERMINATED: 'pay.vipps_state.TERMINATED',
  PENDING: 'pay.vipps_state.PENDING',
  FAILED: 'pay.vipps_state.FAILED',
  REFUNDING: 'pay.vipps_state.REFUNDING',
  REFUNDED: 'pay.vipps_state.REFUNDED',
} as const satisfies Record<(typeof PAYMENT_STATES)[number], TextKey>;

/** A refund's state, in words. */
export const REFUND_STATE_TEXT = {
  PENDING: 'pay.refund.state.PENDING',
  SUCCEEDED: 'pay.refund.state.SUCCEEDED',
  FAILED: 'pay.refund.state.FAILED',
} as const satisfies Record<TRefund['state'], TextKey>;

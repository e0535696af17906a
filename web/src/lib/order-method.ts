import type { TOrder, TPaymentMethod } from '@club/shared/orders';
import type { TFunction } from 'i18next';
import type { TextKey } from './text-keys.ts';

/**
 * The text of a payment method's name, for every method in @club/shared's list: a new method
 * without its name fails typecheck here instead of showing `pay.method.<method>` on a screen.
 */
export const PAYMENT_METHOD_TEXT = {
  physical: 'pay.method.physical',
  vipps: 'pay.method.vipps',
  system: 'pay.method.system',
  card: 'pay.method.card',
  cash: 'pay.method.cash',
} as const satisfies Record<TPaymentMethod, TextKey>;

/** A payment method's name in the language in use. */
export function paymentMethodName(t: TFunction, method: TPaymentMethod): string {
  return t(PAYMENT_METHOD_TEXT[method]);
}

/** Minutes of the order's game time that prepaid hours paid. */
export function prepaidMinutes(order: Pick<TOrder, 'items'>): number {
  return order.items.reduce((sum, item) => sum + (item.subscription_minutes ?? 0), 0);
}

/**
 * Prepaid hours paid the whole bill: the kiosk settles such an order itself (method
 * `system`), and it must read as covered by the subscription, not as paid by staff.
 */
export function coveredBySubscription(order: Pick<TOrder, 'items' | 'total' | 'method'>): boolean {
  return order.total === 0 && order.method === 'system' && prepaidMinutes(order) > 0;
}

/** How the order was paid, in words: the method, or the subscription with the minutes used. */
export function paymentMethodText(t: TFunction, order: Pick<TOrder, 'items' | 'total' | 'method'>): string {
  if (coveredBySubscription(order)) return t('pay.covered.method', { count: prepaidMinutes(order) });
  return order.method ? paymentMethodName(t, order.method) : '';
}

/**
 * Whether the order has a receipt: it was paid (or approved, or paid back since). A cancelled,
 * deleted or handed-over order was never charged, and must not read as a receipt with a total.
 */
export function hasReceipt(order: Pick<TOrder, 'status'>): boolean {
  return order.status === 'paid' || order.status === 'approved' || order.status === 'refunded';
}

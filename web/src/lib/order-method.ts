import type { payEn } from '@club/shared/i18n/web-pay.en';
import type { TOrder, TPaymentMethod } from '@club/shared/orders';
import type { TFunction } from 'i18next';

/**
 * The text key of a payment method's name. Typed from the list of methods in @club/shared:
 * the words (`pay.method`) are a record over that list, so a new method without its name
 * fails typecheck here instead of showing `pay.method.<method>` on a screen.
 */
export function paymentMethodKey(method: TPaymentMethod): `pay.method.${keyof typeof payEn.pay.method}` {
  return `pay.method.${method}`;
}

/** A payment method's name in the language in use. */
export function paymentMethodName(t: TFunction, method: TPaymentMethod): string {
  return t(paymentMethodKey(method));
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

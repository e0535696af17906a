import type { TOrder } from '@club/shared/orders';
import type { TFunction } from 'i18next';

/**
 * Whose order it is, in words: the buyer's name (a walk-in guest's too), the counter for what
 * staff sold over it to nobody in particular, and an unknown member only for an account gone.
 */
export function orderOwner(t: TFunction, order: Pick<TOrder, 'user_name' | 'counter'>): string {
  const name = order.user_name?.trim();
  if (name) return name;
  return order.counter ? t('pay.admin.counter_sale') : t('pay.admin.no_user');
}
